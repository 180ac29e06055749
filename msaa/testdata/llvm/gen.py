#!/usr/bin/env python3
"""Regenerates the LLVM golden data for image_msaa_load (see README.md).

Needs llvm-mc-15 (Debian package llvm-15). Run from anywhere:

    python3 msaa/testdata/llvm/gen.py

It writes, next to itself:
  cases.s            the assembly inputs, one per line
  asm-gfx1030.txt    per case: input TAB ok TAB canonical text TAB bytes
  asm-gfx1100.txt      or input TAB error TAB column TAB message
                       or input TAB other TAB text (LLVM made another instruction)
  dis-gfx1030.txt    per machine word list: bytes TAB LLVM's disassembly
  dis-gfx1100.txt      (or "invalid")
"""
import os
import re
import subprocess

MC = os.environ.get("MC", "llvm-mc-15")
HERE = os.path.dirname(os.path.abspath(__file__))
CPUS = ["gfx1030", "gfx1100"]
M = "image_msaa_load"
D = "dim:SQ_RSRC_IMG_2D_MSAA"
DA = "dim:SQ_RSRC_IMG_2D_MSAA_ARRAY"


def cases():
    out = []
    add = out.append
    # Destination registers.
    for d in ["v0", "v1", "v[0:1]", "v[0:2]", "v[0:3]", "v[0:4]", "v[0:5]", "v[2:5]", "v[252:255]",
              "v[253:256]", "v255", "a[0:3]", "s[0:3]", "v[0:3", "v[3:0]", "v[0:8]", "V0", "v[0]",
              "v[ 0 : 3 ]", "v[0x0:0x3]", "exec", "1"]:
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0x1 {D}")
    # Address registers, both dims, a16, NSA lists.
    for a in ["v4", "v[4:5]", "v[4:6]", "v[4:7]", "v[4:8]", "v[253:255]", "v[254:256]", "[v4, v5, v6]",
              "[v4, v9, v1]", "[v4, v5]", "[v4, v5, v6, v7]", "[v4, v5, v6, v7, v8]", "[v4]", "s[4:6]",
              "v[4]", "v[4:4]", "[v4, s5, v6]", "[v[4:5], v6]", "[v4, v5, v6", "[]", "[v255, v0, v128]"]:
        for d in ["v0", "v[0:3]"]:
            for tail in [D, DA, D + " a16", DA + " a16"]:
                add(f"{M} {d}, {a}, s[0:7] dmask:0x1 {tail}")
    # Resource descriptors.
    for r in ["s[0:7]", "s[4:11]", "s[8:15]", "s[96:103]", "s[98:105]", "s[100:107]", "s[2:9]", "s[1:8]",
              "s[0:3]", "s[0:15]", "ttmp[0:7]", "ttmp[4:11]", "ttmp[8:15]", "v[0:7]", "s[0:7", "exec", "s0"]:
        for d in ["v0", "v[0:3]"]:
            add(f"{M} {d}, v[4:6], {r} dmask:0x1 {D}")
    # dmask values.
    for m in ["0x0", "0x1", "0x2", "0x4", "0x8", "0x3", "0x5", "0x7", "0xf", "0x10", "0x11", "1", "2", "4",
              "8", "15", "16", "-1", "-17", "0xffff", "0x10000", "0x1ffff", "0b100", "x", "",
              "-32768", "-32769", "0x7fff", "0x8000", "0x7fffffff", "0xffffffff", "0x100000000", "1<<63",
              "0xffffffffffffffff", "0x10000000000000000", "1+1", "(1)", "((2))", "(1+1", "(1))", "2&3+1",
              "1+2*3", "1<<3", "1<<64", "16>>4", "1>>-1", "-16>>60", "7%4", "9/4", "1/0", "1%0", "3^1", "!0",
              "1==1", "1<2", "2<=2", "3 <> 1", "1 != 2", "+1", "2 + 2", "0x1 | 0x2", "'a'", "'ab'", "2|1-1",
              "5-2-1", "8/2/2", "-2*-2", "~1", "~0&0xf", "1&&2", "0||0", "3!1", "010", "08", "0o10", "0b",
              "1 +", "-", "~", "-(1)", "1--1", "1 - -1"]:
        for d in ["v0", "v[0:1]", "v[0:2]", "v[0:3]"]:
            add(f"{M} {d}, v[4:6], s[0:7] dmask:{m} {D}")
    for d in ["v0", "v[0:3]"]:
        add(f"{M} {d}, v[4:6], s[0:7] {D}")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0x1")
        add(f"{M} {d}, v[4:6], s[0:7]")
    # dims.
    for dim in ["SQ_RSRC_IMG_2D_MSAA", "SQ_RSRC_IMG_2D_MSAA_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY", "2d_msaa",
                "2d_MsAa", "SQ_RSRC_IMG_2d_msaa", "sq_rsrc_img_2d_msaa", "SQ_RSRC_IMG_1D", "SQ_RSRC_IMG_2D",
                "SQ_RSRC_IMG_3D", "SQ_RSRC_IMG_CUBE", "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY", "1D",
                "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "MSAA", "0", "6", "7", "SQ_RSRC_IMG_2D_MSAA_ARRAYX",
                "SQ_RSRC_IMG_", "2 D_MSAA", '"2D_MSAA"', " 2D_MSAA"]:
        for d in ["v0", "v[0:3]"]:
            for a in ["v[4:6]", "v[4:7]"]:
                add(f"{M} {d}, {a}, s[0:7] dmask:0x1 dim:{dim}")
    # Modifiers alone, doubled, negated, in and out of order.
    mods = ["unorm", "glc", "slc", "dlc", "glc slc dlc", "dlc glc", "slc glc", "dlc slc glc", "r128", "a16",
            "d16", "tfe", "lwe", "tfe lwe", "lwe tfe", "da", "lds", "tfe d16", "d16 tfe", "d16 lwe", "d16 glc",
            "unorm glc", "glc unorm", "a16 r128", "r128 a16", "lwe r128", "glc glc", "unorm unorm",
            "r128 r128", "a16 a16", "tfe tfe", "lwe lwe", "d16 d16", "glc tfe slc", "lwe glc", "noglc",
            "nounorm", "nodlc", "noslc", "nor128", "noa16", "notfe", "nolwe", "nod16", "noglc glc",
            "glc noglc", "unorm nounorm", "nounorm unorm", "offset:4", "sc0", "nt", "gds", "glc, slc",
            ", glc", "glc,", "unorm:1", "unorm glc slc dlc r128 a16 tfe lwe d16", "dmask:0x1", D,
            "glc ; comment", "glc // comment", "GLC", "Unorm"]
    for mod in mods:
        for d in ["v0", "v[0:1]", "v[0:2]", "v[0:3]", "v[0:4]", "v[0:5]"]:
            for a in ["v[4:6]", "v[4:5]"]:
                add(f"{M} {d}, {a}, s[0:7] dmask:0x1 {D} {mod}")
    # Order of dmask and dim.
    for tail in [f"{D} dmask:0x1", f"glc dmask:0x1 {D}", f"dmask:0x1 glc {D}", f"unorm dmask:0x1 {D}",
                 "dmask:0x1 unorm", f"dmask:0x1 {D},unorm", f"dmask:0x1 {D},,unorm", "dmask : 0x1 dim : 2D_MSAA",
                 f"dmask:0x1 {D} dmask:0x2", f"dmask:0x1 {D} {D}"]:
        for d in ["v0", "v[0:3]"]:
            add(f"{M} {d}, v[4:6], s[0:7] {tail}")
    # Combinations.
    for d in ["v0", "v[0:1]", "v[0:2]", "v[0:3]", "v[0:4]"]:
        add(f"{M} {d}, v[4:5], s[0:7] dmask:0x4 {DA} unorm glc slc dlc a16 d16 tfe")
        add(f"{M} {d}, v[4:7], s[8:15] dmask:0x8 {DA} unorm glc dlc tfe")
        add(f"{M} {d}, [v4, v7, v5, v6], s[8:15] dmask:0x2 {DA} slc lwe")
        add(f"{M} {d}, [v10, v3], ttmp[8:15] dmask:0x4 {DA} a16 d16")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0x3 {D} d16")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0x7 {D} d16 tfe")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0xf {D} d16 tfe")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0xf {D} tfe")
        add(f"{M} {d}, v[4:6], s[0:7] dmask:0x2 {D} tfe lwe d16")
    # Spelling of the whole line.
    for line in [f"IMAGE_MSAA_LOAD v[0:3], v[4:6], s[0:7] dmask:0x1 {D}",
                 f"image_msaa_load  v[0:3] ,v[4:6],s[0:7]   dmask:0x1   {D}",
                 f"image_msaa_load v[0:3], v[4:6], s[0:7], dmask:0x1 {D}",
                 f"image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1, {D}",
                 f"image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 {D} ; comment",
                 "image_msaa_load v[0:3], v[4:6]", "image_msaa_load v[0:3]", "image_msaa_load",
                 "image_msaa_load v[0:3], v[4:6], s[0:7], s[8:11] dmask:0x1 " + D,
                 f"image_msaa_load_x v[0:3], v[4:6], s[0:7] dmask:0x1 {D}",
                 f"image_load v[0:3], v[4:6], s[0:7] dmask:0xf {D}",
                 f"image_msaa_load v[0:3] v[4:6], s[0:7] dmask:0x1 {D}",
                 f"image_msaa_load v[0:3],, v[4:6], s[0:7] dmask:0x1 {D}",
                 f"image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 {D} unorm:1",
                 f"image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x1 {D} dmask:0x2"]:
        add(line)
    seen, uniq = set(), []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq


