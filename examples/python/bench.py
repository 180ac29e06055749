"""The Python package's throughput against the Go library's on the same
requests, in one process (run after installing the package):

    /usr/bin/python3 examples/python/bench.py           # BENCH_MS=200 BENCH_REPS=7 for longer runs

For each workload and lane count it times texunit.execute (numpy arrays in,
a Result out: the per-call Python work, ctypes, the C interface) and
texunit.time_go on the same operands (sampler.Engine.Execute in a Go loop),
alternately, REPS times, and prints the median samples/s of each, the
ratio's median and its range. Then the per-call overhead: execute's time
minus the Go library's, for small requests.
"""

import os
import statistics
import time

import numpy as np

import texunit

MS = float(os.environ.get("BENCH_MS", "60"))
REPS = int(os.environ.get("BENCH_REPS", "5"))

WORKLOADS = [
    ("bilinear rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 1},
     {"mag": "linear", "min": "linear"}, "sample_l"),
    ("trilinear rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 0},
     {"mag": "linear", "min": "linear", "mip": "linear"}, "sample_l"),
    ("aniso 16x sample_d", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 0},
     {"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16}, "sample_d"),
    ("fetch rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 1}, None, "fetch"),
]


def operands(op, n, rng):
    if op == "fetch":
        return {"texel": rng.integers(0, 256, size=(n, 2), dtype=np.int32)}
    ops = {"coord": rng.random((n, 2), dtype=np.float32)}
    if op == "sample_l":
        ops["lod"] = (rng.random(n, dtype=np.float32) * 6).astype(np.float32)
    if op == "sample_d":
        ops["ddx"] = ((rng.random((n, 2), dtype=np.float32) - 0.5) / 16).astype(np.float32)
        ops["ddy"] = ((rng.random((n, 2), dtype=np.float32) - 0.5) / 64).astype(np.float32)
    return ops


def measure(surface, sampler, engine, op, ops, n):
    t0 = time.perf_counter()
    texunit.time_go(surface, sampler, op, 20, engine=engine, **ops)
    per = (time.perf_counter() - t0) / 20
    iters = max(10, int(MS / 1e3 / max(per, 1e-7)))
    py, go = [], []
    for _ in range(REPS):
        t0 = time.perf_counter()
        for _ in range(iters):
            texunit.execute(surface, sampler, op, engine=engine, **ops)
        py.append(time.perf_counter() - t0)
        go.append(texunit.time_go(surface, sampler, op, iters, engine=engine, **ops))
    ratios = sorted(g / p for p, g in zip(py, go))
    return (n * iters / statistics.median(py) / 1e6, n * iters / statistics.median(go) / 1e6,
            statistics.median(ratios), ratios[0], ratios[-1], (statistics.median(py) - statistics.median(go)) / iters)


def main():
    rng = np.random.default_rng(12345)
    engine = texunit.Engine()
    print("| workload | lanes | Python M samples/s | Go M samples/s | Python/Go (median) | range | overhead µs/call |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, surf, smp, op in WORKLOADS:
        s = texunit.Surface(surf)
        sm = texunit.Sampler(smp) if smp else None
        for n in (1, 64, 1024, 4096, 16384):
            ops = operands(op, n, rng)
            p, g, r, lo, hi, ovh = measure(s, sm, engine, op, ops, n)
            print("| %s | %d | %.2f | %.2f | %.3f | %.3f–%.3f | %.1f |" % (name, n, p, g, r, lo, hi, ovh * 1e6), flush=True)


if __name__ == "__main__":
    main()
