"""The Python package against ``texunit batch``: the same jobs, bit for bit.

Run from the checkout after installing the package (README, "From Python"):

    /usr/bin/python3 -m pytest python/tests

or without installing, against a library built by examples/c's Makefile:

    TEXUNIT_LIBRARY=examples/c/build/lib/libtexunit.so PYTHONPATH=python /usr/bin/python3 -m pytest python/tests

The batch command is built from the checkout with the Go toolchain (or
taken from $TEXUNIT_BIN).
"""

import concurrent.futures
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import texunit

ROOT = pathlib.Path(__file__).resolve().parents[2]
JOBS = ROOT / "capi" / "testdata" / "jobs.jsonl"


@pytest.fixture(scope="session")
def batch_bin(tmp_path_factory):
    if os.environ.get("TEXUNIT_BIN"):
        return os.environ["TEXUNIT_BIN"]
    out = tmp_path_factory.mktemp("bin") / "texunit"
    subprocess.run(["go", "build", "-o", str(out), "./cmd/texunit"], cwd=ROOT, check=True)
    return str(out)


def run_batch(batch_bin, lines, files=None):
    """Runs job lines through texunit batch; returns the result objects."""
    cmd = [batch_bin, "batch", "-j", "2"]
    if files is not None:
        cmd += ["-files", str(files)]
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines), capture_output=True, text=True, cwd=ROOT)
    assert p.returncode in (0, 1), p.stderr
    out = [json.loads(l) for l in p.stdout.splitlines()]
    assert len(out) == len(lines)
    return out


def f32(v):
    """A batch float field's value as float32 (numbers, "NaN", "+Inf", "@bits")."""
    if isinstance(v, str):
        if v.startswith("@"):
            return np.array([int(v[1:], 16)], dtype=np.uint32).view(np.float32)[0]
        return np.float32({"NaN": "nan", "Inf": "inf", "+Inf": "inf", "-Inf": "-inf"}[v])
    return np.float32(v)


def operands(job, surface):
    """The job's lanes as the numpy operands execute takes."""
    lanes = job["lanes"]
    n = len(lanes)
    ops = {}
    keys = set(k for lane in lanes for k in lane)
    for k in keys:
        if k in ("coord", "ddx", "ddy"):
            width = surface.coord_count if k == "coord" else surface.gradient_count
            a = np.zeros((n, width), dtype=np.float32)
            for i, lane in enumerate(lanes):
                if k in lane:
                    a[i] = [f32(x) for x in lane[k]]
            ops[k] = a
        elif k in ("lod", "bias", "ref"):
            ops[k] = np.array([f32(lane.get(k, 0)) for lane in lanes], dtype=np.float32)
        elif k == "min_lod":
            ops[k] = np.array([f32(lane.get(k, "NaN")) for lane in lanes], dtype=np.float32)
        elif k == "offset":
            a = np.zeros((n, 3), dtype=np.int32)
            for i, lane in enumerate(lanes):
                o = lane.get(k, [])
                a[i, :len(o)] = o
            ops[k] = a
        elif k == "texel":
            a = np.zeros((n, surface.coord_count), dtype=np.int32)
            for i, lane in enumerate(lanes):
                if k in lane:
                    a[i] = lane[k]
            ops[k] = a
        elif k in ("channel", "level", "sample"):
            ops[k] = np.array([lane.get(k, 0) for lane in lanes], dtype=np.int64)
        elif k == "active":
            ops[k] = np.array([lane.get(k, True) for lane in lanes])
    if not ops:
        ops["lanes"] = n
    return ops


def run_python(job, **extra):
    """Runs a job through the package: the Result, or the TexunitError."""
    try:
        s = texunit.Surface(job["surface"])
        smp = texunit.Sampler(job.get("sampler"))
        eng = texunit.Engine(job.get("precision"))
        return texunit.execute(s, smp, job["op"], engine=eng, **operands(job, s), **extra)
    except texunit.TexunitError as e:
        return e


def check_same(job, want, got):
    """got (a Result or TexunitError) against the batch's result line."""
    name = job.get("id")
    if "error" in want:
        assert isinstance(got, texunit.TexunitError), (name, want)
        assert str(got) == want["error"], name
        return
    assert not isinstance(got, Exception), (name, got)
    n = len(want["bits"])
    assert got.bits.shape == (n, 4) and got.bits.dtype == np.uint32
    integer = got.kind != "float"
    for i in range(n):
        if want["bits"][i] is None:
            assert not got.bits[i].any(), (name, i)  # inactive or failed: zeros
            continue
        assert [int(b, 16) for b in want["bits"][i]] == got.bits[i].tolist(), (name, i)
        assert want["resident"][i] == bool(got.resident[i]), (name, i)
        for c, v in enumerate(want["results"][i]):
            g = got.values[i, c]
            if integer:
                assert isinstance(v, int) and v == int(g), (name, i, c)
            elif isinstance(v, str):
                assert (v == "NaN" and np.isnan(g)) or (v == "+Inf" and g == np.inf) or (v == "-Inf" and g == -np.inf), (name, i)
            else:
                assert np.float32(v) == g or (v == 0 and g == 0), (name, i, c)
    assert want.get("errors") == got.errors, name


def test_jobs_match_batch(batch_bin):
    """Every job of capi/testdata/jobs.jsonl, bit for bit."""
    lines = JOBS.read_text().splitlines()
    want = run_batch(batch_bin, lines)
    for line, w in zip(lines, want):
        job = json.loads(line)
        check_same(job, w, run_python(job))


def bits_text(a):
    return ["@%08x" % b for b in np.asarray(a, dtype=np.float32).view(np.uint32).tolist()]


