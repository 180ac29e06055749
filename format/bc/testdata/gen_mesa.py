#!/usr/bin/env python3
"""Generates mesa_*.txt.gz: the blocks of pillow_*.txt.gz decoded by Mesa 22.3.6's OpenGL driver.

Uses ../../etc/testdata/glref.c (llvmpipe through EGL surfaceless: glCompressedTexImage2D, then
glGetTexImage(GL_RGBA, GL_FLOAT)). Build and run from this directory:

    gcc -O2 -o /tmp/glref ../../etc/testdata/glref.c -lEGL -lGL
    python3 gen_mesa.py /tmp/glref

Each output line is "FORMAT BLOCK V0 ... V63": the texunit format name, the block in hex, and Mesa's
16 texels (row-major) x RGBA as float32 bit patterns in hex.
"""
import gzip
import struct
import subprocess
import sys

GLREF = sys.argv[1] if len(sys.argv) > 1 else "/tmp/glref"

# (texunit format, GL enum, golden file whose blocks to use, block bytes, first N bytes of each)
FORMATS = [
    ("BC1", 0x83F0, "dxt1", 8),
    ("BC1A", 0x83F1, "dxt1", 8),
    ("BC2", 0x83F2, "dxt3", 16),
    ("BC3", 0x83F3, "dxt5", 16),
    ("BC4", 0x8DBB, "bc4", 8),
    ("BC4S", 0x8DBC, "bc5s", 8),
    ("BC5", 0x8DBD, "bc5", 16),
    ("BC5S", 0x8DBE, "bc5s", 16),
    ("BC6H", 0x8E8F, "bc6h", 16),
    ("BC6HS", 0x8E8E, "bc6hs", 16),
    ("BC7", 0x8E8C, "bc7", 16),
]


def main():
    for name, enum, golden, size in FORMATS:
        with gzip.open("pillow_%s.txt.gz" % golden, "rt") as f:
            blocks = [bytes.fromhex(line.split()[0])[:size] for line in f if line.strip()]
        if name == "BC6HS":  # a 16-bit-mode endpoint of -32768 (see doc.go: Mesa gives -inf)
            blocks.append(bytes.fromhex("0f303000303030083030303030303030"))
        if name == "BC7":  # also the reserved mode 8 (first byte 0), which Pillow gets wrong
            blocks += [bytes([0]) + bytes(range(1, 16)), bytes(16), bytes([0]) + bytes([0xFF] * 15)]
        res = subprocess.run([GLREF, "%x" % enum, "4", "4", str(size)], input=b"".join(blocks),
                             capture_output=True, check=True)
        assert len(res.stdout) == 256 * len(blocks)
        lines = []
        for k, b in enumerate(blocks):
            words = struct.unpack("<64I", res.stdout[256 * k:256 * (k + 1)])
            lines.append(name + " " + b.hex() + " " + " ".join("%08x" % w for w in words))
        with gzip.GzipFile("mesa_%s.txt.gz" % name.lower(), "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode())
        print(name, len(lines), res.stderr.decode().strip())


main()
