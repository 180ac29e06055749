#!/usr/bin/python3
"""Generates astcenc_WxH.txt.gz: ASTC blocks and astcenc's decoding of them, for every 2D footprint.

Needs Debian bookworm's astcenc 4.2.0 (/usr/bin/astcenc) and python3-pil (to write the source images
and read PNG output). Run from this directory:

    /usr/bin/python3 gen_astcenc.py

For each footprint the blocks are (1) astcenc's own compression (-cl, -medium) of two synthetic
48x48 RGBA images (smooth gradients with noise, and hard-edged shapes that need partitions), up to
48 blocks; (2) 24 of those blocks with random bit flips outside the block mode; (3) 40 random
128-bit blocks; (4) void-extent blocks: constant colours with valid, all-ones and invalid extents,
the HDR flag and the reserved bits. Each .astc file (16-byte header + blocks in one row) is decoded
with `astcenc -dl` to OpenEXR (half floats: the UNORM16 result rounded to half) and with
`astcenc -ds` to PNG (the 8-bit sRGB-mode result).

Each output line is "BLOCK LINEAR SRGB": the block in hex; the linear decode as 4 hex digits (half
bits) per channel, texels row-major, RGBA; the sRGB decode as 2 hex digits per channel.
"""
import gzip
import os
import random
import struct
import subprocess
import tempfile
import zlib

from PIL import Image

SIZES = [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8),
         (10, 5), (10, 6), (10, 8), (10, 10), (12, 10), (12, 12)]


