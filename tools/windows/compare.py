#!/usr/bin/env python3
"""compare.py A.png B.png MOST: the share of pixels of two same-sized PNG screenshots that
differ by more than 24 in some channel. Prints it (and the size); exits 1 when the sizes differ
or the share is above MOST (a fraction). Standard library only: the PNGs are read by
tools/make_gif.py's reader (8-bit RGB or RGBA)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from make_gif import read_png  # noqa: E402


def main():
    a, b, most = sys.argv[1], sys.argv[2], float(sys.argv[3])
    wa, ha, ra = read_png(a)
    wb, hb, rb = read_png(b)
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} against {wb}x{hb}")
        sys.exit(1)
    differ = 0
    for row_a, row_b in zip(ra, rb):
        for x in range(0, 3 * wa, 3):
            if (abs(row_a[x] - row_b[x]) > 24 or abs(row_a[x + 1] - row_b[x + 1]) > 24
                    or abs(row_a[x + 2] - row_b[x + 2]) > 24):
                differ += 1
    share = differ / (wa * ha)
    print(f"{wa}x{ha}, {share * 100:.3f}% of pixels differ (bound {most * 100:.1f}%)")
    sys.exit(0 if share <= most else 1)


main()
