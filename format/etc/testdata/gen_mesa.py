#!/usr/bin/env python3
"""Generates mesa_*.txt.gz: ETC2/EAC blocks and Mesa's decoding of them.

Mesa 22.3.6's OpenGL driver (llvmpipe, through EGL surfaceless) decodes the blocks: glref.c in this
directory uploads them with glCompressedTexImage2D and reads them back with glGetTexImage as RGBA
float32. Build and run from this directory:

    gcc -O2 -o /tmp/glref glref.c -lEGL -lGL
    python3 gen_mesa.py /tmp/glref

Each output line is "BLOCK V0 V1 ... V63": the block in hex, then Mesa's 16 texels (row-major) x
RGBA as float32 bit patterns in hex.
"""
import gzip
import random
import struct
import subprocess
import sys

GLREF = sys.argv[1] if len(sys.argv) > 1 else "/tmp/glref"

# (file name, GL enum, block bytes)
FORMATS = [
    ("etc2rgb8", 0x9274, 8),
    ("etc2rgb8a1", 0x9276, 8),
    ("etc2rgba8", 0x9278, 16),
    ("eacr11", 0x9270, 8),
    ("eacr11s", 0x9271, 8),
    ("eacrg11", 0x9272, 16),
    ("eacrg11s", 0x9273, 16),
]


def etc_block(rng, mode, opaque_bit=None):
    """A random 64-bit ETC2 colour block forced into mode (individual, differential, T, H, planar)."""
    w = rng.getrandbits(64)
    if mode == "individual":
        w &= ~(1 << 33)
        return w
    w |= 1 << 33
    if opaque_bit is not None:
        w = (w & ~(1 << 33)) | (opaque_bit << 33)

    def field(hi, lo):
        return (w >> lo) & ((1 << (hi - lo + 1)) - 1)

    def setf(hi, lo, v):
        nonlocal w
        m = ((1 << (hi - lo + 1)) - 1) << lo
        w = (w & ~m) | ((v << lo) & m)

    def ok(base, d):
        d = d - 8 if d >= 4 else d
        return 0 <= base + d <= 31

    def make_ok(hi, lo, dhi, dlo):
        while not ok(field(hi, lo), field(dhi, dlo)):
            setf(hi, lo, rng.getrandbits(5))

    def make_overflow(hi, lo, dhi, dlo):
        while ok(field(hi, lo), field(dhi, dlo)):
            setf(hi, lo, rng.getrandbits(5))
            setf(dhi, dlo, rng.getrandbits(3))

    if mode == "differential":
        make_ok(63, 59, 58, 56); make_ok(55, 51, 50, 48); make_ok(47, 43, 42, 40)
    elif mode == "T":
        make_overflow(63, 59, 58, 56)
    elif mode == "H":
        make_ok(63, 59, 58, 56); make_overflow(55, 51, 50, 48)
    elif mode == "planar":
        make_ok(63, 59, 58, 56); make_ok(55, 51, 50, 48); make_overflow(47, 43, 42, 40)
    return w


def blocks_for(name, size, rng):
    out = []
    modes = ["individual", "differential", "T", "H", "planar"]
    if name in ("etc2rgb8", "etc2rgba8"):
        for m in modes:
            for _ in range(60):
                b = etc_block(rng, m).to_bytes(8, "big")
                if size == 16:
                    b = rng.getrandbits(64).to_bytes(8, "big") + b
                out.append(b)
        if size == 16:
            for mult in (0, 1, 15):  # alpha multiplier extremes
                for base in (0, 255, 128):
                    w = rng.getrandbits(64)
                    w = (w & ~(0xFFF << 52)) | (base << 56) | (mult << 52)
                    out.append(w.to_bytes(8, "big") + etc_block(rng, "differential").to_bytes(8, "big"))
    elif name == "etc2rgb8a1":
        for m in modes[1:]:
            for opaque in (0, 1):
                for _ in range(40):
                    out.append(etc_block(rng, m, opaque).to_bytes(8, "big"))
    else:
        for _ in range(200):
            out.append(bytes(rng.getrandbits(8) for _ in range(size)))
        for base in (0, 1, 127, 128, 129, 255):
            for mult in (0, 1, 15):
                w = rng.getrandbits(64)
                w = (w & ~(0xFFF << 52)) | (base << 56) | (mult << 52)
                b = w.to_bytes(8, "big")
                out.append(b if size == 8 else b + b)
    return out


def main():
    rng = random.Random(20261123)
    for name, enum, size in FORMATS:
        blocks = blocks_for(name, size, rng)
        res = subprocess.run([GLREF, "%x" % enum, "4", "4", str(size)], input=b"".join(blocks),
                             capture_output=True, check=True)
        vals = res.stdout
        assert len(vals) == len(blocks) * 16 * 4 * 4, (len(vals), len(blocks))
        lines = []
        for k, b in enumerate(blocks):
            words = struct.unpack("<64I", vals[k * 256:(k + 1) * 256])
            lines.append(b.hex() + " " + " ".join("%08x" % x for x in words))
        with gzip.GzipFile("mesa_%s.txt.gz" % name, "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode())
        print(name, len(lines), res.stderr.decode().strip())


main()