def images(rng):
    w = h = 48
    smooth = Image.new("RGBA", (w, h))
    smooth.putdata([(min(255, 5 * x + rng.randrange(8)), min(255, 5 * y + rng.randrange(8)),
                     (x * y) % 256, 255 - 4 * x) for y in range(h) for x in range(w)])
    hard = Image.new("RGBA", (w, h))
    px = []
    for y in range(h):
        for x in range(w):
            r = 255 if (x // 3 + y // 5) % 2 else 20
            g = 200 if (x - 24) ** 2 + (y - 20) ** 2 < 150 else 40
            b = 255 if x + 2 * y > 60 else 0
            a = 255 if (x * 7 + y * 3) % 11 < 8 else 64
            px.append((r, g, b, a))
    hard.putdata(px)
    return [smooth, hard]


def astc_file(blocks, bw, bh):
    n = len(blocks)
    hdr = struct.pack("<I", 0x5CA1AB13) + bytes([bw, bh, 1])
    hdr += (n * bw).to_bytes(3, "little") + bh.to_bytes(3, "little") + (1).to_bytes(3, "little")
    return hdr + b"".join(blocks)


def read_exr_half(path):
    """Reads astcenc's OpenEXR output (HALF channels A, B, G, R; ZIP or no compression)."""
    d = open(path, "rb").read()
    assert d[:4] == b"\x76\x2f\x31\x01"
    p = 8
    attrs = {}
    while d[p] != 0:
        e = d.index(b"\0", p); name = d[p:e].decode(); p = e + 1
        e = d.index(b"\0", p); p = e + 1
        size = struct.unpack("<i", d[p:p + 4])[0]; p += 4
        attrs[name] = d[p:p + size]; p += size
    p += 1
    chans = []
    c = attrs["channels"]
    q = 0
    while c[q] != 0:
        e = c.index(b"\0", q); chans.append(c[q:e].decode()); q = e + 1
        assert struct.unpack("<i", c[q:q + 4])[0] == 1, "not HALF"
        q += 16
    x0, y0, x1, y1 = struct.unpack("<4i", attrs["dataWindow"])
    w, h = x1 - x0 + 1, y1 - y0 + 1
    comp = attrs["compression"][0]
    lines_per = {0: 1, 2: 1, 3: 16}[comp]
    nchunks = (h + lines_per - 1) // lines_per
    offsets = struct.unpack("<%dQ" % nchunks, d[p:p + 8 * nchunks])
    img = {}
    for off in offsets:
        y, size = struct.unpack("<ii", d[off:off + 8])
        data = d[off + 8:off + 8 + size]
        nl = min(lines_per, y1 + 1 - y)
        expect = nl * w * 2 * len(chans)
        if comp != 0 and size < expect:
            buf = bytearray(zlib.decompress(data))
            for i in range(1, len(buf)):
                buf[i] = (buf[i - 1] + buf[i] - 128) & 0xFF
            half = (len(buf) + 1) // 2
            out = bytearray(len(buf))
            out[0::2] = buf[:half]
            out[1::2] = buf[half:]
            data = bytes(out)
        k = 0
        for line in range(nl):
            for ch in chans:
                img[(y + line - y0, ch)] = struct.unpack("<%dH" % w, data[k:k + 2 * w])
                k += 2 * w
    return w, h, img


def decode_with_astcenc(blocks, bw, bh, tmp):
    src = os.path.join(tmp, "in.astc")
    with open(src, "wb") as f:
        f.write(astc_file(blocks, bw, bh))
    exr, png = os.path.join(tmp, "lin.exr"), os.path.join(tmp, "srgb.png")
    subprocess.run(["astcenc", "-dl", src, exr, "-silent"], check=True)
    subprocess.run(["astcenc", "-ds", src, png, "-silent"], check=True)
    w, h, lin = read_exr_half(exr)
    srgb = Image.open(png).convert("RGBA")
    out = []
    for k, b in enumerate(blocks):
        l, s = [], []
        for y in range(bh):
            for x in range(bw):
                X = k * bw + x
                for ch in "RGBA":
                    l.append("%04x" % lin[(y, ch)][X])
                s.append("".join("%02x" % v for v in srgb.getpixel((X, y))))
        out.append(b.hex() + " " + "".join(l) + " " + "".join(s))
    return out


def main():
    rng = random.Random(20261123)
    imgs = images(rng)
    with tempfile.TemporaryDirectory() as tmp:
        for i, im in enumerate(imgs):
            im.save(os.path.join(tmp, "img%d.png" % i))
        for bw, bh in SIZES:
            blocks = []
            for i in range(len(imgs)):
                out = os.path.join(tmp, "c%d.astc" % i)
                subprocess.run(["astcenc", "-cl", os.path.join(tmp, "img%d.png" % i), out,
                                "%dx%d" % (bw, bh), "-medium", "-silent"], check=True)
                data = open(out, "rb").read()[16:]
                bl = [data[j:j + 16] for j in range(0, len(data), 16)]
                blocks += rng.sample(bl, min(24, len(bl)))
            for b in rng.sample(blocks, 24):
                v = int.from_bytes(b, "little")
                for _ in range(rng.randrange(1, 6)):
                    v ^= 1 << rng.randrange(11, 128)
                blocks.append(v.to_bytes(16, "little"))
            for _ in range(40):
                blocks.append(bytes(rng.getrandbits(8) for _ in range(16)))
            for hdr_flag, rsv, ext in [(0, 3, "ones"), (0, 3, "valid"), (0, 3, "invalid"),
                                       (1, 3, "ones"), (0, 1, "ones"), (0, 2, "valid")]:
                v = 0x1FC | hdr_flag << 9 | rsv << 10
                if ext == "ones":
                    e = [0x1FFF] * 4
                elif ext == "valid":
                    e = [rng.randrange(0, 100), rng.randrange(100, 8191), rng.randrange(0, 100), rng.randrange(100, 8191)]
                else:
                    e = [rng.randrange(200, 8191), rng.randrange(0, 100), 5, 6]
                for j, x in enumerate(e):
                    v |= x << (12 + 13 * j)
                for j in range(4):
                    v |= rng.getrandbits(16) << (64 + 16 * j)
                blocks.append(v.to_bytes(16, "little"))
            lines = decode_with_astcenc(blocks, bw, bh, tmp)
            with gzip.GzipFile("astcenc_%dx%d.txt.gz" % (bw, bh), "wb", mtime=0) as f:
                f.write(("\n".join(lines) + "\n").encode())
            print("%dx%d" % (bw, bh), len(lines))


main()
