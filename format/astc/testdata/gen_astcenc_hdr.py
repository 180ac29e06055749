#!/usr/bin/python3
"""Generates astcenc_hdr_WxH.txt.gz and astcenc_3d_WxHxD.txt.gz: ASTC blocks and astcenc's HDR
(and, for 3D, LDR and sRGB) decodings of them.

Needs Debian bookworm's astcenc 4.2.0 (/usr/bin/astcenc) and nothing else (the source images are
written as KTX 1.1 files with half-float texels, which astcenc reads). Run from this directory:

    /usr/bin/python3 gen_astcenc_hdr.py

For each of the 14 2D footprints and the 10 3D footprints the blocks are (1) astcenc's own
compression of synthetic RGBA half-float images (2D: 48x48; 3D: 24x24x12): an HDR colour image
with varying alpha, compressed with -cH (HDR alpha: endpoint mode 15) and -ch (LDR alpha: mode 14),
and an HDR grey image (luminance modes 2 and 3); for 3D also an LDR image compressed with -cl; up
to 16 blocks of each; (2) 32 of those blocks with 1 to 5 random bit flips above the block mode
bits (many of them multi-partition blocks with a mix of LDR and HDR endpoint modes); (3) 40 random
128-bit blocks; (4) void-extent blocks: LDR and HDR (FP16) constant colours, negative, zero, the
largest half, infinity and NaN, with all-ones, valid and invalid extents (2D: also reserved bits
not 11).

The blocks of one footprint are written into one .astc file (16-byte header, blocks in a row along
x) and decoded with `astcenc -dH` (the HDR profile, RGBA) to OpenEXR for 2D and to KTX (half
floats) for 3D; 3D blocks also with `astcenc -dl` and `astcenc -ds` to KTX (8 bits).

Each line is "BLOCK HDR" (2D) or "BLOCK HDR LDR SRGB" (3D): the block in hex; the HDR decode as
4 hex digits (half bits) per channel, texels in order x fastest, then y, then z, RGBA; the LDR and
sRGB decodes as 2 hex digits per channel.
"""
import gzip
import os
import random
import struct
import subprocess
import tempfile
import zlib

SIZES_2D = [(4, 4), (5, 4), (5, 5), (6, 5), (6, 6), (8, 5), (8, 6), (8, 8),
            (10, 5), (10, 6), (10, 8), (10, 10), (12, 10), (12, 12)]
SIZES_3D = [(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4),
            (5, 5, 4), (5, 5, 5), (6, 5, 5), (6, 6, 5), (6, 6, 6)]

GL_UNSIGNED_BYTE, GL_HALF_FLOAT = 0x1401, 0x140B
GL_FORMATS = {0x1903: "R", 0x8227: "RG", 0x1907: "RGB", 0x1908: "RGBA", 0x1909: "L", 0x190A: "LA"}


def write_ktx_rgba16f(path, w, h, d, texels):
    """Writes a KTX 1.1 file with one level of RGBA16F texels (a list of (r, g, b, a) floats)."""
    hdr = b"\xabKTX 11\xbb\r\n\x1a\n" + struct.pack(
        "<13I", 0x04030201, GL_HALF_FLOAT, 2, 0x1908, 0x881A, 0x1908, w, h, d if d > 1 else 0,
        0, 1, 1, 0)
    data = b"".join(struct.pack("<4e", *t) for t in texels)
    with open(path, "wb") as f:
        f.write(hdr + struct.pack("<I", len(data)) + data)