def random_jobs(seed, lanes=1100):
    """Large random jobs over many operations, formats and states, with
    coordinates written as raw bits, so both sides read the same floats."""
    rng = np.random.default_rng(seed)
    cases = [
        ("2d", "r8g8b8a8_unorm", "sample_l", {"mag": "linear", "min": "linear", "mip": "linear"}),
        ("2d", "r8g8b8a8_srgb", "sample_l", {"mag": "linear", "min": "linear", "mip": "linear", "address": "mirrored_repeat"}),
        ("2d", "r32g32b32a32_sfloat", "sample_b", {"mag": "linear", "min": "linear", "mip": "nearest"}),
        ("2d", "bc1_rgba_unorm_block", "sample_d", {"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16}),
        ("2d_array", "r16g16b16a16_sfloat", "gather4_l", {"mag": "linear", "min": "linear", "address": "clamp_to_border", "border": "opaque_white"}),
        ("cube", "r8g8b8a8_unorm", "sample", {"mag": "linear", "min": "linear", "mip": "linear"}),
        ("2d", "d32_sfloat", "sample_l_c", {"mag": "linear", "min": "linear", "compare": "less", "mip": "linear"}),
        ("3d", "b10g11r11_ufloat_pack32", "sample_l", {"mag": "linear", "min": "linear", "mip": "linear"}),
        ("2d_array", "r8g8b8a8_uint", "fetch", {}),
        ("1d_array", "r32g32_sint", "fetch", {}),
        ("2d", "r8g8b8a8_unorm", "gather4_po", {"mag": "linear", "min": "linear"}),
        ("cube_array", "r8_unorm", "resinfo", {}),
        ("2d", "r8g8b8a8_unorm", "sample_l", {"mag": "cubic", "min": "cubic", "mip": "linear", "cubic_weights": "mitchell_netravali"}),
    ]
    jobs = []
    for k, (kind, fmt, op, smp) in enumerate(cases):
        surf = {"type": kind, "format": fmt, "width": 32, "height": 1 if kind.startswith("1d") else 32, "levels": 0,
                "data": {"hash": {"seed": int(rng.integers(1 << 32))}}}
        if kind == "3d":
            surf["depth"] = 8
        if kind.endswith("array"):
            surf["layers"] = 12 if kind.startswith("cube") else 3
        ncoord = {"1d_array": 2, "2d": 2, "2d_array": 3, "3d": 3, "cube": 3, "cube_array": 4}[kind]
        ngrad = {"1d_array": 1, "3d": 3, "cube": 3}.get(kind, 2)
        n = lanes - lanes % 4
        ls = [dict() for _ in range(n)]
        if op in ("fetch",):
            texel = rng.integers(-2, 40, size=(n, ncoord))
            level = rng.integers(0, 7, size=n)
            for i in range(n):
                ls[i]["texel"] = texel[i].tolist()
                ls[i]["level"] = int(level[i])
        elif op == "resinfo":
            level = rng.integers(-1, 8, size=n)
            for i in range(n):
                ls[i]["level"] = int(level[i])
        else:
            coord = (rng.random((n, ncoord), dtype=np.float32) * 2.5 - 0.7).astype(np.float32)
            if kind.startswith("cube"):
                coord[:, :3] = rng.standard_normal((n, 3)).astype(np.float32)
            coord[::97] = np.nan
            for i in range(n):
                ls[i]["coord"] = bits_text(coord[i])
            if op in ("sample_l", "sample_l_c", "gather4_l"):
                lod = (rng.random(n, dtype=np.float32) * 8 - 1).astype(np.float32)
                for i in range(n):
                    ls[i]["lod"] = bits_text([lod[i]])[0]
            if op == "sample_b":
                bias = (rng.random(n, dtype=np.float32) * 4 - 2).astype(np.float32)
                for i in range(n):
                    ls[i]["bias"] = bits_text([bias[i]])[0]
            if op == "sample_d":
                g = (rng.standard_normal((n, 2 * ngrad)) / 20).astype(np.float32)
                for i in range(n):
                    ls[i]["ddx"], ls[i]["ddy"] = bits_text(g[i, :ngrad]), bits_text(g[i, ngrad:])
            if op.endswith("_c"):
                ref = rng.random(n, dtype=np.float32)
                for i in range(n):
                    ls[i]["ref"] = bits_text([ref[i]])[0]
            if op.startswith("gather4") and not op.endswith("_c"):
                ch = rng.integers(0, 5, size=n)
                for i in range(n):
                    ls[i]["channel"] = int(ch[i])
            if op in ("sample_l", "gather4_po") and not kind.startswith("cube"):
                lim = 40 if op == "gather4_po" else 9
                off = rng.integers(-lim, lim, size=(n, 2))
                for i in range(0, n, 3):
                    ls[i]["offset"] = off[i].tolist()
        act = rng.random(n) < 0.1
        for i in np.flatnonzero(act).tolist():
            ls[i]["active"] = False
            for f in ("lod", "bias", "ref", "ddx", "ddy", "texel"):
                ls[i].pop(f, None)
        job = {"id": k, "surface": surf, "sampler": smp, "op": op, "lanes": ls}
        if k % 3 == 1:
            job["precision"] = {"mode": "hardware", "subtexel_bits": 6, "lod_bits": 4}
        jobs.append(job)
    return jobs


def test_random_jobs_match_batch(batch_bin):
    """Twelve jobs of about 1,100 lanes, on many paths, bit for bit."""
    jobs = random_jobs(2024)
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs])
    for job, w in zip(jobs, want):
        assert "error" not in w, (job["id"], w)
        check_same(job, w, run_python(job))


def test_file_and_memory_match_batch(batch_bin, tmp_path):
    """Surface.from_file and Surface(desc, data) read what the batch's
    {"image": ...} and {"file": ...} data read."""
    png = ROOT / "texfile" / "testdata" / "rgba8.png"
    (tmp_path / "img.png").write_bytes(png.read_bytes())
    raw = np.random.default_rng(5).integers(0, 256, size=8 * 8 * 4 + 4 * 4 * 4, dtype=np.uint8)
    (tmp_path / "raw.bin").write_bytes(raw.tobytes())
    coord = np.array([[0.1, 0.2], [0.7, 0.3], [0.45, 0.9], [1.3, -0.2]], dtype=np.float32)
    lanes = [{"coord": bits_text(c), "lod": 0.5} for c in coord]
    smp = {"mag": "linear", "min": "linear", "mip": "linear"}
    desc = {"type": "2d", "format": "r8g8b8a8_snorm", "width": 8, "height": 8, "levels": 2}
    jobs = [
        {"surface": {"type": "2d", "data": {"image": "img.png"}}, "sampler": smp, "op": "sample_l", "lanes": lanes},
        {"surface": {"type": "2d_array", "format": "r8g8b8a8_unorm", "data": {"image": "img.png"}}, "sampler": smp, "op": "sample_l",
         "lanes": [{"coord": bits_text([c[0], c[1], 0]), "lod": 0.5} for c in coord]},
        {"surface": dict(desc, data={"file": "raw.bin"}), "sampler": smp, "op": "sample_l", "lanes": lanes},
    ]
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs], files=tmp_path)
    smp_o = texunit.Sampler(smp)
    lod = np.full(4, 0.5, dtype=np.float32)
    got = [
        texunit.execute(texunit.Surface.from_file(png), smp_o, "sample_l", coord=coord, lod=lod),
        texunit.execute(texunit.Surface.from_file(str(png), {"type": "2d_array", "format": "r8g8b8a8_unorm"}), smp_o, "sample_l",
                        coord=np.c_[coord, np.zeros(4, np.float32)], lod=lod),
        texunit.execute(texunit.Surface(desc, data=raw), smp_o, "sample_l", coord=coord, lod=lod),
    ]
    for job, w, g in zip(jobs, want, got):
        check_same(job, w, g)
    # The texels as a numpy array of another type and shape read the same bytes.
    words = texunit.execute(texunit.Surface(desc, data=raw.view(np.uint32).reshape(-1, 4)), smp_o, "sample_l", coord=coord, lod=lod)
    assert (words.bits == got[2].bits).all()
    with pytest.raises(texunit.TexunitError, match=r"data: the caller's 3 bytes, which"):
        texunit.Surface(desc, data=b"abc")
    with pytest.raises(texunit.TexunitError, match=r"surface.data: not allowed here"):
        texunit.Surface(dict(desc, data={"coords": True}), data=raw)
    with pytest.raises(texunit.TexunitError) as e:
        texunit.Surface.from_file(tmp_path / "missing.png")
    assert e.value.status == -4


def test_astc_file_matches_batch(batch_bin, tmp_path):
    """An .astc file read as HDR (the format in the surface object chooses the
    ASTC family) samples as the batch's {"image": ...} surface does."""
    src = ROOT / "texfile" / "testdata" / "astc_4x4x4_hdr.astc"
    (tmp_path / "vol.astc").write_bytes(src.read_bytes())
    desc = {"type": "3d", "format": "astc_4x4x4_sfloat_block"}
    coord = np.array([[0.1, 0.2, 0.3], [0.7, 0.3, 0.9], [0.45, 0.9, 0.5], [1.3, -0.2, 0.1]], dtype=np.float32)
    smp = {"mag": "linear", "min": "linear", "mip": "nearest"}
    job = {"surface": dict(desc, data={"image": "vol.astc"}), "sampler": smp, "op": "sample_l",
           "lanes": [{"coord": bits_text(c), "lod": 0} for c in coord]}
    want = run_batch(batch_bin, [json.dumps(job)], files=tmp_path)
    got = texunit.execute(texunit.Surface.from_file(src, desc), texunit.Sampler(smp), "sample_l",
                          coord=coord, lod=np.zeros(4, dtype=np.float32))
    check_same(job, want[0], got)
    assert texunit.Surface.from_file(src, desc).format == "astc_4x4x4_sfloat_block"
    assert texunit.Surface.from_file(src, {"type": "3d"}).format == "astc_4x4x4_unorm_block"


