#!/usr/bin/env python3
"""Generates mesa_WxH.txt.gz: the blocks of astcenc_WxH.txt.gz decoded by Mesa 22.3.6's OpenGL driver.

Uses ../../etc/testdata/glref.c (llvmpipe through EGL surfaceless: glCompressedTexImage2D with
GL_COMPRESSED_RGBA_ASTC_WxH_KHR and GL_COMPRESSED_SRGB8_ALPHA8_ASTC_WxH_KHR, then
glGetTexImage(GL_RGBA, GL_FLOAT), which returns Mesa's 8-bit decode without sRGB conversion).
Build and run from this directory:

    gcc -O2 -o /tmp/glref ../../etc/testdata/glref.c -lEGL -lGL
    python3 gen_mesa.py /tmp/glref

Each output line is "BLOCK LINEAR SRGB": the block in hex, then Mesa's 8-bit results (2 hex digits
per channel, texels row-major, RGBA) for the linear and the sRGB format.
"""
import gzip
import struct
import subprocess
import sys

GLREF = sys.argv[1] if len(sys.argv) > 1 else "/tmp/glref"
SIZES = [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8),
         (10, 5), (10, 6), (10, 8), (10, 10), (12, 10), (12, 12)]


def decode(enum, blocks, bw, bh):
    res = subprocess.run([GLREF, "%x" % enum, str(bw), str(bh), "16"], input=b"".join(blocks),
                         capture_output=True, check=True)
    n = bw * bh * 4
    assert len(res.stdout) == 4 * n * len(blocks)
    out = []
    for k in range(len(blocks)):
        vals = struct.unpack("<%df" % n, res.stdout[4 * n * k:4 * n * (k + 1)])
        out.append("".join("%02x" % round(v * 255) for v in vals))
    return out


def main():
    for i, (bw, bh) in enumerate(SIZES):
        with gzip.open("astcenc_%dx%d.txt.gz" % (bw, bh), "rt") as f:
            blocks = [bytes.fromhex(line.split()[0]) for line in f if line.strip()]
        lin = decode(0x93B0 + i, blocks, bw, bh)
        srgb = decode(0x93D0 + i, blocks, bw, bh)
        lines = [b.hex() + " " + l + " " + s for b, l, s in zip(blocks, lin, srgb)]
        with gzip.GzipFile("mesa_%dx%d.txt.gz" % (bw, bh), "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode())
        print("%dx%d" % (bw, bh), len(lines))


main()
