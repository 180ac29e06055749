#!/usr/bin/python3
"""Generates the golden files pillow_*.txt.gz: BC blocks and Pillow's decoding of them.

Run with Debian's python3-pil (Pillow 9.4.0, /usr/bin/python3) from this directory:

    /usr/bin/python3 gen_pillow.py

Each output line is "BLOCK PIXELS": the block as hex, then Pillow's 16 decoded texels in row-major
order as hex bytes, with the channels of Pillow's mode for the format (RGBA for DXT1/DXT3/DXT5/BC7,
L for BC4, RGB for BC5/BC5S/BC6H/BC6HS). The blocks are random (seeded) with structured variants:
every BC7 and BC6H mode, BC1 blocks in both colour modes, equal endpoints, extreme endpoints.
"""
import gzip
import random
from PIL import Image, __version__

assert __version__ == "9.4.0", __version__

# (file name, Pillow decoder number, Pillow pixel format, Pillow mode, block bytes)
FORMATS = [
    ("dxt1", 1, "DXT1", "RGBA", 8),
    ("dxt3", 2, "DXT3", "RGBA", 16),
    ("dxt5", 3, "DXT5", "RGBA", 16),
    ("bc4", 4, "BC4", "L", 8),
    ("bc5", 5, "BC5", "RGB", 16),
    ("bc5s", 5, "BC5S", "RGB", 16),
    ("bc6h", 6, "BC6H", "RGB", 16),
    ("bc6hs", 6, "BC6HS", "RGB", 16),
    ("bc7", 7, "BC7", "RGBA", 16),
]

BC6H_MODES = [0x00, 0x01, 0x02, 0x06, 0x0A, 0x0E, 0x12, 0x16, 0x1A, 0x1E, 0x03, 0x07, 0x0B, 0x0F]


def blocks_for(name, size, rng):
    out = []

    def rnd():
        return bytearray(rng.getrandbits(8) for _ in range(size))

    for _ in range(160):
        out.append(rnd())
    if name in ("dxt1", "dxt3", "dxt5"):
        off = 0 if name == "dxt1" else 8
        for _ in range(80):  # three-colour mode in DXT1: color0 <= color1
            b = rnd()
            c0 = int.from_bytes(b[off:off + 2], "little")
            c1 = int.from_bytes(b[off + 2:off + 4], "little")
            lo, hi = min(c0, c1), max(c0, c1)
            b[off:off + 2] = lo.to_bytes(2, "little")
            b[off + 2:off + 4] = hi.to_bytes(2, "little")
            out.append(b)
        for c0, c1 in [(0, 0), (0xFFFF, 0xFFFF), (0xFFFF, 0), (0, 0xFFFF), (0x1234, 0x1234)]:
            b = rnd()
            b[off:off + 2] = c0.to_bytes(2, "little")
            b[off + 2:off + 4] = c1.to_bytes(2, "little")
            out.append(b)
    if name in ("dxt5", "bc4", "bc5", "bc5s"):
        for a0, a1 in [(0, 0), (255, 255), (255, 0), (0, 255), (128, 127), (127, 128), (0x80, 0x81), (0x81, 0x80)]:
            for _ in range(4):
                b = rnd()
                b[0], b[1] = a0, a1
                if size == 16 and name != "dxt5":
                    b[8], b[9] = a1, a0
                out.append(b)
    if name in ("bc6h", "bc6hs"):
        for m in BC6H_MODES + [0x13, 0x17, 0x1B, 0x1F]:
            for _ in range(40 if m in BC6H_MODES else 2):
                b = rnd()
                if m < 2:
                    b[0] = (b[0] & ~3) | m
                else:
                    b[0] = (b[0] & ~31) | m
                out.append(b)
    if name == "bc7":
        out = [b for b in out if b[0] != 0]  # Pillow returns alpha 255 for reserved mode 8
        for m in range(8):
            for _ in range(60):
                b = rnd()
                b[0] = (b[0] & (0xFF << (m + 1)) & 0xFF) | (1 << m)
                out.append(b)
    return out


def main():
    rng = random.Random(20261123)
    for name, n, pf, mode, size in FORMATS:
        lines = []
        for b in blocks_for(name, size, rng):
            im = Image.frombytes(mode, (4, 4), bytes(b), "bcn", (n, pf))
            px = im.tobytes()
            lines.append(bytes(b).hex() + " " + px.hex())
        with gzip.GzipFile("pillow_%s.txt.gz" % name, "wb", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode())
        print(name, len(lines))


main()