def test_errors():
    s = texunit.Surface({"type": "2d", "format": "r8_unorm", "width": 4, "height": 4})
    cases = [
        (dict(op="sample_x", coord=np.zeros((4, 2))), r"^op: unknown operation 'sample_x' \(want one of sample, "),
        (dict(op="sample_l", coord=np.zeros((4, 3)), lod=np.zeros(4)), r"^coord: want 2 values per lane \(shape \(lanes, 2\)\), got shape \(4, 3\)"),
        (dict(op="sample_l", coord=np.zeros((4, 2)), lod=np.zeros(5)), r"^lod: 5 lanes, want 4 as the other operands"),
        (dict(op="sample_l", coord=np.zeros((4, 2))), r"^lod: missing \(sample_l needs it\)"),
        (dict(op="sample_l", coord=np.zeros((4, 2)), lod=np.zeros(4), bias=np.zeros(4)), r"^bias: sample_l does not use bias"),
        (dict(op="fetch", texel=np.zeros((2, 2)) + 0.5), r"^texel: want integers, got float64 values"),
        (dict(op="fetch", texel=np.full((2, 2), 2**31)), r"^texel: 2147483648 is out of range"),
        (dict(op="sampleinfo"), r"^lanes: no operand gives the lane count: pass lanes=N"),
        (dict(op="sample", coord=np.zeros((3, 2))), r"^lanes: sample works on 2x2 quads"),
        (dict(op="gather4", coord=np.zeros((2, 2)), channel=[0, 256]), r"^channel\[1\]: 256 is out of range \(0..255\)"),
        (dict(op="sample_lz", coord=np.zeros((2, 2)), offset=np.zeros((2, 4), np.int32)), r"^offset: want 1 to 3 values per lane"),
    ]
    for kw, pattern in cases:
        op = kw.pop("op")
        with pytest.raises(texunit.TexunitError, match=pattern):
            texunit.execute(s, None, op, **kw)
    with pytest.raises(texunit.TexunitError, match=r'^sampler.address: unknown value "wrap"'):
        texunit.Sampler({"address": "wrap"})
    with pytest.raises(texunit.TexunitError, match=r"^precision.subtexel_bits: 0 is out of range \(1..16\)"):
        texunit.Engine({"mode": "hardware", "subtexel_bits": 0})
    with pytest.raises(TypeError):
        texunit.Surface({"type": "2d", "width": float("nan")})
    s.close()
    with pytest.raises(texunit.TexunitError, match=r"surface: the handle is zero") as e:
        texunit.execute(s, None, "sample_lz", coord=np.zeros((1, 2)))
    assert e.value.status == -2


def test_cubic_sampler(batch_bin):
    """A cubic sampler (VK_EXT_filter_cubic, "mag"/"min": "cubic", with
    "cubic_weights", and every reduction, VK_QCOM_filter_cubic_clamp's
    range clamp included) filters through Python as the batch does, bit for bit;
    Catmull-Rom at texel centres returns the texels; the rules' errors name
    the field."""
    surf = {"type": "2d", "format": "r32g32b32a32_sfloat", "width": 8, "height": 8, "levels": 1,
            "data": {"hash": {"seed": 9, "lo": -1, "hi": 2}}}
    s = texunit.Surface(surf)
    rng = np.random.default_rng(26)
    coord = (rng.random((16, 2), dtype=np.float32) * 1.4 - 0.2).astype(np.float32)
    for weights, reduction in (("catmull_rom", "weighted_average"), ("zero_tangent_cardinal", "min"),
                               ("b_spline", "max"), ("mitchell_netravali", "weighted_average_rangeclamp"),
                               ("catmull_rom", "weighted_average_rangeclamp")):
        smp = {"mag": "cubic", "min": "cubic", "cubic_weights": weights, "address": ["clamp_to_border", "repeat"],
               "border": [1, 0, 0.5, 1], "reduction": reduction}
        r = texunit.execute(s, texunit.Sampler(smp), "sample_lz", coord=coord)
        job = {"surface": surf, "sampler": smp, "op": "sample_lz", "lanes": [{"coord": bits_text(c)} for c in coord]}
        w = run_batch(batch_bin, [json.dumps(job)])[0]
        assert ["%08x" % b for b in r.bits.reshape(-1).tolist()] == [b for lane in w["bits"] for b in lane], (weights, reduction)
    centres = (np.stack(np.meshgrid(np.arange(8), np.arange(8)), -1).reshape(-1, 2) + 0.5) / 8
    cubic = texunit.execute(s, texunit.Sampler({"mag": "cubic", "min": "cubic"}), "sample_lz", coord=centres.astype(np.float32))
    nearest = texunit.execute(s, None, "sample_lz", coord=centres.astype(np.float32))
    assert (cubic.bits == nearest.bits).all()
    with pytest.raises(texunit.TexunitError, match=r"^sampler.max_anisotropy: anisotropy 4 is not allowed with cubic filtering"):
        texunit.Sampler({"mag": "cubic", "max_anisotropy": 4})
    with pytest.raises(texunit.TexunitError, match=r'^sampler.cubic_weights: unknown value "lanczos"'):
        texunit.Sampler({"mag": "cubic", "cubic_weights": "lanczos"})
    d = texunit.Surface({"type": "2d", "format": "d32_sfloat", "width": 4, "height": 4})
    with pytest.raises(texunit.TexunitError, match=r"^sampler.min: cubic filtering of the depth format d32_sfloat"):
        texunit.execute(d, texunit.Sampler({"min": "cubic"}), "sample_l", coord=np.zeros((1, 2)), lod=np.ones(1))


def test_values_and_layouts():
    """Integer formats give integers; inputs of other dtypes and shapes
    convert; a one-component coordinate may be a plain vector."""
    s = texunit.Surface({"type": "1d", "format": "r16g16b16a16_sint", "width": 8, "levels": 1})
    r = texunit.execute(s, None, "fetch", texel=[1, 2, 3])
    assert r.kind == "sint" and r.values.dtype == np.int32 and r.values.shape == (3, 4)
    assert (r.values.view(np.uint32) == r.bits).all()
    f = texunit.Surface({"type": "1d", "format": "r32_sfloat", "width": 8, "levels": 1, "data": {"coords": True}})
    a = texunit.execute(f, None, "sample_lz", coord=np.array([0.1, 0.5, 0.9]))
    b = texunit.execute(f, None, "sample_lz", coord=np.array([[0.1], [0.5], [0.9]], dtype=np.float32))
    assert a.kind == "float" and (a.bits == b.bits).all() and a.errors is None and a.resident.all()
    # Strided and non-contiguous inputs.
    t = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "levels": 0})
    c = np.random.default_rng(3).random((64, 4), dtype=np.float32)
    x = texunit.execute(t, None, "sample_l", coord=c[:, ::2], lod=c[:, 1])
    y = texunit.execute(t, None, "sample_l", coord=np.ascontiguousarray(c[:, ::2]), lod=np.ascontiguousarray(c[:, 1]))
    assert (x.bits == y.bits).all()
    # Column-by-column (Fortran-ordered) operands are read in place, with
    # the same results; a mix of orders is converted.
    f = texunit.execute(t, None, "sample_l", coord=np.asfortranarray(c[:, ::2]), lod=np.ascontiguousarray(c[:, 1]))
    assert (f.bits == y.bits).all()
    g = np.asfortranarray(np.random.default_rng(4).random((64, 2), dtype=np.float32) / 20)
    d1 = texunit.execute(t, None, "sample_d", coord=np.asfortranarray(c[:, ::2]), ddx=g, ddy=g[:, ::-1].copy(order="F"))
    d2 = texunit.execute(t, None, "sample_d", coord=np.ascontiguousarray(c[:, ::2]), ddx=np.ascontiguousarray(g), ddy=np.ascontiguousarray(g[:, ::-1]))
    d3 = texunit.execute(t, None, "sample_d", coord=np.asfortranarray(c[:, ::2]), ddx=np.ascontiguousarray(g), ddy=g[:, ::-1].copy(order="F"))
    assert (d1.bits == d2.bits).all() and (d1.bits == d3.bits).all()
    fi = texunit.Surface({"type": "2d_array", "format": "r32_uint", "width": 8, "height": 8, "layers": 2, "levels": 1})
    tx = np.array([[1, 2, 0], [3, 4, 1], [7, 7, 1]], dtype=np.int32)
    assert (texunit.execute(fi, None, "fetch", texel=np.asfortranarray(tx), offset=np.asfortranarray(tx[:, :2] % 2)).bits ==
            texunit.execute(fi, None, "fetch", texel=tx, offset=tx[:, :2] % 2).bits).all()
    with pytest.raises(texunit.TexunitError, match=r"^coord: want 2 values per lane"):
        texunit.execute(t, None, "sample_lz", coord=np.asfortranarray(np.zeros((4, 3), np.float32)))
    # Read-only inputs, and no lanes at all.
    ro = np.ascontiguousarray(c[:, ::2])
    ro.setflags(write=False)
    z = texunit.execute(t, None, "sample_l", coord=ro, lod=np.ascontiguousarray(c[:, 1]))
    assert (z.bits == y.bits).all()
    e = texunit.execute(t, None, "sample_l", coord=np.zeros((0, 2)), lod=np.zeros(0))
    assert e.bits.shape == (0, 4) and e.errors is None


