"""A runnable example of the texunit Python package (README, "From Python").

    /usr/bin/python3 examples/python/example.py
"""

import numpy as np

import texunit

# A 256×256 RGBA8 texture with a full mip chain (hash data), a trilinear,
# 8× anisotropic sampler: the batch protocol's surface and sampler objects.
tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_srgb", "width": 256, "height": 256,
                       "levels": 0, "data": {"hash": {"seed": 42}}})
smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear", "max_anisotropy": 8})

# 4,096 lanes of sample_d (explicit gradients): coord and ddx/ddy are lanes × 2.
rng = np.random.default_rng(1)
n = 4096
coord = rng.random((n, 2), dtype=np.float32)
ddx = np.column_stack([np.full(n, 1 / 64), np.zeros(n)]).astype(np.float32)
ddy = np.column_stack([np.zeros(n), np.full(n, 1 / 256)]).astype(np.float32)
r = texunit.execute(tex, smp, "sample_d", coord=coord, ddx=ddx, ddy=ddy)
print(r, r.values.dtype, r.values.shape)
print("lane 0:", r.values[0], "bits", [f"{b:08x}" for b in r.bits[0]])
print("mean colour:", r.values.mean(axis=0))

# Texel fetches of an integer format give integers; a bad offset fails its lane only.
ints = texunit.Surface({"type": "2d", "format": "r32_uint", "width": 8, "height": 8, "levels": 1})
f = texunit.execute(ints, None, "fetch", texel=[[1, 2], [3, 4], [5, 6]], offset=[[0, 0], [1, 1], [9, 0]])
print(f.kind, f.values[:, 0], f.errors)

# Queries need no operands: lanes=N gives the count.
ms = texunit.Surface({"type": "2d_ms", "format": "r8g8b8a8_unorm", "width": 4, "height": 4, "samples": 4})
print("sampleinfo:", texunit.execute(ms, None, "sampleinfo", lanes=1).values[0])

# Errors name the field and the value, as the batch's do.
try:
    texunit.Sampler({"mag": "bicubic"})
except texunit.TexunitError as e:
    print("TexunitError:", e)
