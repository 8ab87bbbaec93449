#!/usr/bin/env python3
"""Draws the game's two sprites, assets/tile.bmp (a brick wall) and assets/ball.bmp (a shaded
ball with a transparent background), as 40x40 32-bit BMP files. Standard library only.

Run from the repository root: python3 tools/make_sprites.py
"""
import math
import struct

SIZE = 40


def write_bmp(path, pixels):
    """pixels[y][x] = (r, g, b, a), y = 0 at the top. Writes a BITMAPV4HEADER BI_BITFIELDS
    file with an alpha mask, bottom-up rows."""
    header_size = 108
    data = bytearray()
    for y in range(SIZE - 1, -1, -1):
        for x in range(SIZE):
            r, g, b, a = pixels[y][x]
            data += bytes((b, g, r, a))
    offset = 14 + header_size
    file_header = struct.pack("<2sIHHI", b"BM", offset + len(data), 0, 0, offset)
    info = struct.pack(
        "<IiiHHIIiiII",
        header_size, SIZE, SIZE, 1, 32, 3, len(data), 2835, 2835, 0, 0,
    )
    masks = struct.pack("<IIII", 0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000)
    colour_space = struct.pack("<I", 0x73524742)  # 'sRGB'
    rest = bytes(36 + 12)  # endpoints and gamma, unused with sRGB
    with open(path, "wb") as f:
        f.write(file_header + info + masks + colour_space + rest + bytes(data))


def tile():
    mortar = (92, 84, 78)
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            course = y // 10
            shift = 10 if course % 2 else 0
            in_mortar = y % 10 in (0, 9) or (x + shift) % 20 in (0, 19)
            if in_mortar:
                row.append(mortar + (255,))
                continue
            brick = ((x + shift) // 20 + course * 3) % 4
            base = [(168, 72, 52), (150, 62, 46), (182, 84, 60), (140, 58, 44)][brick]
            # light from the top left: a highlight on the brick's upper edge, shade on the lower
            edge = 18 if y % 10 == 1 else (-22 if y % 10 == 8 else 0)
            grain = ((x * 7 + y * 13) % 5) * 3 - 6
            row.append(tuple(max(0, min(255, c + edge + grain)) for c in base) + (255,))
        rows.append(row)
    return rows


def ball():
    centre = (SIZE - 1) / 2
    radius = SIZE / 2 - 2.5
    light = (-0.45, -0.55, 0.70)
    norm = math.sqrt(sum(c * c for c in light))
    light = tuple(c / norm for c in light)
    rows = []
    for y in range(SIZE):
        row = []
        for x in range(SIZE):
            # 4x4 supersampling for a smooth edge
            covered = 0
            for sy in range(4):
                for sx in range(4):
                    dx = x + (sx + 0.5) / 4 - 0.5 - centre
                    dy = y + (sy + 0.5) / 4 - 0.5 - centre
                    covered += dx * dx + dy * dy <= radius * radius
            if covered == 0:
                row.append((0, 0, 0, 0))
                continue
            dx = (x - centre) / radius
            dy = (y - centre) / radius
            dz = math.sqrt(max(0.0, 1 - dx * dx - dy * dy))
            diffuse = max(0.0, dx * light[0] + dy * light[1] + dz * light[2])
            spec = max(0.0, diffuse) ** 24
            shade = 0.25 + 0.75 * diffuse
            r = 40 * shade + 255 * spec
            g = 120 * shade + 255 * spec
            b = 235 * shade + 255 * spec
            alpha = round(255 * covered / 16)
            row.append(tuple(int(max(0, min(255, c))) for c in (r, g, b)) + (alpha,))
        rows.append(row)
    return rows


if __name__ == "__main__":
    write_bmp("assets/tile.bmp", tile())
    write_bmp("assets/ball.bmp", ball())
    print("wrote assets/tile.bmp and assets/ball.bmp")
