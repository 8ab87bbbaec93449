#!/usr/bin/env python3
"""compare.py A.png B.png MOST: the share of pixels of two same-sized PNG screenshots that
differ by more than 24 in some channel. Prints it (and the size); exits 1 when the sizes differ
or the share is above MOST (a fraction). Reads 8-bit RGB/RGBA PNGs with the standard library."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB or RGBA, not interlaced")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + best) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    a, b, most = sys.argv[1], sys.argv[2], float(sys.argv[3])
    wa, ha, ca, ra = read_png(a)
    wb, hb, cb, rb = read_png(b)
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} against {wb}x{hb}")
        sys.exit(1)
    differ = 0
    for row_a, row_b in zip(ra, rb):
        for x in range(wa):
            pa, pb = row_a[x * ca:x * ca + 3], row_b[x * cb:x * cb + 3]
            if any(abs(p - q) > 24 for p, q in zip(pa, pb)):
                differ += 1
    share = differ / (wa * ha)
    print(f"{wa}x{ha}, {share * 100:.3f}% of pixels differ (bound {most * 100:.1f}%)")
    sys.exit(0 if share <= most else 1)


main()