def test_threads():
    """One surface, sampler and engine shared by eight threads."""
    t = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0})
    smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 4})
    eng = texunit.Engine()
    rng = np.random.default_rng(9)
    reqs = [(rng.random((256, 2), dtype=np.float32), (rng.standard_normal((256, 2)) / 30).astype(np.float32)) for _ in range(16)]
    want = [texunit.execute(t, smp, "sample_d", coord=c, ddx=d, ddy=d[:, ::-1]).bits for c, d in reqs]

    def run(k):
        c, d = reqs[k % len(reqs)]
        return k % len(reqs), texunit.execute(t, smp, "sample_d", coord=c, ddx=d, ddy=d[:, ::-1], engine=eng).bits

    with concurrent.futures.ThreadPoolExecutor(8) as ex:
        for k, bits in ex.map(run, range(200)):
            assert (bits == want[k]).all()


def test_trace_matches_batch(batch_bin):
    """execute(..., trace=True): the texels of every lane, as the batch's
    "trace": true writes them, and the same results as without."""
    surf = {"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16}
    cube = {"type": "cube", "format": "r32g32b32a32_sfloat", "width": 8, "height": 8}
    tri = {"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 4}
    jobs = [
        {"id": "l", "surface": surf, "sampler": tri, "op": "sample_l",
         "lanes": [{"coord": [0.5, 0.5], "lod": 0.4}, {"coord": [0.02, 0.9], "lod": 1.7}, {"active": False, "coord": [0, 0]}]},
        {"id": "d", "surface": dict(surf, layout="tile_y"), "sampler": tri, "op": "sample_d",
         "lanes": [{"coord": [0.3, 0.6], "ddx": [0.2, 0], "ddy": [0, 0.01]}]},
        {"id": "g", "surface": surf, "op": "gather4", "lanes": [{"coord": [0.5, 0.5], "channel": 2}, {"coord": [0.5, 0.5], "channel": 7}]},
        {"id": "f", "surface": {"type": "2d", "format": "bc1_rgba_unorm_block", "width": 16, "height": 16}, "op": "fetch",
         "lanes": [{"texel": [6, 9], "level": 0}]},
        {"id": "c", "surface": cube, "sampler": tri, "op": "sample_l", "lanes": [{"coord": [1, 0.999, 0.999], "lod": 0}]},
    ]
    want = run_batch(batch_bin, [json.dumps(dict(j, trace=True)) for j in jobs])
    for job, w in zip(jobs, want):
        got = run_python(job, trace=True)
        plain = run_python(job)
        check_same(job, w, got)
        assert (got.bits == plain.bits).all(), job["id"]
        assert plain.texels is None
        n = len(job["lanes"])
        assert got.texel_start.shape == (n + 1,)
        for i in range(n):
            lane = got.texels[got.texel_start[i]:got.texel_start[i + 1]]
            if w["texels"][i] is None:
                continue
            mine = [[int(t["level"]), int(t["layer"]), int(t["x"]), int(t["y"]), int(t["z"]), float(t["weight"]), int(t["offset"])]
                    for t in lane]
            assert mine == w["texels"][i], (job["id"], i)
            assert (lane["lane"] == i).all()


def test_request_options_match_batch(batch_bin):
    """derivatives="fine", projective=True and coarse_pixel reach the
    engine as the batch's job members (and vISA's CPS size) do."""
    surf = {"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64}
    tri = {"mag": "linear", "min": "linear", "mip": "linear"}
    quad = [[0.1, 0.1], [0.2, 0.1], [0.1, 0.3], [0.5, 0.9]]
    jobs = [
        {"id": "fine", "surface": surf, "sampler": tri, "op": "sample", "derivatives": "fine",
         "lanes": [{"coord": c} for c in quad]},
        {"id": "proj", "surface": surf, "sampler": tri, "op": "sample_l", "projective": True,
         "lanes": [{"coord": [0.5, 0.25, 2], "lod": 0.5}, {"coord": [1, 1, -1], "lod": 0}]},
    ]
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs])
    check_same(jobs[0], want[0], run_python(dict(jobs[0], lanes=jobs[0]["lanes"]), derivatives="fine"))
    s = texunit.Surface(surf)
    smp = texunit.Sampler(tri)
    got = texunit.execute(s, smp, "sample_l", coord=np.array([[0.5, 0.25, 2], [1, 1, -1]], dtype=np.float32),
                          lod=np.array([0.5, 0], dtype=np.float32), projective=True)
    check_same(jobs[1], want[1], got)
    coarse = texunit.execute(s, smp, "lod", coord=np.array(quad, dtype=np.float32))
    fine = texunit.execute(s, smp, "lod", coord=np.array(quad, dtype=np.float32), derivatives="fine")
    cps = texunit.execute(s, smp, "lod", coord=np.array(quad, dtype=np.float32), coarse_pixel=(2, 2))
    assert coarse.values[0, 1] == fine.values[0, 1] and coarse.values[3, 1] != fine.values[3, 1]
    assert abs((coarse.values[0, 1] - cps.values[0, 1]) - 1) < 1e-6  # 2×2 coarse pixels: λ' one lower
    with pytest.raises(texunit.TexunitError, match="derivatives"):
        texunit.execute(s, smp, "lod", coord=np.array(quad, dtype=np.float32), derivatives="medium")


def test_footprint_matches_batch(batch_bin):
    """texunit.footprint gives the batch's "footprints", fine and coarse,
    2D and 3D."""
    tri = {"mag": "linear", "min": "linear", "mip": "linear"}
    s2 = {"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16}
    s3 = {"type": "3d", "format": "r8_unorm", "width": 8, "height": 8, "depth": 8}
    cases = [
        (s2, "sample_l", {"coord": [[0.5, 0.0625], [0.5, 0.0625]], "lod": [0, 0.5]}, {"granularity": 1}),
        (s2, "sample_l", {"coord": [[0.5, 0.0625], [0.5, 0.0625]], "lod": [0, 0.5]}, {"granularity": 3, "coarse": True}),
        (s3, "sample_lz", {"coord": [[0.5, 0.5, 0.5]]}, {"granularity": 1}),
        # sixteen probes across 300 texels: more than the largest 3D granularity holds
        (dict(s3, width=300, height=4, depth=4, levels=1), "sample_d",
         {"coord": [[0.5, 0.5, 0.5]], "ddx": [[1, 0, 0]], "ddy": [[0, 0.01, 0]]}, {"granularity": 14}),
    ]
    aniso = dict(tri, max_anisotropy=16, address="clamp_to_edge")
    jobs = [{"surface": s, "sampler": aniso if op == "sample_d" else tri, "op": op, "footprint": q,
             "lanes": [dict(zip(l, v)) for v in zip(*l.values())]}
            for s, op, l, q in cases]
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs])
    for (s, op, l, q), w, job in zip(cases, want, jobs):
        surf = texunit.Surface(s)
        ops = {k: np.array(v, dtype=np.float32) for k, v in l.items()}
        got = texunit.footprint(surf, texunit.Sampler(job["sampler"]), op, q["granularity"], coarse=q.get("coarse", False), **ops)
        dims = 3 if s["type"] == "3d" else 2
        for i, f in enumerate(w["footprints"]):
            g = got[i]
            assert [bool(g["single_level"]), g["anchor"][:dims].tolist(), g["offset"][:dims].tolist(), g["mask"].tolist(),
                    int(g["lod"]), int(g["granularity"])] == [f["single"], f["anchor"], f["offset"], f["mask"], f["lod"], f["granularity"]]
            assert bool(g["truncated"]) == f.get("truncated", False)
    assert want[-1]["footprints"][0]["truncated"]
    with pytest.raises(texunit.TexunitError, match="granularity: 8 is not supported"):
        texunit.footprint(texunit.Surface(s2), None, "sample_lz", 8, coord=np.zeros((1, 2), dtype=np.float32))


