"""The Python package's throughput against the Go library's on the same
requests, in one process (run after installing the package):

    /usr/bin/python3 examples/python/bench.py           # BENCH_MS=200 BENCH_REPS=7 for longer runs

For each workload and lane count it times texunit.execute (numpy arrays in,
a Result out: the per-call Python work, ctypes, the C interface) and
texunit.time_go on the same operands (sampler.Engine.Execute in a Go loop),
alternately, REPS times, in this thread's CPU time (both run on it; CPU time
leaves out the waits a shared machine adds), and prints the median
samples/s of each, the median of the repetitions' ratios, the range of
their middle half, and the per-call overhead (execute's time per call minus
the Go library's). The requests are bench.c's: lane i a pixel of a square
block on a 256×256 texture, coordinates stepping k texels per pixel.

Each request is timed four ways: "execute" (one call a request),
"execute_many" (a list of R requests a call, the Batch built each time),
"execute_stacked" (R requests' operands stacked on a leading axis, packed
by numpy each call, the results written into the last call's arrays with
out=) and "Batch.run" (a Batch of R requests made once and run again, as a
simulator that refills its operand arrays each cycle would), with R = 64
requests up to 1,024 lanes and 65,536 lanes' worth above (16 of 4,096, 4
of 16,384: the results of one run stay within the caches, as a cycle's
would); the overhead column is per request.
"""

import os
import statistics
import time

import numpy as np

import texunit

MS = float(os.environ.get("BENCH_MS", "30"))
REPS = int(os.environ.get("BENCH_REPS", "9"))
MANY = 64      # requests a call, up to
MANY_LANES = 65536  # lanes a call, above 1,024-lane requests
# BENCH_GO=one: the Go library re-runs one request for every row (the
# reference before texunit_time_go_many), not the same set of requests.
GO = os.environ.get("BENCH_GO", "same")


def many(n):
    """The requests a many-requests call holds for n-lane requests."""
    return max(1, min(MANY, MANY_LANES // n))
clock = time.thread_time

WORKLOADS = [
    ("bilinear rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 1},
     {"mag": "linear", "min": "linear"}, "sample_l"),
    ("trilinear rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 0},
     {"mag": "linear", "min": "linear", "mip": "linear"}, "sample_l"),
    ("aniso 16x sample_d", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 0},
     {"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 16}, "sample_d"),
    ("gather4 rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 1},
     {"mag": "linear", "min": "linear"}, "gather4"),
    ("fetch rgba8", {"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256, "levels": 1}, None, "fetch"),
]


def operands(name, op, n):
    """bench.c's operands, lanes × n arrays stored column by column
    (np.array([u, v]).T), which the library reads in place."""
    side = int(round(n ** 0.5)) if int(round(n ** 0.5)) ** 2 == n else min(n, 64)
    i = np.arange(n)
    x, y = (i % side).astype(np.float32) + 0.5, (i // side).astype(np.float32) + 0.5
    if op == "fetch":
        return {"texel": np.array([i % side, i // side], dtype=np.int32).T}
    k = np.float32(2.3 if name.startswith("tri") else 1.5 if op == "sample_d" else 1.0)
    ops = {"coord": np.array([x * k / 256, y * k / 256], dtype=np.float32).T}
    if op == "sample_l":
        ops["lod"] = np.full(n, np.log2(k), dtype=np.float32)
    if op == "sample_d":
        ops["ddx"] = np.array([np.full(n, k / 256), np.zeros(n)], dtype=np.float32).T
        ops["ddy"] = np.array([np.zeros(n), np.full(n, 4 * k / 256)], dtype=np.float32).T
    return ops


def measure(surface, sampler, engine, op, ops, n, how):
    t0 = clock()
    texunit.time_go(surface, sampler, op, 20, engine=engine, **ops)
    per = (clock() - t0) / 20
    iters = max(10, int(MS / 1e3 / max(per, 1e-7)))
    r = 1 if how == "execute" else many(n)
    iters = (iters + r - 1) // r * r
    # The Go library on the same requests: one request again and again for
    # execute (the same operands, one result), else the same r requests
    # as the Python call runs (each its own result rows, the operands as
    # shared between them as in Python), as a Batch (texunit_time_go_many).
    same = texunit.Batch(engine)
    if how == "execute":
        def run():
            for _ in range(iters):
                texunit.execute(surface, sampler, op, engine=engine, **ops)
    elif how == "execute_many":
        reqs = [dict(surface=surface, sampler=sampler, op=op, **ops)] * r
        for _ in range(r):
            same.add(surface, sampler, op, **ops)

        def run():
            for _ in range(iters // r):
                texunit.execute_many(reqs, engine=engine)
    elif how == "execute_stacked":
        # Each request's lanes × n operands stored column by column, as above.
        stacked = {k: (np.ascontiguousarray(np.broadcast_to(v.T, (r,) + v.T.shape)).transpose(0, 2, 1) if np.ndim(v) == 2
                       else np.ascontiguousarray(np.broadcast_to(v, (r,) + np.shape(v)))) for k, v in ops.items()}
        for i in range(r):
            same.add(surface, sampler, op, **{k: v[i] for k, v in stacked.items()})

        last = texunit.execute_stacked(surface, sampler, op, engine=engine, **stacked)

        def run():
            for _ in range(iters // r):
                texunit.execute_stacked(surface, sampler, op, engine=engine, out=last, **stacked)
    else:
        batch = texunit.Batch(engine)
        for _ in range(r):
            batch.add(surface, sampler, op, **ops)
        same = batch

        def run():
            for _ in range(iters // r):
                batch.run()

    if how == "execute" or GO == "one":
        def go():
            t0 = clock()
            texunit.time_go(surface, sampler, op, iters, engine=engine, **ops)
            return clock() - t0
    else:
        # time_go's copies of the operands, its result rows and its warm-up
        # run cost as much as a few rounds (a sixth of a 30 ms row of 1,024
        # anisotropic lanes): the time of iters // r rounds is the
        # difference from a call of one round.
        def go():
            t0 = clock()
            same.time_go(1)
            t1 = clock()
            same.time_go(1 + iters // r)
            return (clock() - t1) - (t1 - t0)
    py, gos = [], []
    for _ in range(REPS):
        t0 = clock()
        run()
        py.append(clock() - t0)
        gos.append(go())
    ratios = sorted(g / p for p, g in zip(py, gos))
    q = len(ratios) // 4
    return (n * iters / statistics.median(py) / 1e6, n * iters / statistics.median(gos) / 1e6,
            statistics.median(ratios), ratios[q], ratios[-1 - q], (statistics.median(py) - statistics.median(gos)) / iters)


def main():
    engine = texunit.Engine()
    print("| workload | lanes | call | Python M samples/s | Go M samples/s | Python/Go (median) | middle half | overhead µs/request |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for name, surf, smp, op in WORKLOADS:
        s = texunit.Surface(surf)
        sm = texunit.Sampler(smp) if smp else None
        for n in (1, 64, 1024, 4096, 16384):
            ops = operands(name, op, n)
            for how in ("execute", "execute_many", "execute_stacked", "Batch.run"):
                p, g, r, lo, hi, ovh = measure(s, sm, engine, op, ops, n, how)
                call = how if how == "execute" else "%s (%d a call)" % (how, many(n))
                print("| %s | %d | %s | %.2f | %.2f | %.3f | %.3f–%.3f | %.2f |" % (name, n, call, p, g, r, lo, hi, ovh * 1e6),
                      flush=True)


if __name__ == "__main__":
    main()
