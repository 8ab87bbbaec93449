#!/usr/bin/env python3
"""Draws the game's sprites, assets/tile.bmp (a brick wall), assets/ball.bmp (a shaded ball with a
transparent background) and assets/robot.bmp (the Mines robot), as 40x40 32-bit BMP files.
Standard library only.

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


def robot():
    """A small robot head for the Mines mode: a rounded steel head, two cyan eyes, a mouth grille
    and an antenna with a red bulb, on a transparent background."""
    clear = (0, 0, 0, 0)
    rows = [[clear] * SIZE for _ in range(SIZE)]
    left, right, top, bottom, radius = 6, 33, 11, 35, 5

    def inside(x, y):
        cx = min(max(x, left + radius), right - radius)
        cy = min(max(y, top + radius), bottom - radius)
        return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius

    for y in range(SIZE):
        for x in range(SIZE):
            if inside(x, y):
                shade = 1.0 - 0.35 * (y - top) / (bottom - top)
                edge = not (inside(x - 1, y) and inside(x + 1, y) and inside(x, y - 1) and inside(x, y + 1))
                if edge:
                    rows[y][x] = (60, 66, 78, 255)
                else:
                    rows[y][x] = (int(190 * shade), int(198 * shade), int(210 * shade), 255)
    for ex in (13, 26):  # eyes
        for y in range(17, 24):
            for x in range(ex - 3, ex + 4):
                if (x - ex) ** 2 + (y - 20) ** 2 <= 10:
                    rows[y][x] = (40, 220, 235, 255)
    for x in range(12, 28):  # mouth grille
        for y in (28, 30):
            rows[y][x] = (70, 76, 90, 255)
    for y in range(4, 11):  # antenna
        rows[y][19] = rows[y][20] = (80, 86, 100, 255)
    for y in range(1, 6):
        for x in range(17, 23):
            if (x - 19.5) ** 2 + (y - 3) ** 2 <= 6:
                rows[y][x] = (230, 60, 50, 255)
    return rows


if __name__ == "__main__":
    write_bmp("assets/tile.bmp", tile())
    write_bmp("assets/ball.bmp", ball())
    write_bmp("assets/robot.bmp", robot())
    print("wrote assets/tile.bmp, assets/ball.bmp and assets/robot.bmp")