def test_ycbcr_matches_batch(batch_bin, tmp_path):
    """A multi-planar NV12 frame (ffmpeg's, the planes concatenated) sampled
    through the sampler's "ycbcr" conversion and read by plane: the same
    bits as the batch's {"file": ...} data, and narrow-range white is 1."""
    frame = ROOT / "sampler" / "testdata" / "swscale" / "nv12_709_tv_center.yuv"
    raw = np.frombuffer(frame.read_bytes(), dtype=np.uint8)
    (tmp_path / "nv12.yuv").write_bytes(raw.tobytes())
    desc = {"type": "2d", "format": "g8_b8r8_2plane_420_unorm", "width": 32, "height": 24}
    smp = {"address": "clamp_to_edge", "mag": "linear", "min": "linear",
           "ycbcr": {"model": "ycbcr_709", "range": "itu_narrow", "x_chroma_offset": "midpoint",
                     "y_chroma_offset": "midpoint", "chroma_filter": "linear"}}
    coord = np.random.default_rng(26).random((16, 2), dtype=np.float32)
    lanes = [{"coord": bits_text(c), "lod": 0} for c in coord]
    jobs = [
        {"surface": dict(desc, data={"file": "nv12.yuv"}), "sampler": smp, "op": "sample_l", "lanes": lanes},
        {"surface": dict(desc, aspect="plane_1", data={"file": "nv12.yuv"}), "op": "fetch",
         "lanes": [{"texel": [i, i % 12]} for i in range(16)]},
    ]
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs], files=tmp_path)
    lod = np.zeros(16, dtype=np.float32)
    got = [
        texunit.execute(texunit.Surface(desc, data=raw), texunit.Sampler(smp), "sample_l", coord=coord, lod=lod),
        texunit.execute(texunit.Surface(dict(desc, aspect="plane_1"), data=raw), None, "fetch",
                        texel=np.array([[i, i % 12] for i in range(16)], dtype=np.int32)),
    ]
    for job, w, g in zip(jobs, want, got):
        check_same(job, w, g)
    white = np.concatenate([np.full(32 * 24, 235, np.uint8), np.full(32 * 12, 128, np.uint8)])
    r = texunit.execute(texunit.Surface(desc, data=white), texunit.Sampler(smp), "sample_l", coord=coord, lod=lod)
    assert np.abs(r.values[:, :3] - 1).max() <= 2 ** -23  # bilinear weights of equal texels: an ulp at most
    with pytest.raises(texunit.TexunitError, match=r"^sampler.ycbcr.model: is required"):
        texunit.Sampler({"ycbcr": {"range": "itu_narrow"}})


