#!/usr/bin/env python3
"""Makes an animated GIF from PNG screenshots (as `ai-arcade shot --series` writes them).

Standard library only: reads 8-bit RGB / RGBA PNGs, halves them (2x2 averages), maps colours to a
fixed 252-colour palette (6 red x 7 green x 6 blue levels) and writes a looping GIF with LZW
compression.

    tools/make_gif.py OUT.gif DELAY_CENTISECONDS FRAME.png [FRAME.png ...]
"""

import struct
import sys
import zlib

LEVELS = (6, 7, 6)


def read_png(path):
    """Returns (width, height, rows) with rows a list of bytes objects of RGB triples."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB(A) non-interlaced PNGs are read")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prior = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prior[i]
            c = prior[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        prior = line
        if channels == 4:
            line = bytearray(v for i, v in enumerate(line) if i % 4 != 3)
        rows.append(bytes(line))
    return width, height, rows


def palette():
    colours = []
    for r in range(LEVELS[0]):
        for g in range(LEVELS[1]):
            for b in range(LEVELS[2]):
                colours.append((r * 255 // (LEVELS[0] - 1), g * 255 // (LEVELS[1] - 1),
                                b * 255 // (LEVELS[2] - 1)))
    while len(colours) < 256:
        colours.append((0, 0, 0))
    return colours


def quantise(width, height, rows):
    """Halves the picture and returns (w, h, indices)."""
    w, h = width // 2, height // 2
    lut = [[(v * (n - 1) + 127) // 255 for v in range(256)] for n in LEVELS]
    out = bytearray(w * h)
    for y in range(h):
        top, bottom = rows[2 * y], rows[2 * y + 1]
        for x in range(w):
            i = 6 * x
            r = (top[i] + top[i + 3] + bottom[i] + bottom[i + 3]) >> 2
            g = (top[i + 1] + top[i + 4] + bottom[i + 1] + bottom[i + 4]) >> 2
            b = (top[i + 2] + top[i + 5] + bottom[i + 2] + bottom[i + 5]) >> 2
            out[y * w + x] = (lut[0][r] * LEVELS[1] + lut[1][g]) * LEVELS[2] + lut[2][b]
    return w, h, out


def lzw(indices, min_size=8):
    """GIF LZW: returns the compressed bytes in 255-byte sub-blocks."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    table = {bytes([i]): i for i in range(clear)}
    next_code, size = end + 1, min_size + 1
    bits, nbits, out = 0, 0, bytearray()

    def emit(code):
        nonlocal bits, nbits
        bits |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(bits & 255)
            bits >>= 8
            nbits -= 8

    emit(clear)
    word = b""
    for value in indices:
        candidate = word + bytes([value])
        if candidate in table:
            word = candidate
            continue
        emit(table[word])
        if next_code < 4096:
            table[candidate] = next_code
            next_code += 1
            if next_code > (1 << size) and size < 12:
                size += 1
        else:
            emit(clear)
            table = {bytes([i]): i for i in range(clear)}
            next_code, size = end + 1, min_size + 1
        word = bytes([value])
    if word:
        emit(table[word])
    emit(end)
    if nbits:
        out.append(bits & 255)
    blocks = bytearray()
    for i in range(0, len(out), 255):
        chunk = out[i:i + 255]
        blocks.append(len(chunk))
        blocks += chunk
    blocks.append(0)
    return bytes(blocks)


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    target, delay, frames = argv[1], int(argv[2]), argv[3:]
    pictures = [quantise(*read_png(path)) for path in frames]
    w, h = pictures[0][0], pictures[0][1]
    with open(target, "wb") as f:
        f.write(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0))
        for r, g, b in palette():
            f.write(bytes((r, g, b)))
        f.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop for ever
        for pw, ph, indices in pictures:
            if (pw, ph) != (w, h):
                sys.exit("every frame must have the same size")
            f.write(b"\x21\xf9\x04\x04" + struct.pack("<H", delay) + b"\x00\x00")
            f.write(b"\x2c" + struct.pack("<HHHHB", 0, 0, w, h, 0))
            f.write(b"\x08" + lzw(indices))
        f.write(b"\x3b")
    print(f"wrote {target} ({len(pictures)} frames, {w}x{h})")


if __name__ == "__main__":
    main(sys.argv)
