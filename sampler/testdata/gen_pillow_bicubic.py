"""Writes pillow_bicubic.txt.gz: random float images and Pillow's bicubic
(Catmull-Rom, a = -1/2) enlargements of them, the independent referee of
TestCubicAgainstPillow (see README.md).

    cd sampler/testdata && /usr/bin/python3 gen_pillow_bicubic.py

Each image is two lines, "in W H HEX..." (W*H float32 bit patterns, row
by row) and "out W2 H2 HEX..." (Pillow's Image.resize((W2, H2),
Image.BICUBIC) of it, mode "F"). The enlargement factors W/W2 and H/H2
are binary fractions, so every output pixel's centre (X + 1/2)*W/W2 is
exact in float32 on both sides.
"""

import gzip

import numpy as np
from PIL import Image

SIZES = [((12, 10), (64, 32)), ((7, 9), (32, 64)), ((20, 6), (128, 16)), ((5, 5), (16, 16)), ((9, 11), (32, 64))]


def hexes(a):
    return " ".join("%08x" % v for v in np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).ravel().tolist())


def main():
    rng = np.random.default_rng(26)
    lines = []
    for (w, h), (w2, h2) in SIZES:
        a = (rng.random((h, w)) * 3 - 1).astype(np.float32)
        b = np.asarray(Image.fromarray(a, mode="F").resize((w2, h2), Image.BICUBIC), dtype=np.float32)
        lines.append("in %d %d %s" % (w, h, hexes(a)))
        lines.append("out %d %d %s" % (w2, h2, hexes(b)))
    with gzip.GzipFile("pillow_bicubic.txt.gz", "wb", mtime=0) as f:
        f.write(("\n".join(lines) + "\n").encode())


if __name__ == "__main__":
    main()