def test_anisotropy_methods_match_batch(batch_bin):
    """The sampler's "anisotropy" (vulkan, ewa, footprint_assembly) from
    Python: the batch's bits for each method, in both precisions, three
    different answers on a sheared footprint, and the batch's error for a
    view the new methods do not take."""
    surf = {"type": "2d", "format": "r8g8b8a8_unorm", "width": 32, "height": 32, "data": {"hash": {"seed": 5}}}
    lanes = [{"coord": [0.3, 0.6], "ddx": [0.25, 0], "ddy": [0.125, 0.03125]},
             {"coord": [0.7, 0.2], "ddx": [0.01, 0.09], "ddy": [-0.05, 0.004]}]
    jobs = []
    for m in ("vulkan", "ewa", "footprint_assembly"):
        smp = {"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16, "anisotropy": m}
        jobs.append({"id": m, "surface": surf, "sampler": smp, "op": "sample_d", "lanes": lanes})
        jobs.append({"id": m + "_hw", "surface": surf, "sampler": smp, "op": "sample_d", "lanes": lanes,
                     "precision": {"mode": "hardware"}})
    jobs.append({"id": "cube", "surface": {"type": "cube", "format": "r8g8b8a8_unorm", "width": 8, "height": 8},
                 "sampler": {"max_anisotropy": 4, "anisotropy": "ewa"}, "op": "sample_l",
                 "lanes": [{"coord": [1, 0, 0], "lod": 0}]})
    want = run_batch(batch_bin, [json.dumps(j) for j in jobs])
    got = [run_python(j) for j in jobs]
    for job, w, g in zip(jobs, want, got):
        check_same(job, w, g)
    assert len({g.bits[0].tobytes() for g in got[0:6:2]}) == 3
    assert str(got[-1]).startswith("sampler.anisotropy: ewa needs a 2d or 2d_array surface")
    with pytest.raises(texunit.TexunitError, match=r'^sampler.anisotropy: unknown value "gaussian" \(want one of vulkan, ewa, footprint_assembly\)'):
        texunit.Sampler({"anisotropy": "gaussian"})


def same_result(a, b, name):
    """Two Results hold the same bits, flags, codes, kind and messages."""
    assert a.kind == b.kind, name
    assert a.values.dtype == b.values.dtype, name
    assert np.array_equal(a.bits, b.bits), name
    assert np.array_equal(a.resident, b.resident), name
    assert np.array_equal(a.codes, b.codes), name
    assert a.errors == b.errors, name


def test_execute_many_matches_execute(batch_bin):
    """Every job of capi/testdata/jobs.jsonl in one execute_many call (jobs
    with a precision in one call per engine): each Result bit for bit
    execute's, and the batch's; the jobs execute refuses in the library
    fail alone, with execute's message, and the others keep their results."""
    lines = JOBS.read_text().splitlines()
    want = run_batch(batch_bin, lines)
    groups = {}
    for line, w in zip(lines, want):
        job = json.loads(line)
        groups.setdefault(json.dumps(job.get("precision"), sort_keys=True), []).append((job, w))
    ran = failed = 0
    for prec, jobs in groups.items():
        eng = texunit.Engine(json.loads(prec))
        reqs, expect = [], []
        for job, w in jobs:
            try:
                s = texunit.Surface(job["surface"])
                smp = texunit.Sampler(job.get("sampler"))
                ops = operands(job, s)
            except texunit.TexunitError:
                continue  # refused before any request: not execute_many's
            e = run_python(job)
            reqs.append(dict(surface=s, sampler=smp, op=job["op"], **ops))
            expect.append((job, w, e))
        got = texunit.execute_many(reqs, engine=eng)
        assert len(got) == len(reqs)
        for (job, w, e), g in zip(expect, got):
            ran += 1
            if isinstance(e, texunit.TexunitError):
                failed += 1
                assert isinstance(g.error, texunit.TexunitError), job.get("id")
                assert str(g.error) == str(e) and g.error.status == e.status, job.get("id")
                assert not g.bits.any()
                check_same(job, w, g.error)
                continue
            assert g.error is None, (job.get("id"), g.error)
            same_result(g, e, job.get("id"))
            check_same(job, w, g)
    assert ran > 20 and failed > 0


def test_batch_reruns_and_failures():
    """A Batch mixing good requests with one that fails in the library and
    one with lane errors: the good ones are execute's, bit for bit, the
    failure is that request's alone; refilled operand arrays are read again
    by the next run; long lane messages are complete."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0,
                           "data": {"hash": {"seed": 5}}})
    itex = texunit.Surface({"type": "2d", "format": "r32_uint", "width": 16, "height": 16, "levels": 1})
    smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear"})
    rng = np.random.default_rng(3)
    n = 256
    coord = np.asfortranarray(rng.random((n, 2), dtype=np.float32))  # read in place, component-major
    lod = rng.random(n, dtype=np.float32) * 3
    texel = rng.integers(-3, 20, size=(n, 2)).astype(np.int32)
    channel = np.zeros(n, np.int32)
    channel[::3] = 7  # lane errors, more messages than a Batch request's room
    b = texunit.Batch()
    assert b.run() == []
    b.add(tex, smp, "sample_l", coord=coord, lod=lod)
    b.add(itex, None, "fetch", texel=texel)
    b.add(tex, smp, "sample_l", coord=coord, lod=lod, bias=lod)  # sample_l takes no bias: fails alone
    b.add(tex, smp, "gather4", coord=coord, channel=channel)
    assert len(b) == 4
    for round in range(2):
        got = b.run()
        want = [texunit.execute(tex, smp, "sample_l", coord=coord, lod=lod),
                texunit.execute(itex, None, "fetch", texel=texel),
                None,
                texunit.execute(tex, smp, "gather4", coord=coord, channel=channel)]
        with pytest.raises(texunit.TexunitError) as e:
            texunit.execute(tex, smp, "sample_l", coord=coord, lod=lod, bias=lod)
        assert got[2].error is not None and str(got[2].error) == str(e.value) == "bias: sample_l does not use bias"
        assert got[1].kind == "uint" and got[1].values.dtype == np.uint32
        for i in (0, 1, 3):
            assert got[i].error is None
            same_result(got[i], want[i], i)
        assert len([m for m in got[3].errors if m]) == len(range(0, n, 3))
        coord[:] = rng.random((n, 2), dtype=np.float32)  # refilled in place: the next run reads them
        texel[:] = rng.integers(-3, 20, size=(n, 2))
    # A request added after runs: the Batch grows, and runs all five.
    b.add(tex, smp, "sample_l", coord=coord, lod=lod)
    got = b.run()
    assert len(got) == 5 and got[2].error is not None
    same_result(got[4], texunit.execute(tex, smp, "sample_l", coord=coord, lod=lod), "added after runs")
    same_result(got[0], got[4], "the same request")
    # A Batch's request options, against execute's.
    b = texunit.Batch(engine=texunit.Engine())
    q = np.concatenate([coord, np.full((n, 1), 2, np.float32)], axis=1)
    b.add(tex, smp, "sample_l", coord=q, lod=lod, projective=True)
    b.add(tex, smp, "sample", coord=coord, derivatives="fine", coarse_pixel=(2, 2))
    got = b.run()
    same_result(got[0], texunit.execute(tex, smp, "sample_l", coord=q, lod=lod, projective=True), "projective")
    same_result(got[1], texunit.execute(tex, smp, "sample", coord=coord, derivatives="fine", coarse_pixel=(2, 2)), "fine")


def test_execute_many_errors():
    """What execute_many refuses before the call names the request, the
    field and the value; empty lists are empty."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8})
    c = np.zeros((4, 2), np.float32)
    assert texunit.execute_many([]) == []
    assert texunit.execute_many(()) == []
    with pytest.raises(texunit.TexunitError, match=r"^requests\[1\]: lod: 3 lanes, want 4 as the other operands$"):
        texunit.execute_many([{"surface": tex, "op": "sample_l", "coord": c, "lod": np.zeros(4)},
                              {"surface": tex, "op": "sample_l", "coord": c, "lod": np.zeros(3)}])
    with pytest.raises(texunit.TexunitError, match=r"^requests\[0\]: op: unknown operation 'smaple'"):
        texunit.execute_many([{"surface": tex, "op": "smaple", "coord": c}])
    with pytest.raises(texunit.TexunitError, match=r"^requests\[0\]: surface: missing$"):
        texunit.execute_many([{"op": "sample_l", "coord": c}])
    with pytest.raises(texunit.TexunitError, match=r"^requests\[0\]: trace: not a request's"):
        texunit.execute_many([{"surface": tex, "op": "sample_lz", "coord": c, "trace": True}])
    with pytest.raises(texunit.TexunitError, match=r"^requests\[0\]: surface: want a texunit.Surface, got dict$"):
        texunit.execute_many([{"surface": {"type": "2d"}, "op": "sample_lz", "coord": c}])
    with pytest.raises(TypeError, match=r"^requests\[0\]: want a dict"):
        texunit.execute_many([("sample",)])
    with pytest.raises(TypeError, match=r"^requests: want a sequence of dicts, got dict$"):
        texunit.execute_many({"surface": tex})
    with pytest.raises(TypeError, match=r"^requests\[0\]: .*unexpected keyword argument 'cord'"):
        texunit.execute_many([{"surface": tex, "op": "sample_lz", "cord": c}])
    # A freed surface fails its request alone.
    dead = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8})
    b = texunit.Batch()
    b.add(dead, None, "sample_lz", coord=c)
    b.add(tex, None, "sample_lz", coord=c)
    dead.close()
    got = b.run()
    assert got[0].error is not None and got[0].error.status == -2 and "names no live surface" in str(got[0].error)
    same_result(got[1], texunit.execute(tex, None, "sample_lz", coord=c), "after a freed surface")