def read_ktx(path):
    """Reads astcenc's KTX 1.1 output: returns (w, h, d, texels), texels[z][y][x] a tuple of RGBA
    values (half bits for GL_HALF_FLOAT, bytes for GL_UNSIGNED_BYTE) with missing channels filled
    as astcenc means them (L: R=G=B, missing alpha 1.0)."""
    b = open(path, "rb").read()
    assert b[:12] == b"\xabKTX 11\xbb\r\n\x1a\n"
    (endian, gltype, tsize, glformat, _, _, w, h, d, arr, faces, levels,
     kv) = struct.unpack("<13I", b[12:64])
    assert endian == 0x04030201 and arr == 0 and faces == 1
    d = max(d, 1)
    chans = GL_FORMATS[glformat]
    p = 64 + kv + 4
    one = 0x3C00 if gltype == GL_HALF_FLOAT else 255
    fmt = "<H" if gltype == GL_HALF_FLOAT else "<B"
    row = (w * len(chans) * tsize + 3) // 4 * 4
    out = []
    for z in range(d):
        plane = []
        for y in range(h):
            line = []
            for x in range(w):
                q = p + (z * h + y) * row + x * len(chans) * tsize
                v = [struct.unpack(fmt, b[q + i * tsize:q + (i + 1) * tsize])[0]
                     for i in range(len(chans))]
                c = dict(zip(chans, v))
                if "L" in c:
                    c["R"] = c["G"] = c["B"] = c["L"]
                line.append(tuple(c.get(k, 0 if k != "A" else one) for k in "RGBA"))
            plane.append(line)
        out.append(plane)
    return w, h, d, out


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


def astc_file(blocks, bw, bh, bd):
    n = len(blocks)
    hdr = struct.pack("<I", 0x5CA1AB13) + bytes([bw, bh, bd])
    hdr += (n * bw).to_bytes(3, "little") + bh.to_bytes(3, "little") + bd.to_bytes(3, "little")
    return hdr + b"".join(blocks)