def assemble(cpu, lines):
    """Assembles all lines in one run; errors name their line."""
    p = subprocess.run([MC, "-arch=amdgcn", f"-mcpu={cpu}", "-show-encoding"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r"^<stdin>:(\d+):(\d+): error: (.*)$", p.stderr, re.M):
        errs.setdefault(int(m.group(1)), (m.group(2), m.group(3)))
    outs = [l.strip() for l in p.stdout.splitlines() if "; encoding:" in l]
    res, k = [], 0
    for i, line in enumerate(lines, 1):
        if i in errs:
            res.append(f"{line}\terror\t{errs[i][0]}\t{errs[i][1]}")
            continue
        text, enc = outs[k].split(" ; encoding: ")
        k += 1
        text = re.sub(r"\s+", " ", text)
        if text.split()[0] != M:
            res.append(f"{line}\tother\t{text}")
        else:
            res.append(f"{line}\tok\t{text}\t{enc.strip('[]')}")
    assert k == len(outs), (cpu, k, len(outs))
    return res


def disassemble(cpu, words):
    res = []
    for w in words:
        p = subprocess.run([MC, "--disassemble", "-arch=amdgcn", f"-mcpu={cpu}"], input=w + "\n",
                           capture_output=True, text=True)
        text = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
        if "invalid instruction encoding" in p.stderr or not text:
            res.append(f"{w}\tinvalid")
        else:
            res.append(w + "\t" + re.sub(r"[ \t]+", " ", text[0]))
    return res


def bytestr(b):
    return ",".join(f"0x{x:02x}" for x in b)


def words(asm_ok):
    """Machine words to disassemble: every encoding assembled, and two base
    words with each of their 64 bits flipped in turn, with and without an
    NSA dword."""
    ws = list(asm_ok)
    bases = {
        "gfx1030": [0xF0000F31, 0x00000004], "gfx1100": [0xF0600118, 0x00000004],
    }
    for base in bases.values():
        for bit in range(64):
            w = list(base)
            w[bit // 32] ^= 1 << (bit % 32)
            ws.append(bytestr(w[0].to_bytes(4, "little") + w[1].to_bytes(4, "little")))
    # Every resource descriptor field value, the last registers, and NSA
    # lists with one address or the wrong number of dwords.
    for base in bases.values():
        for f in range(32):
            w = [base[0], (base[1] & ~(31 << 16)) | f << 16]
            ws.append(bytestr(w[0].to_bytes(4, "little") + w[1].to_bytes(4, "little")))
        for shift, v in [(0, 0xfd), (0, 0xfe), (0, 0xff), (8, 0xfc), (8, 0xfd), (8, 0xff)]:
            w = [base[0], (base[1] & ~(0xff << shift)) | v << shift]
            ws.append(bytestr(w[0].to_bytes(4, "little") + w[1].to_bytes(4, "little")))
    ws += ["0x03,0x01,0x00,0xf0,0x04,0x00,0x00,0x00,0x05,0x00,0x00,0x00",
           "0x01,0x01,0x00,0xf0,0x04,0x00,0x00,0x00",
           "0x01,0x01,0x60,0xf0,0x04,0x00,0x00,0x00,0x05,0x00,0x00,0x00",
           "0x00,0x01,0x60,0xf0,0x04,0x00,0x00,0x00",
           "0x3b,0x01,0x00,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x07,0x08",
           "0x1d,0x01,0x60,0xf0,0xff,0x00,0x00,0x00,0xfe,0x01,0x02,0x03",
           "0x33,0x01,0x00,0xf0,0xfe,0x00,0x00,0x00,0xff,0xfd,0x00,0x00"]
    # NSA forms with their extra dword, and truncated words.
    ws += ["0x33,0x01,0x00,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x00,0x00",
           "0x33,0x01,0x00,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x07,0x08",
           "0x35,0x01,0x00,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x07,0x08,0x09,0x00,0x00,0x00",
           "0x19,0x01,0x60,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x00,0x00",
           "0x1d,0x01,0x60,0xf0,0x04,0x00,0x00,0x00,0x05,0x06,0x07,0x00",
           "0x31,0x01,0x00,0xf0", "0x18,0x01,0x60,0xf0,0x04,0x00"]
    seen, uniq = set(), []
    for w in ws:
        if w not in seen:
            seen.add(w)
            uniq.append(w)
    return uniq


def main():
    cs = cases()
    with open(os.path.join(HERE, "cases.s"), "w") as f:
        f.write("\n".join(cs) + "\n")
    ok = []
    for cpu in CPUS:
        res = assemble(cpu, cs)
        with open(os.path.join(HERE, f"asm-{cpu}.txt"), "w") as f:
            f.write("\n".join(res) + "\n")
        ok += [r.split("\t")[3] for r in res if r.split("\t")[1] == "ok"]
    ws = words(ok)
    for cpu in CPUS:
        with open(os.path.join(HERE, f"dis-{cpu}.txt"), "w") as f:
            f.write("\n".join(disassemble(cpu, ws)) + "\n")


if __name__ == "__main__":
    main()