def test_execute_stacked():
    """execute_stacked: request r's results are execute's on the operands'
    row r, bit for bit, in several operations, formats and layouts, with lane
    errors (more messages than a request's room among them), a request whose
    lanes are all inactive, and requests that fail in the library."""
    rng = np.random.default_rng(11)
    tex = texunit.Surface({"type": "2d_array", "format": "r8g8b8a8_unorm", "width": 32, "height": 16, "layers": 3,
                           "levels": 0, "data": {"hash": {"seed": 3}}})
    itex = texunit.Surface({"type": "2d", "format": "r32_uint", "width": 16, "height": 16, "levels": 2})
    smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 4})
    R, n = 7, 36

    def cols(a):
        return np.ascontiguousarray(a.transpose(0, 2, 1)).transpose(0, 2, 1)

    coord = (rng.random((R, n, 3), dtype=np.float32) * 1.5 - 0.2).astype(np.float32)
    coord[..., 2] = rng.integers(0, 3, size=(R, n))
    lod = rng.random((R, n), dtype=np.float32) * 3
    ddx = rng.random((R, n, 2), dtype=np.float32) * 0.1
    ddy = rng.random((R, n, 2), dtype=np.float32) * 0.1
    offset = rng.integers(-9, 9, size=(R, n, 2))
    channel = rng.integers(0, 4, size=(R, n))
    channel[2, ::2] = 5
    active = rng.random((R, n)) < 0.8
    active[4] = False
    texel = rng.integers(-2, 18, size=(R, n, 2))
    level = rng.integers(0, 3, size=(R, n))
    cases = [
        (tex, smp, "sample_l", dict(coord=coord, lod=lod)),
        (tex, smp, "sample_l", dict(coord=np.asfortranarray(coord), lod=lod, active=active)),
        # Each request's operands stored column by column: read in place, component-major.
        (tex, smp, "sample_d", dict(coord=cols(coord), ddx=cols(ddx), ddy=cols(ddy), offset=cols(offset.astype(np.int32)))),
        (itex, None, "fetch", dict(texel=cols(texel.astype(np.int32)), level=level)),
        (tex, smp, "sample_d", dict(coord=coord, ddx=ddx, ddy=ddy, offset=offset)),
        (tex, smp, "gather4", dict(coord=coord, channel=channel)),
        (tex, smp, "sample_l", dict(coord=coord, lod=lod, offset=offset)),
        (itex, None, "fetch", dict(texel=texel, level=level)),
        (itex, smp, "sample_l", dict(coord=coord[..., :2], lod=lod)),  # linear filtering of an integer format: fails
    ]
    for surface, sampler, op, ops in cases:
        got = texunit.execute_stacked(surface, sampler, op, **ops)
        assert got.values.shape == (R, n, 4) and got.bits.shape == (R, n, 4)
        for r in range(R):
            try:
                want = texunit.execute(surface, sampler, op, **{k: np.asarray(v)[r] for k, v in ops.items()})
            except texunit.TexunitError as e:
                assert got.error is not None and str(got.error[r]) == str(e) and got.error[r].status == e.status, op
                assert not got.bits[r].any()
                continue
            assert got.error is None or got.error[r] is None
            same_result(got.result(r), want, (op, r))
    assert texunit._stacked_columns(cols(coord), np.float32) and not texunit._stacked_columns(coord, np.float32)
    assert texunit.execute_stacked(tex, smp, "sample_l", coord=coord, lod=lod).errors is None
    assert sum(m is not None for m in texunit.execute_stacked(tex, smp, "gather4", coord=coord, channel=channel).errors[2]) == n // 2
    # out=: the arrays of an earlier result written again, the same bits.
    first = texunit.execute_stacked(tex, smp, "sample_l", coord=coord, lod=lod)
    keep = first.bits.copy()
    again = texunit.execute_stacked(tex, smp, "sample_l", coord=coord[::-1].copy(), lod=lod[::-1].copy(), out=first)
    assert again.bits.base is not None and np.shares_memory(again.bits, first.bits)
    assert np.array_equal(again.bits, keep[::-1])
    with pytest.raises(texunit.TexunitError, match=r"^out: want a StackedResult of 6 requests of 36 lanes"):
        texunit.execute_stacked(tex, smp, "sample_l", coord=coord[:6], lod=lod[:6], out=first)
    # No requests; the errors that name the field and the value.
    empty = texunit.execute_stacked(tex, smp, "sample_l", coord=coord[:0], lod=lod[:0])
    assert empty.values.shape == (0, n, 4)
    with pytest.raises(texunit.TexunitError, match=r"^lod: 6 requests, want 7 as the other operands$"):
        texunit.execute_stacked(tex, smp, "sample_l", coord=coord, lod=lod[:6])
    with pytest.raises(texunit.TexunitError, match=r"^lod: 35 lanes, want 36 as the other operands$"):
        texunit.execute_stacked(tex, smp, "sample_l", coord=coord, lod=lod[:, :35])
    with pytest.raises(texunit.TexunitError, match=r"^coord: want 3 values per lane \(shape \(requests, lanes, 3\)\), got shape \(7, 36, 2\)$"):
        texunit.execute_stacked(tex, smp, "sample_l", coord=coord[..., :2], lod=lod)
    with pytest.raises(texunit.TexunitError, match=r"^lod: want a leading request axis and a lane axis, got shape \(36,\)$"):
        texunit.execute_stacked(tex, smp, "sample_l", coord=coord, lod=lod[0])
    with pytest.raises(texunit.TexunitError, match=r"^texel: 99999999999 is out of range"):
        texunit.execute_stacked(itex, None, "fetch", texel=np.full((2, 4, 2), 99999999999))
    with pytest.raises(texunit.TexunitError, match=r"^requests: no operand gives the request count"):
        texunit.execute_stacked(tex, None, "sampleinfo", lanes=4)
    info = texunit.execute_stacked(tex, None, "resinfo", level=np.zeros((3, 4), np.int32))
    assert info.kind == "uint" and np.array_equal(info.result(1).values, texunit.execute(tex, None, "resinfo", level=np.zeros(4, np.int32)).values)


def test_results_start_on_cache_lines():
    """Every request's result rows start on a 64-byte boundary (the library's
    vector kernels store a row 64 bytes at a time), whatever numpy's own
    allocation gives: execute's, a Batch's and execute_stacked's (each
    request's, the stride padded), with the same bits as unpadded results."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 32, "height": 32, "levels": 1,
                           "data": {"hash": {"seed": 9}}})
    smp = texunit.Sampler({"mag": "linear", "min": "linear"})
    rng = np.random.default_rng(4)
    for n in (1, 5, 36, 64, 1000, 1024):
        coord = rng.random((3, n, 2), dtype=np.float32)
        b = texunit.Batch()
        for r in range(3):
            b.add(tex, smp, "gather4", coord=coord[r])
        ran = b.run()
        stacked = texunit.execute_stacked(tex, smp, "gather4", coord=coord)
        for r in range(3):
            one = texunit.execute(tex, smp, "gather4", coord=coord[r])
            for res in (one, ran[r], stacked.result(r)):
                assert res.bits.T.flags.c_contiguous  # 4 × lanes rows, as the library writes them
                assert res.bits.ctypes.data % 64 == 0, (n, r)
            same_result(ran[r], one, (n, r))
            same_result(stacked.result(r), one, (n, r))
        # Requests one cache line more than whole lines apart: never a multiple of 4 KB.
        assert stacked._words.strides[0] % 64 == 0 and stacked._words.strides[0] % 4096 != 0
        assert stacked.resident.strides[0] % 64 == 0 and stacked.resident.strides[0] % 4096 != 0
        assert all(stacked.resident[r].ctypes.data % 64 == 0 for r in range(3))
        again = texunit.execute_stacked(tex, smp, "gather4", coord=coord[::-1].copy(), out=stacked)
        assert np.array_equal(again.bits[0], texunit.execute(tex, smp, "gather4", coord=coord[2]).bits)


def test_batch_time_go():
    """Batch.time_go runs the Batch's requests through the Go library (a
    positive time, the Results untouched); a request that fails is named by
    its index, rounds below 1 by the field."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16})
    itex = texunit.Surface({"type": "2d", "format": "r32_uint", "width": 16, "height": 16})
    smp = texunit.Sampler({"mag": "linear", "min": "linear"})
    coord = np.asfortranarray(np.random.default_rng(2).random((64, 2), dtype=np.float32))
    b = texunit.Batch()
    assert b.time_go(3) == 0.0
    for _ in range(3):
        b.add(tex, smp, "gather4", coord=coord)
    b.add(tex, None, "fetch", texel=np.zeros((64, 2), np.int32))
    first = [r.bits.copy() for r in b.run()]
    assert b.time_go(5) > 0
    assert all(np.array_equal(r.bits, f) for r, f in zip(b._results, first))
    with pytest.raises(texunit.TexunitError, match=r"^rounds: 0 \(want at least 1\)$"):
        b.time_go(0)
    b.add(itex, smp, "sample_lz", coord=coord)  # linear filtering of an integer format
    with pytest.raises(texunit.TexunitError, match=r"^requests\[4\]: "):
        b.time_go(1)


