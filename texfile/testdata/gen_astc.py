#!/usr/bin/python3
"""Regenerates the astcenc-made test files (Debian bookworm's astcenc 4.2.0). See README.md.

Run from this directory: /usr/bin/python3 gen_astc.py. The source images are written as KTX 1.1
files (half floats, or bytes for the LDR one) into a temporary directory; astcenc compresses them
to .astc and to compressed KTX 1.1, and decodes the .astc files to uncompressed KTX 1.1.
"""
import os
import struct
import subprocess
import tempfile


def ktx(path, w, h, d, texels, half):
    gltype, size, internal = (0x140B, 2, 0x881A) if half else (0x1401, 1, 0x8058)
    hdr = b"\xabKTX 11\xbb\r\n\x1a\n" + struct.pack(
        "<13I", 0x04030201, gltype, size, 0x1908, internal, 0x1908, w, h, d if d > 1 else 0, 0, 1, 1, 0)
    fmt = "<4e" if half else "<4B"
    data = b"".join(struct.pack(fmt, *t) for t in texels)
    open(path, "wb").write(hdr + struct.pack("<I", len(data)) + data)


def run(*args):
    subprocess.run(["astcenc", *args, "-silent"], check=True)


with tempfile.TemporaryDirectory() as tmp:
    ldr = os.path.join(tmp, "ldr.ktx")
    ktx(ldr, 13, 9, 1, [(x * 19 % 256, y * 28, (x * y * 5) % 256, 255 - x * 9) for y in range(9) for x in range(13)], False)
    hdr = os.path.join(tmp, "hdr.ktx")
    ktx(hdr, 19, 11, 1, [(0.05 * (x + 1) ** 2, 2.0 ** (y / 2 - 2), 500.0 if (x // 4 + y // 3) % 2 else 0.01,
                          1.0 if x < 10 else 0.25 + y / 20) for y in range(11) for x in range(19)], True)
    vol = os.path.join(tmp, "vol.ktx")
    ktx(vol, 9, 7, 6, [(0.1 * (x + z), 2.0 ** ((y - z) / 3), 40.0 if (x + y + z) % 5 < 2 else 0.2, 1.0)
                       for z in range(6) for y in range(7) for x in range(9)], True)
    vol8 = os.path.join(tmp, "vol8.ktx")
    ktx(vol8, 7, 5, 4, [(x * 36, y * 60, z * 80, 255) for z in range(4) for y in range(5) for x in range(7)], False)

    run("-cl", ldr, "astc_6x6_ldr.astc", "6x6", "-medium")
    run("-dl", "astc_6x6_ldr.astc", "astc_6x6_ldr.dl.ktx")
    run("-cl", ldr, "ktx1_astc_6x6.ktx", "6x6", "-medium")
    run("-cH", hdr, "astc_8x8_hdr.astc", "8x8", "-medium")
    run("-dH", "astc_8x8_hdr.astc", "astc_8x8_hdr.dH.ktx")
    run("-cH", vol, "astc_4x4x4_hdr.astc", "4x4x4", "-medium")
    run("-dH", "astc_4x4x4_hdr.astc", "astc_4x4x4_hdr.dH.ktx")
    run("-cl", vol8, "ktx1_astc_3x3x3.ktx", "3x3x3", "-medium")
    run("-dl", "ktx1_astc_3x3x3.ktx", "ktx1_astc_3x3x3.dl.ktx")