def images(rng, w, h, d):
    """The source images: HDR colour with alpha, HDR grey, LDR colour."""
    colour, grey, ldr = [], [], []
    for z in range(d):
        for y in range(h):
            for x in range(w):
                r = 0.02 * (x + 1) * (x + 1) * (1 + rng.random() * 0.1)
                g = 2.0 ** ((y + z) / 4.0 - 3)
                b = 300.0 if (x // 6 + y // 5 + z // 3) % 2 else 0.03
                a = 0.25 + 0.75 * ((x * 7 + y * 3 + z) % 11) / 10 if (x // 8) % 2 else 1.0 + x / 8
                colour.append((r, g, b, a))
                lum = 2.0 ** ((x - y + z) / 6.0) * (1 + 0.05 * rng.random())
                grey.append((lum, lum, lum, 1.0))
                ldr.append((min(1, x / w + 0.05 * rng.random()), (y * z % 7) / 7,
                            1.0 if (x + y) % 9 < 4 else 0.1, 1 - x / (2 * w)))
    return {"colour": colour, "grey": grey, "ldr": ldr}


def halves(rng):
    """FP16 constants for HDR void extents."""
    return [0x3C00, 0xBC00, 0x0000, 0x8000, 0x7BFF, 0x7C00, 0x7E00, 0x0001, 0x5640,
            rng.getrandbits(15), rng.getrandbits(16)]


def void_extents(rng, dims3):
    out = []
    cases = [(0, 3, "ones"), (0, 3, "valid"), (0, 3, "invalid"), (1, 3, "ones"), (1, 3, "ones"),
             (1, 3, "ones"), (1, 3, "valid"), (1, 3, "invalid")]
    if not dims3:
        cases += [(1, 1, "ones"), (0, 2, "ones")]
    hv = halves(rng)
    for k, (hdr_flag, rsv, ext) in enumerate(cases):
        v = 0x1FC | hdr_flag << 9
        if dims3:
            top = 0x1FF
            if ext == "ones":
                e = [top] * 6
            elif ext == "valid":
                e = [5, 300, 6, 200, 7, 100]
            else:
                e = [5, 300, 6, 200, 150, 100]
            for j, x in enumerate(e):
                v |= x << (10 + 9 * j)
        else:
            v |= rsv << 10
            top = 0x1FFF
            if ext == "ones":
                e = [top] * 4
            elif ext == "valid":
                e = [rng.randrange(0, 100), rng.randrange(100, 8191), rng.randrange(0, 100), rng.randrange(100, 8191)]
            else:
                e = [rng.randrange(200, 8191), rng.randrange(0, 100), 5, 6]
            for j, x in enumerate(e):
                v |= x << (12 + 13 * j)
        for j in range(4):
            c = hv[(3 * k + j) % len(hv)] if hdr_flag else rng.getrandbits(16)
            v |= c << (64 + 16 * j)
        out.append(v.to_bytes(16, "little"))
    return out


def blocks_for(rng, tmp, dims, srcs):
    bw, bh, bd = dims
    blocks = []
    name = "x".join(map(str, dims if bd > 1 else dims[:2]))
    jobs = [("colour", "-cH"), ("colour", "-ch"), ("grey", "-cH")]
    if bd > 1:
        jobs.append(("ldr", "-cl"))
    for src, mode in jobs:
        out = os.path.join(tmp, "c.astc")
        subprocess.run(["astcenc", mode, srcs[src], out, name, "-medium", "-silent"], check=True)
        data = open(out, "rb").read()[16:]
        bl = [data[j:j + 16] for j in range(0, len(data), 16)]
        blocks += rng.sample(bl, min(16, len(bl)))
    for b in rng.sample(blocks, 32):
        v = int.from_bytes(b, "little")
        for _ in range(rng.randrange(1, 6)):
            v ^= 1 << rng.randrange(11, 128)
        blocks.append(v.to_bytes(16, "little"))
    for _ in range(40):
        blocks.append(bytes(rng.getrandbits(8) for _ in range(16)))
    blocks += void_extents(rng, bd > 1)
    return blocks


def main():
    rng = random.Random(20261128)
    with tempfile.TemporaryDirectory() as tmp:
        srcs2, srcs3 = {}, {}
        for k, texels in images(rng, 48, 48, 1).items():
            srcs2[k] = os.path.join(tmp, "%s2.ktx" % k)
            write_ktx_rgba16f(srcs2[k], 48, 48, 1, texels)
        for k, texels in images(rng, 24, 24, 12).items():
            srcs3[k] = os.path.join(tmp, "%s3.ktx" % k)
            write_ktx_rgba16f(srcs3[k], 24, 24, 12, texels)
        src = os.path.join(tmp, "in.astc")
        for bw, bh in SIZES_2D:
            blocks = blocks_for(rng, tmp, (bw, bh, 1), srcs2)
            with open(src, "wb") as f:
                f.write(astc_file(blocks, bw, bh, 1))
            exr = os.path.join(tmp, "hdr.exr")
            subprocess.run(["astcenc", "-dH", src, exr, "-silent"], check=True)
            _, _, img = read_exr_half(exr)
            lines = []
            for k, b in enumerate(blocks):
                hx = "".join("%04x" % img[(y, ch)][k * bw + x]
                             for y in range(bh) for x in range(bw) for ch in "RGBA")
                lines.append(b.hex() + " " + hx)
            with gzip.GzipFile("astcenc_hdr_%dx%d.txt.gz" % (bw, bh), "wb", mtime=0) as f:
                f.write(("\n".join(lines) + "\n").encode())
            print("%dx%d" % (bw, bh), len(lines))
        for bw, bh, bd in SIZES_3D:
            blocks = blocks_for(rng, tmp, (bw, bh, bd), srcs3)
            with open(src, "wb") as f:
                f.write(astc_file(blocks, bw, bh, bd))
            dec = {}
            for mode in ("-dH", "-dl", "-ds"):
                out = os.path.join(tmp, "out%s.ktx" % mode)
                subprocess.run(["astcenc", mode, src, out, "-silent"], check=True)
                dec[mode] = read_ktx(out)[3]
            lines = []
            for k, b in enumerate(blocks):
                f = []
                for mode, digits in (("-dH", "%04x"), ("-dl", "%02x"), ("-ds", "%02x")):
                    f.append("".join(digits % c for z in range(bd) for y in range(bh) for x in range(bw)
                                     for c in dec[mode][z][y][k * bw + x]))
                lines.append(b.hex() + " " + " ".join(f))
            with gzip.GzipFile("astcenc_3d_%dx%dx%d.txt.gz" % (bw, bh, bd), "wb", mtime=0) as f:
                f.write(("\n".join(lines) + "\n").encode())
            print("%dx%dx%d" % (bw, bh, bd), len(lines))


main()