def test_batch_lane_codes_across_runs():
    """A Batch writes no lane codes while its requests have no lane errors;
    a run with lane errors gives execute's codes and messages (the request
    run alone again), and a later clean run zeros them again."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "levels": 1,
                           "data": {"hash": {"seed": 6}}})
    smp = texunit.Sampler({"mag": "linear", "min": "linear"})
    n = 300
    coord = np.asfortranarray(np.random.default_rng(8).random((n, 2), dtype=np.float32))
    channel = np.zeros(n, np.int32)
    b = texunit.Batch()
    b.add(tex, smp, "gather4", coord=coord, channel=channel)
    b.add(tex, smp, "gather4", coord=coord, channel=channel)
    for bad in (None, None, None, slice(None, None, 7), None, None, slice(5, 6), slice(5, 6), None, None):
        channel[:] = 1
        if bad is not None:
            channel[bad] = 9
        want = texunit.execute(tex, smp, "gather4", coord=coord, channel=channel)
        for got in b.run():
            same_result(got, want, bad)
            assert (got.errors is None) == (bad is None)
            assert not got.codes.any() if bad is None else got.codes[bad].all() and got.codes.sum() == want.codes.sum()


def test_execute_stacked_reuse():
    """execute_stacked's packed requests are kept for a shape and only their
    addresses rewritten: calls alternating surfaces, samplers, operands and
    options of one shape each give execute's results; lane codes set by one
    call into out= arrays are zero again after a clean call."""
    rng = np.random.default_rng(12)
    texs = [texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 32, "height": 32, "levels": 0,
                             "data": {"hash": {"seed": seed}}}) for seed in (1, 2)]
    smps = [texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear"}), texunit.Sampler({"mag": "nearest"})]
    R, n = 5, 40
    coord = rng.random((R, n, 2), dtype=np.float32)
    lod = rng.random((R, n), dtype=np.float32) * 3
    last = None
    for i in range(12):  # more shapes than the cache keeps, and the same ones again
        tex, smp = texs[i % 2], smps[(i // 2) % 2]
        c = coord[:, : n - 4 * (i % 3)] if i % 4 < 2 else np.ascontiguousarray(coord[:, : n - 4 * (i % 3)].transpose(0, 2, 1)).transpose(0, 2, 1)
        kw = {"derivatives": "fine"} if i % 5 == 0 else {}
        got = texunit.execute_stacked(tex, smp, "sample", coord=c, **kw)
        for r in range(R):
            same_result(got.result(r), texunit.execute(tex, smp, "sample", coord=c[r], **kw), (i, r))
        got = texunit.execute_stacked(tex, smp, "sample_l", coord=c, lod=lod[:, : c.shape[1]])
        for r in (0, R - 1):
            same_result(got.result(r), texunit.execute(tex, smp, "sample_l", coord=c[r], lod=lod[r, : c.shape[1]]), (i, r))
    channel = np.zeros((R, n), np.int32)
    for bad in (True, False, True, False):
        channel[:] = 2
        if bad:
            channel[1:3, ::5] = 4
        last = texunit.execute_stacked(texs[0], smps[0], "gather4", coord=coord, channel=channel, out=last)
        for r in range(R):
            same_result(last.result(r), texunit.execute(texs[0], smps[0], "gather4", coord=coord[r], channel=channel[r]), (bad, r))
        assert (last.errors is None) != bad and last.codes.any() == bad


def test_result_arrays_made_on_first_use():
    """execute's Result makes its arrays when first read: the same object on
    every read, views of one block (bits and values the same words; uint
    results one array), settable like any Result's, in any order of reads."""
    tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8, "data": {"hash": {"seed": 1}}})
    itex = texunit.Surface({"type": "2d", "format": "r32_uint", "width": 8, "height": 8, "data": {"hash": {"seed": 1}}})
    coord = np.random.default_rng(3).random((16, 2), dtype=np.float32)
    a = texunit.execute(tex, None, "sample_lz", coord=coord)
    b = texunit.execute(tex, None, "sample_lz", coord=coord)
    assert isinstance(a, texunit.Result)
    assert a.values is a.values and a.bits is a.bits and a.codes is a.codes and a.resident is a.resident
    assert np.shares_memory(a.values, a.bits) and np.array_equal(a.values.view(np.uint32), a.bits)
    assert np.array_equal(b.bits, a.bits) and np.array_equal(b.values, a.values)  # read in the other order
    assert a.values.shape == (16, 4) and a.values.dtype == np.float32 and a.resident.all() and not a.codes.any()
    u = texunit.execute(itex, None, "fetch", texel=np.zeros((4, 2), np.int32), level=np.zeros(4, np.int32))
    assert u.kind == "uint" and u.values is u.bits
    a.values = np.zeros((16, 4), np.float32)
    assert not a.values.any() and a.bits.any()
    assert repr(b).startswith("<texunit.Result 16 lanes, float")


def test_stacked_and_batches_in_threads():
    """execute_stacked's packed requests are per thread and Batches are their
    own: eight threads running stacked calls of several shapes (fresh results
    and out=) and re-running Batches at once get what one thread gets."""
    t = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 0,
                         "data": {"hash": {"seed": 4}}})
    smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear"})
    rng = np.random.default_rng(10)
    shapes = [(3, 64), (5, 36), (2, 128), (7, 16)]
    ops = [(rng.random((R, n, 2), dtype=np.float32), (rng.random((R, n), dtype=np.float32) * 4)) for R, n in shapes]
    want = [texunit.execute_stacked(t, smp, "sample_l", coord=c, lod=l).bits.copy() for c, l in ops]

    def run(k):
        i = k % len(ops)
        c, l = ops[i]
        got = texunit.execute_stacked(t, smp, "sample_l", coord=c, lod=l)
        again = texunit.execute_stacked(t, smp, "sample_l", coord=c, lod=l, out=got)
        b = texunit.Batch()
        for r in range(len(c)):
            b.add(t, smp, "sample_l", coord=c[r], lod=l[r])
        runs = [b.run() for _ in range(2)]
        return i, again.bits.copy(), [[res.bits.copy() for res in rs] for rs in runs]

    with concurrent.futures.ThreadPoolExecutor(8) as ex:
        for i, bits, runs in ex.map(run, range(64)):
            assert np.array_equal(bits, want[i])
            for rs in runs:
                assert all(np.array_equal(b, w) for b, w in zip(rs, want[i]))


def test_read_only_operands():
    """Read-only operand arrays (whose address ctypes' buffer support cannot
    take) are read as writable ones are, in every call."""
    t = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 16, "height": 16, "data": {"hash": {"seed": 2}}})
    coord = np.random.default_rng(5).random((4, 32, 2), dtype=np.float32)
    cols = np.ascontiguousarray(coord.transpose(0, 2, 1)).transpose(0, 2, 1)
    want = texunit.execute_stacked(t, None, "sample_lz", coord=coord)
    for c in (coord, cols):
        c = c.copy() if c is coord else c
        c.setflags(write=False)
        assert np.array_equal(texunit.execute_stacked(t, None, "sample_lz", coord=c).bits, want.bits)
        b = texunit.Batch()
        b.add(t, None, "sample_lz", coord=c[1])
        assert np.array_equal(b.run()[0].bits, want.bits[1])
        assert np.array_equal(texunit.execute(t, None, "sample_lz", coord=c[2]).bits, want.bits[2])


def test_execute_stacked_large_calls_not_kept():
    """execute_stacked keeps the packed requests of calls of up to
    _STACKED_KEPT requests only (eight shapes a thread); larger calls make
    theirs again, with the same results."""
    t = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8, "data": {"hash": {"seed": 3}}})
    kept = texunit._STACKED_KEPT
    coord = np.random.default_rng(6).random((kept + 1, 4, 2), dtype=np.float32)
    texunit._local.stacked = {}
    small = texunit.execute_stacked(t, None, "sample_lz", coord=coord[:kept])
    assert len(texunit._local.stacked) == 1
    large = texunit.execute_stacked(t, None, "sample_lz", coord=coord)
    again = texunit.execute_stacked(t, None, "sample_lz", coord=coord, out=large)
    assert len(texunit._local.stacked) == 1
    assert np.array_equal(again.bits[:kept], small.bits)
    assert np.array_equal(again.bits[kept], texunit.execute(t, None, "sample_lz", coord=coord[kept]).bits)
    for k in range(10):  # more shapes than kept
        texunit.execute_stacked(t, None, "sample_lz", coord=coord[:k + 1])
    assert len(texunit._local.stacked) == 8
