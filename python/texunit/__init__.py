"""texunit: a bit-exact model of a GPU texture sampling unit, from Python.

numpy arrays in, numpy arrays out, over libtexunit (the C library built from
the checkout's ``capi/``) through ``ctypes``. The vocabulary is the batch
protocol's (``go doc github.com/texunit/texunit/batch``): a surface is its
"surface" object, a sampler state its "sampler" object, a precision its
"precision" object, operations have its names and operands its lane fields,
and results are bit for bit what ``texunit batch`` writes.

    >>> import numpy as np, texunit
    >>> tex = texunit.Surface({"type": "2d", "format": "r8g8b8a8_unorm",
    ...                        "width": 64, "height": 64, "levels": 0})
    >>> smp = texunit.Sampler({"mag": "linear", "min": "linear", "mip": "linear"})
    >>> coord = np.random.default_rng(1).random((1024, 2), dtype=np.float32)
    >>> r = texunit.execute(tex, smp, "sample_l", coord=coord, lod=np.zeros(1024))
    >>> r.values.shape, r.values.dtype, bool(r.resident.all()), r.errors
    ((1024, 4), dtype('float32'), True, None)

Operands (each a numpy array or anything ``numpy.asarray`` takes; lanes is
the first axis):

- ``coord``: lanes × n floats, n by the surface type (1d 1, 2d 2, 2d_array 3,
  3d 3, cube 3, cube_array 4; ``Surface.coord_count``);
- ``lod``, ``bias``, ``ref``, ``min_lod``: one float per lane;
- ``ddx``, ``ddy``: lanes × g floats (``Surface.gradient_count``);
- ``offset``: lanes × 1..3 integers (the missing trailing ones 0);
- ``channel``, ``level``, ``sample``: one integer per lane;
- ``texel``: lanes × n integers;
- ``active``: one bool per lane (default: all).

An operation takes the operands its batch lanes take: giving one it does not
use, or leaving out one it needs, is a ``TexunitError``, as in the batch.
``lanes=N`` gives the lane count where no operand does (``sampleinfo``).

Floats are converted to float32 (rounded to nearest, as the batch rounds
JSON numbers); integers must be integers within int32. Arrays that already
are contiguous float32 or int32 are read in place, with no copy; the
library transposes lanes × n arrays, unless every one of them is stored
column by column (Fortran order, such as ``np.array([u, v]).T``), which it
reads in place: the fastest form for large requests.

Many small requests go into one call into the library (texunit_execute_many),
since a call costs several microseconds of Python whatever its size:
``execute_stacked`` runs many requests of one operation whose operands are
stacked on a leading request axis, its Python work fixed whatever their
number; ``execute_many`` runs a list of requests given as dicts of
``execute``'s arguments; a ``Batch`` is built once (``add``) and run again and
again (``run``), reading operand arrays refilled in place. A request that
fails in the library fails alone (``Result.error``).

Objects may be shared between threads; each call releases the GIL while the
library works.
"""

import ctypes
import json
import os
import struct
import threading

import numpy as np

__all__ = [
    "Surface", "Sampler", "Engine", "Result", "TexunitError", "execute", "execute_many", "Batch",
    "execute_stacked", "StackedResult",
    "OPS", "ABI_VERSION", "library_path",
]

ABI_VERSION = 1  # texunit.h's TEXUNIT_ABI_VERSION this module was written for

# The operations, in the order of texunit.h's TEXUNIT_OP_* codes.
OPS = (
    "sample", "sample_b", "sample_l", "sample_lz", "sample_d",
    "sample_c", "sample_b_c", "sample_l_c", "sample_c_lz", "sample_d_c",
    "lod", "gather4", "gather4_c", "gather4_l", "gather4_b", "gather4_i", "gather4_i_c",
    "gather4_po", "gather4_po_c", "gather4_po_l", "gather4_po_b", "gather4_po_i",
    "gather4_po_i_c", "gather4_po_l_c", "fetch", "fetch_ms", "resinfo", "sampleinfo", "samplepos",
)
_OP_CODES = {name: i for i, name in enumerate(OPS)}

_STATUS = {
    -1: "invalid argument", -2: "invalid handle", -3: "invalid request",
    -4: "file error", -5: "out of memory", -6: "internal error",
}
_KINDS = ("float", "uint", "sint")
_VALUE_DTYPES = (np.dtype(np.float32), np.dtype(np.uint32), np.dtype(np.int32))
_U32, _I32, _BOOL, _ndarray = np.dtype(np.uint32), np.dtype(np.int32), np.dtype(np.bool_), np.ndarray


class TexunitError(Exception):
    """An error from libtexunit: the message names the field and the value
    (as the batch's does); ``status`` is the C status code (texunit.h)."""

    def __init__(self, message, status=-1):
        super().__init__(message)
        self.status = status


class _Handle(ctypes.Structure):
    _fields_ = [("id", ctypes.c_uint64)]


class _SurfaceInfo(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_char * 16), ("format", ctypes.c_char * 48),
        ("width", ctypes.c_int32), ("height", ctypes.c_int32), ("depth", ctypes.c_int32),
        ("layers", ctypes.c_int32), ("levels", ctypes.c_int32), ("samples", ctypes.c_int32),
        ("base_level", ctypes.c_int32), ("level_count", ctypes.c_int32),
        ("base_layer", ctypes.c_int32), ("layer_count", ctypes.c_int32),
        ("coord_count", ctypes.c_int32), ("gradient_count", ctypes.c_int32),
        ("bytes", ctypes.c_size_t),
    ]


_P = ctypes.c_void_p


class _Operands(ctypes.Structure):
    _fields_ = [
        ("lanes", ctypes.c_int32), ("layout", ctypes.c_int32),
        ("coord", _P), ("lod", _P), ("bias", _P), ("ref", _P), ("ddx", _P), ("ddy", _P),
        ("offset", _P), ("offset_count", ctypes.c_int32),
        ("channel", _P), ("texel", _P), ("level", _P), ("sample", _P),
        ("min_lod", _P), ("active", _P),
    ]


class _Trace(ctypes.Structure):
    _fields_ = [
        ("texels", _P), ("capacity", ctypes.c_size_t), ("count", ctypes.c_size_t),
        ("lane_start", _P), ("texel_bytes", ctypes.c_int32),
    ]


# texunit_texel as a numpy record: the batch's "texels" and more.
TEXEL_DTYPE = np.dtype([("lane", np.int32), ("level", np.int32), ("layer", np.int32), ("x", np.int32), ("y", np.int32),
                        ("z", np.int32), ("sample", np.int32), ("border", np.int32), ("resident", np.int32),
                        ("block", np.int32), ("weight", np.float64), ("offset", np.int64)])


class _Options(ctypes.Structure):
    _fields_ = [
        ("derivatives", ctypes.c_int32), ("projective", ctypes.c_int32),
        ("coarse_pixel", ctypes.c_float * 2), ("trace", ctypes.POINTER(_Trace)),
    ]


# texunit_footprint as a numpy record (texunit.footprint).
FOOTPRINT_DTYPE = np.dtype([("single_level", np.int32), ("anchor", np.uint32, 3), ("offset", np.uint32, 3),
                            ("mask", np.uint32, 2), ("lod", np.uint32), ("granularity", np.uint32), ("truncated", np.int32),
                            ("error", np.int32)])


class _Results(ctypes.Structure):
    _fields_ = [
        ("values", _P), ("resident", _P), ("errors", _P),
        ("messages", _P), ("messages_size", ctypes.c_size_t), ("layout", ctypes.c_int32),
        ("kind", ctypes.c_int32), ("failed", ctypes.c_int32),
        ("messages_needed", ctypes.c_size_t),
    ]


def library_path():
    """The libtexunit the module loads: $TEXUNIT_LIBRARY, else the one
    installed beside this file."""
    return os.environ.get("TEXUNIT_LIBRARY") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "libtexunit.so")


def _load():
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(
            "texunit: cannot load libtexunit (%s): install the package with "
            "'pip install --no-build-isolation ./python' from a checkout, or set "
            "TEXUNIT_LIBRARY to a libtexunit.so" % e) from None
    c_int, c_char_p = ctypes.c_int, ctypes.c_char_p
    out = ctypes.POINTER(_Handle)
    for name, res, args in (
        ("texunit_abi_version", c_int, []),
        ("texunit_last_error", c_char_p, []),
        ("texunit_surface_new", c_int, [c_char_p, out]),
        ("texunit_surface_from_file", c_int, [c_char_p, c_char_p, out]),
        ("texunit_surface_from_memory", c_int, [c_char_p, _P, ctypes.c_size_t, out]),
        ("texunit_surface_info_get", c_int, [_Handle, ctypes.POINTER(_SurfaceInfo)]),
        ("texunit_surface_free", c_int, [_Handle]),
        ("texunit_sampler_new", c_int, [c_char_p, out]),
        ("texunit_sampler_free", c_int, [_Handle]),
        ("texunit_engine_new", c_int, [c_char_p, out]),
        ("texunit_engine_free", c_int, [_Handle]),
        ("texunit_op", c_int, [c_char_p]),
        ("texunit_op_name", c_char_p, [c_int]),
        ("texunit_execute", c_int, [_Handle, _Handle, _Handle, c_int, _P, _P]),
        ("texunit_execute_traced", c_int, [_Handle, _Handle, _Handle, c_int, _P, _P, ctypes.POINTER(_Trace)]),
        ("texunit_execute_ex", c_int, [_Handle, _Handle, _Handle, c_int, _P, _P, ctypes.POINTER(_Options)]),
        ("texunit_footprint_query", c_int, [_Handle, _Handle, _Handle, c_int, _P, ctypes.POINTER(_Options),
                                            ctypes.c_int32, ctypes.c_int32, _P]),
        ("texunit_time_go", ctypes.c_int64, [_Handle, _Handle, _Handle, c_int, _P, ctypes.c_int64]),
        ("texunit_execute_many", c_int, [_Handle, ctypes.c_size_t, _P]),
        ("texunit_time_go_many", ctypes.c_int64, [_Handle, ctypes.c_size_t, _P, ctypes.c_int64]),
    ):
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    if lib.texunit_abi_version() != ABI_VERSION:
        raise ImportError("texunit: %s has ABI version %d, this module needs %d"
                          % (path, lib.texunit_abi_version(), ABI_VERSION))
    for i, name in enumerate(OPS):
        if lib.texunit_op_name(i) != name.encode():
            raise ImportError("texunit: %s names operation %d %r, not %r" % (path, i, lib.texunit_op_name(i), name))
    return lib


_lib = _load()


def _check(status):
    if status < 0:
        msg = _lib.texunit_last_error().decode("utf-8", "replace")
        raise TexunitError(msg or _STATUS.get(status, "error %d" % status), status)
    return status


def _json(obj, what):
    """obj as JSON text (str as given, dict and the like serialized)."""
    if obj is None:
        return None
    if isinstance(obj, bytes):
        return obj
    if isinstance(obj, str):
        return obj.encode()
    try:
        return json.dumps(obj, allow_nan=False).encode()
    except (TypeError, ValueError) as e:
        raise TypeError("%s: want a dict (the batch protocol's %s object) or JSON text: %s" % (what, what, e)) from None


class _Object:
    _free = None

    def __init__(self):
        self._h = _Handle(0)

    def close(self):
        """Frees the library's object now (otherwise when garbage-collected)."""
        h, self._h = self._h, _Handle(0)
        if h.id and _lib is not None:
            getattr(_lib, self._free)(h)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Surface(_Object):
    """A surface and its view: the batch protocol's "surface" object (a dict
    or JSON text), for example ``{"type": "2d", "format": "r8g8b8a8_unorm",
    "width": 64, "height": 64, "levels": 0, "data": {"hash": {"seed": 7}}}``.

    With ``data`` (bytes, a buffer or a numpy array), the texels are those
    bytes in the surface's stream order (the batch's ``{"file": ...}`` data)
    and the object must not have "data". Paths in ``{"file": ...}`` and
    ``{"image": ...}`` data are read under the current directory only, as the
    batch reads them; ``Surface.from_file`` reads any path.
    """

    _free = "texunit_surface_free"

    def __init__(self, desc, data=None):
        super().__init__()
        text = _json(desc, "surface")
        if text is None:
            raise TypeError("surface: want a dict (the batch protocol's surface object)")
        if data is None:
            _check(_lib.texunit_surface_new(text, ctypes.byref(self._h)))
        else:
            if isinstance(data, np.ndarray):
                buf = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
            else:
                buf = np.frombuffer(data, dtype=np.uint8)
            _check(_lib.texunit_surface_from_memory(text, buf.ctypes.data, buf.nbytes, ctypes.byref(self._h)))
        self._describe()

    @classmethod
    def from_file(cls, path, desc=None):
        """A surface from a texture file (PNG, KTX 2.0, KTX 1.1, DDS, Radiance
        HDR, astcenc's .astc), which gives the format and sizes (an ASTC
        "format" in ``desc`` chooses how .astc blocks are read: unorm, srgb
        or sfloat). ``desc`` (optional) is a surface
        object without "data" that reinterprets or views the file as a batch
        job's ``{"image": path}`` surface may (``"type"`` required)."""
        self = cls.__new__(cls)
        _Object.__init__(self)
        _check(_lib.texunit_surface_from_file(os.fsencode(path), _json(desc, "surface"), ctypes.byref(self._h)))
        self._describe()
        return self

    def _describe(self):
        info = _SurfaceInfo()
        _check(_lib.texunit_surface_info_get(self._h, ctypes.byref(info)))
        self.info = {name: getattr(info, name) for name, _ in _SurfaceInfo._fields_}
        self.info["type"] = info.type.decode()
        self.info["format"] = info.format.decode()
        self.type = self.info["type"]
        self.format = self.info["format"]
        self.coord_count = info.coord_count
        self.gradient_count = info.gradient_count

    def __repr__(self):
        i = self.info
        return "<texunit.Surface %s %s %dx%dx%d, %d layers, %d levels, %d samples>" % (
            i["type"], i["format"], i["width"], i["height"], i["depth"], i["layers"], i["levels"], i["samples"])


class Sampler(_Object):
    """A sampler state: the batch protocol's "sampler" object (a dict or JSON
    text), for example ``{"mag": "linear", "min": "linear", "mip": "linear",
    "address": "clamp_to_edge"}``; None or ``{}`` for the defaults."""

    _free = "texunit_sampler_free"

    def __init__(self, desc=None):
        super().__init__()
        self.desc = desc
        _check(_lib.texunit_sampler_new(_json(desc, "sampler"), ctypes.byref(self._h)))


class Engine(_Object):
    """An engine: the batch protocol's "precision" object (``{"mode":
    "exact"}``, the default, or ``{"mode": "hardware", "subtexel_bits": 8,
    "lod_bits": 8}``) and a cache of the last request's set-up. ``execute``
    without an engine uses one shared exact engine."""

    _free = "texunit_engine_free"

    def __init__(self, precision=None):
        super().__init__()
        self.precision = precision
        _check(_lib.texunit_engine_new(_json(precision, "precision"), ctypes.byref(self._h)))


class Result:
    """One request's results.

    - ``values``: lanes × 4, float32 (or uint32 / int32 where ``kind`` is
      "uint" / "sint": integer formats, resinfo, sampleinfo), the batch's
      ``results``;
    - ``bits``: lanes × 4 uint32, the same words (the batch's ``bits``);
      both are views of one 4 × lanes block (Fortran-ordered; use
      ``numpy.ascontiguousarray`` for C order) whose rows start on 64-byte
      boundaries; ``execute``'s Result makes its arrays when they are first
      read;
    - ``resident``: one bool per lane;
    - ``errors``: None when every lane succeeded, else one entry per lane:
      None or the lane's message ("lane 3: offset[0]: 9 is out of range
      (-8..7)"), the batch's ``errors``;
    - ``codes``: one texunit.h TEXUNIT_LANE_* code per lane (0: none);
    - with ``execute(..., trace=True)``: ``texels``, a record array
      (TEXEL_DTYPE: lane, level, layer, x, y, z, sample, border, resident,
      block, weight, offset) of every texel each lane read, lane by lane in
      the engine's order, ``texel_start`` (lanes + 1: lane i's texels are
      ``texels[texel_start[i]:texel_start[i+1]]``) and ``texel_bytes`` (what
      one read covers: a texel, or a block of a compressed format); None
      otherwise.

    Lanes that are inactive or failed hold zeros (the batch writes null).
    ``error`` is None, except in the results of ``execute_many`` and
    ``Batch.run``, where a request that failed (that ``execute`` would
    raise for) has its TexunitError there, and zeros in its arrays.
    """

    __slots__ = ("bits", "values", "resident", "codes", "errors", "kind", "texels", "texel_start", "texel_bytes", "error")

    def __repr__(self):
        if getattr(self, "error", None) is not None:
            return "<texunit.Result failed: %s>" % self.error
        return "<texunit.Result %d lanes, %s, %s>" % (
            len(self.bits), self.kind, "no errors" if self.errors is None else "%d lane errors" % sum(e is not None for e in self.errors))


def _lazy(name, make):
    """A property for Result's slot name: the slot's value, else make(r)'s,
    kept in the slot (the arrays of execute's Results are made on first
    use: most callers read one or two of them)."""
    slot = Result.__dict__[name]

    def get(r):
        try:
            return slot.__get__(r)
        except AttributeError:
            v = make(r)
            slot.__set__(r, v)
            return v
    return property(get, slot.__set__, doc=slot.__doc__)


class _BlockResult(Result):
    """execute's Result: its arrays are views of one output block (values
    4 × lanes, codes, resident), made when first read."""

    __slots__ = ("_block", "_n", "_kind")

    bits = _lazy("bits", lambda r: _ndarray((r._n, 4), _U32, r._block, 0, (4, 4 * r._n)))
    values = _lazy("values", lambda r: r.bits if r._kind == 1 else _ndarray((r._n, 4), _VALUE_DTYPES[r._kind], r._block, 0,
                                                                           (4, 4 * r._n)))
    codes = _lazy("codes", lambda r: _ndarray(r._n, _I32, r._block, 16 * r._n))
    resident = _lazy("resident", lambda r: _ndarray(r._n, _BOOL, r._block, 20 * r._n))


_default_handle = _Handle(0)
_local = threading.local()

# texunit_operands and texunit_results as bytes (x86-64 and AArch64 LP64
# layouts, checked against the ctypes structures below): filled with one
# pack_into per call, which is much cheaper than setting ctypes fields.
_OPERANDS = struct.Struct("=ii7Qi4x6Q")
_RESULTS_IN = struct.Struct("=5Qi")    # values, resident, errors, messages, messages_size, layout
_RESULTS_OUT = struct.Struct("=ii4xQ")  # kind, failed, messages_needed, at offset 44
_OPERANDS_RESULTS = struct.Struct(_OPERANDS.format + _RESULTS_IN.format[1:])  # both, one after the other
assert ctypes.sizeof(_Operands) == _OPERANDS.size and ctypes.sizeof(_Results) == 44 + _RESULTS_OUT.size
assert _Operands.offset_count.offset == 64 and _Operands.active.offset == 112 and _Results.kind.offset == 44
assert _Results.messages_needed.offset == 56 and _OPERANDS.size % 8 == 0


_addressof, _from_buffer = ctypes.addressof, ctypes.c_char.from_buffer
_empty, _U8 = np.empty, np.dtype(np.uint8)

# Results start on a cache line: the library's vector kernels write a
# channel row 64 bytes at a time, and a row that is not 64-byte aligned
# splits every such store across two lines (gather4 at 1,024 lanes ran at
# about 0.72x the Go library, whose rows Go allocates aligned, and at
# 0.84-0.89x aligned). numpy's own allocations are 16-byte aligned.
_LINE = 64


def _block(nbytes):
    """nbytes of uninitialised uint8 starting on a 64-byte boundary."""
    return _block_at(nbytes)[0]


def _block_at(nbytes):
    """_block(nbytes) and its address."""
    raw = _empty(nbytes + _LINE - 1, _U8)
    at = _addressof(_from_buffer(raw))  # never empty: at least 63 bytes
    skip = -at % _LINE
    return raw[skip:skip + nbytes], at + skip


def _addr(a):
    """The address of a numpy array's first byte (a writable array's
    through ctypes' buffer support, three times cheaper than a.ctypes)."""
    try:
        return _addressof(_from_buffer(a))
    except (TypeError, ValueError):  # read-only, or empty
        return a.ctypes.data


def _scratch():
    """This thread's operands, results and messages buffers."""
    s = getattr(_local, "s", None)
    if s is None:
        # texunit_operands, then texunit_results (res, at _OPERANDS.size),
        # filled by one pack_into (_OPERANDS_RESULTS).
        ops = ctypes.create_string_buffer(_OPERANDS.size + ctypes.sizeof(_Results))
        res = (ctypes.c_char * ctypes.sizeof(_Results)).from_buffer(ops, _OPERANDS.size)
        msgs = ctypes.create_string_buffer(16384)
        s = _local.s = (ops, ctypes.addressof(ops), res, ctypes.addressof(res), msgs, ctypes.addressof(msgs))
    return s


def _floats(name, x, lanes, n):
    """x as contiguous float32 of shape (lanes, n), or (lanes,) for n None
    (or for n 1)."""
    a = np.ascontiguousarray(x, dtype=np.float32)
    if not (a.ndim == 2 and n is not None and a.shape[1] == n or a.ndim == 1 and (n is None or n == 1)):
        raise TexunitError("%s: want %s, got shape %s" % (name, _shape_text(n), a.shape))
    if lanes is not None and a.shape[0] != lanes:
        raise TexunitError("%s: %d lanes, want %d as the other operands" % (name, a.shape[0], lanes))
    return a


def _shape_text(n):
    return "one value per lane (shape (lanes,))" if n is None else "%d values per lane (shape (lanes, %d))" % (n, n)


def _ints(name, x, lanes, ncols):
    """x as contiguous int32 (integers only, within int32's range), of
    shape (lanes,) for ncols None, (lanes, 1..3) for ncols "offset", else
    (lanes, ncols)."""
    a = x if type(x) is np.ndarray else np.asarray(x)
    if a.dtype != np.int32:
        if a.dtype.kind not in "iu" and not (a.size == 0 and a.dtype.kind == "f"):
            raise TexunitError("%s: want integers, got %s values" % (name, a.dtype))
        if a.size and a.dtype.itemsize >= 4:
            lo, hi = a.min(), a.max()
            if lo < -2**31 or hi > 2**31 - 1:
                raise TexunitError("%s: %d is out of range (-2147483648..2147483647)" % (name, lo if lo < -2**31 else hi))
    a = np.ascontiguousarray(a, dtype=np.int32)
    if ncols is None:
        ok = a.ndim == 1
    elif ncols == "offset":
        if a.ndim == 1:
            a = a.reshape(-1, 1)
        ok = a.ndim == 2 and 1 <= a.shape[1] <= 3
    else:
        ok = a.ndim == 2 and a.shape[1] == ncols or ncols == 1 and a.ndim == 1
    if not ok:
        want = "1 to 3 values per lane (shape (lanes, k))" if ncols == "offset" else _shape_text(ncols)
        raise TexunitError("%s: want %s, got shape %s" % (name, want, a.shape))
    if lanes is not None and a.shape[0] != lanes:
        raise TexunitError("%s: %d lanes, want %d as the other operands" % (name, a.shape[0], lanes))
    return a


_F32, _I32D = np.dtype(np.float32), np.dtype(np.int32)


def _is_columns(x, dtype):
    """Whether x is a lanes × k array (k > 1) of dtype stored column by
    column (Fortran order, as ``np.array([u, v]).T`` is): the library then
    reads it in place, component-major."""
    if type(x) is not _ndarray or x.ndim != 2 or x.shape[1] < 2 or (x.dtype is not dtype and x.dtype != dtype):
        return False
    f = x.flags
    return f.f_contiguous and not f.c_contiguous


def _multi(name, x, n, width, dtype, columns):
    """A multi-component operand: (the array, the address to pass)."""
    if columns:
        lanes, k = x.shape
        if width == "offset":
            if not 1 <= k <= 3:
                raise TexunitError("%s: want 1 to 3 values per lane (shape (lanes, k)), got shape %s" % (name, x.shape))
        elif k != width:
            raise TexunitError("%s: want %s, got shape %s" % (name, _shape_text(width), x.shape))
        if n is not None and lanes != n:
            raise TexunitError("%s: %d lanes, want %d as the other operands" % (name, lanes, n))
        return x, _addr(x.T)
    a = _floats(name, x, n, width) if dtype is _F32 else _ints(name, x, n, width)
    return a, _addr(a)


def _operands(surface, coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level, sample, min_lod, active, lanes, keep,
              projective=False):
    """The operands as texunit_operands' fields, in order; keep holds the
    arrays the pointers point into. Multi-component operands that are all
    stored column by column are passed component-major, in place; others
    lane-major (C order)."""
    n = lanes
    p = [0] * 13  # coord lod bias ref ddx ddy offset channel texel level sample min_lod active
    offset_count = 0
    columns = ((coord is not None or ddx is not None or ddy is not None or offset is not None or texel is not None)
               and (coord is None or _is_columns(coord, _F32)) and (ddx is None or _is_columns(ddx, _F32))
               and (ddy is None or _is_columns(ddy, _F32)) and (offset is None or _is_columns(offset, _I32D))
               and (texel is None or _is_columns(texel, _I32D)))
    if coord is not None:
        a, p[0] = _multi("coord", coord, n, surface.coord_count + (1 if projective else 0), _F32, columns)
        n = a.shape[0]
        keep.append(a)
    if lod is not None or bias is not None or ref is not None or min_lod is not None:
        for k, name, x in ((1, "lod", lod), (2, "bias", bias), (3, "ref", ref), (11, "min_lod", min_lod)):
            if x is not None:
                if type(x) is _ndarray and x.dtype is _F32 and x.ndim == 1 and x.flags.c_contiguous:
                    a = x  # read in place as it is
                    if n is not None and a.shape[0] != n:
                        raise TexunitError("%s: %d lanes, want %d as the other operands" % (name, a.shape[0], n))
                else:
                    a = _floats(name, x, n, None)
                n = a.shape[0]
                keep.append(a)
                p[k] = _addr(a)
    if ddx is not None or ddy is not None:
        for k, name, x in ((4, "ddx", ddx), (5, "ddy", ddy)):
            if x is not None:
                a, p[k] = _multi(name, x, n, surface.gradient_count, _F32, columns)
                n = a.shape[0]
                keep.append(a)
    if offset is not None:
        a, p[6] = _multi("offset", offset, n, "offset", _I32D, columns)
        n, offset_count = a.shape
        keep.append(a)
    if texel is not None:
        a, p[8] = _multi("texel", texel, n, surface.coord_count, _I32D, columns)
        n = a.shape[0]
        keep.append(a)
    if channel is not None or level is not None or sample is not None:
        for k, name, x in ((7, "channel", channel), (9, "level", level), (10, "sample", sample)):
            if x is not None:
                a = _ints(name, x, n, None)
                n = a.shape[0]
                keep.append(a)
                p[k] = _addr(a)
    if active is not None:
        a = np.ascontiguousarray(active, dtype=np.bool_)
        if a.ndim != 1 or (n is not None and a.shape[0] != n):
            raise TexunitError("active: want one bool per lane (%s), got shape %s" % ("lanes" if n is None else n, a.shape))
        n = a.shape[0]
        keep.append(a)
        p[12] = _addr(a)
    if n is None:
        raise TexunitError("lanes: no operand gives the lane count: pass lanes=N")
    if not isinstance(n, (int, np.integer)) or n < 0:
        raise TexunitError("lanes: %r is not a lane count" % (n,))
    return (int(n), 1 if columns else 0, p[0], p[1], p[2], p[3], p[4], p[5], p[6], offset_count, p[7], p[8], p[9], p[10], p[11], p[12])


def execute(surface, sampler, op, *, coord=None, lod=None, bias=None, ref=None, ddx=None, ddy=None,
            offset=None, channel=None, texel=None, level=None, sample=None, min_lod=None, active=None,
            lanes=None, engine=None, trace=False, derivatives="coarse", projective=False, coarse_pixel=None):
    """Runs one request: the operation ``op`` (a batch operation name such
    as "sample_l") over the lanes of the operands, on ``surface`` with
    ``sampler`` (a Sampler, or None for the default state), through
    ``engine`` (an Engine, or None for the shared exact one). With
    ``trace=True`` the Result also holds the request's footprint trace
    (``texels``, ``texel_start``, ``texel_bytes``). ``derivatives`` ("coarse"
    or "fine"), ``projective`` (``coord`` then holds q last) and
    ``coarse_pixel`` ((x, y) sizes) are the batch's job members of those
    names and vISA's CPS size. Returns a Result; raises TexunitError where
    the batch gives a job error."""
    code = _OP_CODES.get(op)
    if code is None:
        raise TexunitError("op: unknown operation %r (want one of %s)" % (op, ", ".join(OPS)))
    ops, ops_at, res, res_at, msgs, msgs_at = _scratch()
    keep = []
    fields = _operands(surface, coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level, sample,
                       min_lod, active, lanes, keep, projective)
    n = fields[0]
    opts = None
    if derivatives != "coarse" or projective or coarse_pixel is not None:
        if derivatives not in ("coarse", "fine"):
            raise TexunitError("derivatives: %r is not coarse or fine" % (derivatives,))
        opts = _Options()
        opts.derivatives, opts.projective = (1 if derivatives == "fine" else 0), (1 if projective else 0)
        if coarse_pixel is not None:
            opts.coarse_pixel[0], opts.coarse_pixel[1] = coarse_pixel
    # One block for the outputs: values (16 bytes a lane), codes (4), resident (1).
    block, at = _block_at(21 * n + 1)
    # Results component-major (4 × lanes, written in place by the engine);
    # values and bits are their transposed views, lanes × 4.
    _OPERANDS_RESULTS.pack_into(ops, 0, *fields, at, at + 20 * n, at + 16 * n, msgs_at, len(msgs), 1)
    eng = engine._h if engine is not None else _default_handle
    smp = sampler._h if sampler is not None else _default_handle
    tr = None
    if trace:
        tr, texels, start = _Trace(), np.empty(max(32 * n, 16), dtype=TEXEL_DTYPE), np.zeros(n + 1, dtype=np.int32)
        tr.texels, tr.capacity, tr.lane_start = texels.ctypes.data, len(texels), start.ctypes.data
        if opts is None:
            opts = _Options()
        opts.trace = ctypes.pointer(tr)
        status = _lib.texunit_execute_ex(eng, surface._h, smp, code, ops_at, res_at, ctypes.byref(opts))
        if status >= 0 and tr.count > len(texels):
            # More texels than room: run it again with room for them all.
            texels = np.empty(tr.count, dtype=TEXEL_DTYPE)
            tr.texels, tr.capacity = texels.ctypes.data, len(texels)
            status = _lib.texunit_execute_ex(eng, surface._h, smp, code, ops_at, res_at, ctypes.byref(opts))
    elif opts is not None:
        status = _lib.texunit_execute_ex(eng, surface._h, smp, code, ops_at, res_at, ctypes.byref(opts))
    else:
        status = _lib.texunit_execute(eng, surface._h, smp, code, ops_at, res_at)
    if status < 0:
        _check(status)
    kind, failed, needed = _RESULTS_OUT.unpack_from(res, 44)
    if status == 1 and needed > len(msgs):
        # Every message, in a buffer that holds them: run it again (the
        # results are the same).
        msgs = ctypes.create_string_buffer(needed)
        _RESULTS_IN.pack_into(res, 0, at, at + 20 * n, at + 16 * n, ctypes.addressof(msgs), len(msgs), 1)
        if opts is not None:
            _check(_lib.texunit_execute_ex(eng, surface._h, smp, code, ops_at, res_at, ctypes.byref(opts)))
        else:
            _check(_lib.texunit_execute(eng, surface._h, smp, code, ops_at, res_at))
    # The arrays: lanes × 4 views of the 4 × lanes rows (Fortran-ordered),
    # codes and flags, made when first read.
    r = _BlockResult()
    r._block, r._n, r._kind = block, n, kind
    r.texels = r.texel_start = r.texel_bytes = r.error = None
    if tr is not None:
        r.texels, r.texel_start, r.texel_bytes = texels[:tr.count], start, tr.texel_bytes
    r.kind = _KINDS[kind]
    r.errors = None
    if status == 1:
        lines = msgs.value.decode("utf-8", "replace").split("\n")
        r.errors = [None] * n
        for lane, msg in zip(np.flatnonzero(r.codes).tolist(), lines):
            r.errors[lane] = msg
    return r


def footprint(surface, sampler, op, granularity, *, coarse=False, coord=None, lod=None, bias=None, ddx=None, ddy=None,
              offset=None, min_lod=None, active=None, lanes=None, engine=None, derivatives="coarse", projective=False,
              coarse_pixel=None):
    """The texel footprint query (VK_NV_shader_image_footprint) of a
    sampling operation ``op`` (sample, sample_b, sample_l, sample_lz,
    sample_d) on a 2d or 3d surface: one FOOTPRINT_DTYPE record per lane
    (single_level, anchor, offset, mask as the specification's two 32-bit
    halves, lod, granularity, truncated: 1 when the footprint spans more
    than one neighbourhood even at the largest granularity, and the lane's
    error code), for the
    ``granularity`` code in the fine level, or the coarse one with
    ``coarse``; the batch's "footprint" job member."""
    code = _OP_CODES.get(op)
    if code is None:
        raise TexunitError("op: unknown operation %r (want one of %s)" % (op, ", ".join(OPS)))
    ops, ops_at, _, _, _, _ = _scratch()
    keep = []
    fields = _operands(surface, coord, lod, bias, None, ddx, ddy, offset, None, None, None, None,
                       min_lod, active, lanes, keep, projective)
    n = fields[0]
    _OPERANDS.pack_into(ops, 0, *fields)
    if derivatives not in ("coarse", "fine"):
        raise TexunitError("derivatives: %r is not coarse or fine" % (derivatives,))
    opts = _Options()
    opts.derivatives, opts.projective = (1 if derivatives == "fine" else 0), (1 if projective else 0)
    if coarse_pixel is not None:
        opts.coarse_pixel[0], opts.coarse_pixel[1] = coarse_pixel
    out = np.zeros(n, dtype=FOOTPRINT_DTYPE)
    eng = engine._h if engine is not None else _default_handle
    smp = sampler._h if sampler is not None else _default_handle
    _check(_lib.texunit_footprint_query(eng, surface._h, smp, code, ops_at, ctypes.byref(opts), int(granularity),
                                        1 if coarse else 0, out.ctypes.data))
    return out


def time_go(surface, sampler, op, iterations, *, coord=None, lod=None, bias=None, ref=None, ddx=None, ddy=None,
            offset=None, channel=None, texel=None, level=None, sample=None, min_lod=None, active=None,
            lanes=None, engine=None):
    """For benchmarks: the seconds ``iterations`` runs of the request take
    in the Go library itself (texunit_time_go: Engine.Execute in a Go loop
    on Go-owned copies of the operands), the operands as ``execute`` takes
    them."""
    code = _OP_CODES[op]
    ops, ops_at = _scratch()[:2]
    keep = []
    _OPERANDS.pack_into(ops, 0, *_operands(surface, coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level,
                                           sample, min_lod, active, lanes, keep))
    eng = engine._h if engine is not None else _default_handle
    smp = sampler._h if sampler is not None else _default_handle
    ns = _lib.texunit_time_go(eng, surface._h, smp, code, ops_at, int(iterations))
    _check(ns)
    return ns * 1e-9


# texunit_request as bytes: surface, sampler, op, status, options, then
# texunit_operands (120 bytes) and texunit_results (64), 216 in all.
_REQUEST = struct.Struct("=QQiiQ")
_REQUEST_SIZE = _REQUEST.size + _OPERANDS.size + ctypes.sizeof(_Results)
assert _REQUEST_SIZE == 216
# The outputs of each request, read from the packed requests at once.
_REQUEST_OUT = np.dtype({"names": ["status", "kind", "failed", "needed"], "formats": [np.int32, np.int32, np.int32, np.uint64],
                         "offsets": [20, 32 + 120 + 44, 32 + 120 + 48, 32 + 120 + 56], "itemsize": _REQUEST_SIZE})
_MESSAGES = 256  # bytes of a failed request's message a request of a Batch has (lane messages: _lane_errors)


class Batch:
    """Many requests, run by one call into the library (texunit_execute_many):
    for callers with many small requests (a simulator issuing a cycle's
    warps), who would otherwise pay a call's fixed cost (several
    microseconds of Python) once a request.

        >>> b = texunit.Batch()
        >>> i = b.add(tex, smp, "sample_l", coord=coord, lod=lod)
        >>> j = b.add(tex, None, "fetch", texel=texels)
        >>> results = b.run()          # a Result per request, in order

    ``add`` takes what ``execute`` takes (but ``trace``) and checks it the
    same way, raising TexunitError at once for what ``execute`` would refuse
    before calling the library (shapes, lane counts, dtypes). What only the
    library checks (an operand the operation does not take, an unknown
    handle, a request the surface cannot run) fails that request alone:
    its Result's ``error`` holds the TexunitError and its arrays zeros,
    and every other request's Result is what ``execute`` gives, bit for
    bit. ``engine`` is the Engine of every request (None: the shared exact
    one).

    ``run`` may be called again: it runs the same requests on the same
    arrays. Operand arrays that needed no conversion (contiguous float32
    or int32, or lanes × n stored column by column) are read in place, so a
    caller can refill them and run again, paying only the one call; the
    Results of a run are overwritten by the next. The library writes no lane
    codes in a run (4 bytes a lane saved): a request that has lane errors
    is run alone again, from its packed bytes, for its codes and messages.
    """

    def __init__(self, engine=None):
        self.engine = engine
        self._keep = []        # the objects and arrays the requests point into
        self._packed = bytearray()
        self._lanes = []
        self._results = []
        self._blocks = []
        self._dirty = False    # whether a Result differs from the float, error-free one add made
        self._clean = False    # whether the last run's requests all ran with float results (none since add)
        self._coded = []       # whether a request's codes are not all zero (the last run's lane errors)
        self._buf = self._at = self._out = None  # run's views of the packed requests

    def __len__(self):
        return len(self._lanes)

    def add(self, surface, sampler, op, *, coord=None, lod=None, bias=None, ref=None, ddx=None, ddy=None,
            offset=None, channel=None, texel=None, level=None, sample=None, min_lod=None, active=None,
            lanes=None, derivatives="coarse", projective=False, coarse_pixel=None):
        """Adds a request (``execute``'s arguments); returns its index."""
        code = _OP_CODES.get(op)
        if code is None:
            raise TexunitError("op: unknown operation %r (want one of %s)" % (op, ", ".join(OPS)))
        if not isinstance(surface, Surface):
            raise TexunitError("surface: want a texunit.Surface, got %s" % type(surface).__name__)
        if sampler is not None and not isinstance(sampler, Sampler):
            raise TexunitError("sampler: want a texunit.Sampler or None, got %s" % type(sampler).__name__)
        keep = [surface, sampler]
        fields = _operands(surface, coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level, sample,
                           min_lod, active, lanes, keep, projective)
        n = fields[0]
        opts_at = 0
        if derivatives != "coarse" or projective or coarse_pixel is not None:
            if derivatives not in ("coarse", "fine"):
                raise TexunitError("derivatives: %r is not coarse or fine" % (derivatives,))
            opts = _Options()
            opts.derivatives, opts.projective = (1 if derivatives == "fine" else 0), (1 if projective else 0)
            if coarse_pixel is not None:
                opts.coarse_pixel[0], opts.coarse_pixel[1] = coarse_pixel
            keep.append(opts)
            opts_at = ctypes.addressof(opts)
        # The outputs: values (16 bytes a lane), codes (4), resident (1),
        # then the lane messages.
        block, at = _block_at(21 * n + _MESSAGES)
        block[16 * n:20 * n] = 0  # the codes: zero until a run has lane errors (_lane_errors)
        at_msgs = at + 21 * n
        smp = sampler._h.id if sampler is not None else 0
        self._buf = self._at = self._out = None  # no view of the packed requests is left: they may grow
        self._clean = False
        base = len(self._packed)
        self._packed += bytes(_REQUEST_SIZE)
        _REQUEST.pack_into(self._packed, base, surface._h.id, smp, code, 0, opts_at)
        _OPERANDS.pack_into(self._packed, base + _REQUEST.size, *fields)
        # No codes array (errors NULL): the library then writes no lane's code,
        # which cost fetch at 1,024 lanes 8 % (4 bytes a lane cleared a run);
        # a request with lane errors is run alone again for its codes.
        _RESULTS_IN.pack_into(self._packed, base + _REQUEST.size + _OPERANDS.size, at, at + 20 * n, 0,
                              at_msgs, _MESSAGES, 1)
        self._keep.append(keep)
        self._blocks.append(block)
        self._lanes.append(n)
        self._coded.append(False)
        # The Result, float, its arrays views of the block made when first
        # read; run() fixes what the request gives.
        r = _BlockResult()
        r._block, r._n, r._kind = block, n, 0
        r.texels = r.texel_start = r.texel_bytes = r.error = r.errors = None
        r.kind = "float"
        self._results.append(r)
        return len(self._lanes) - 1

    def run(self):
        """Runs every request in one call; returns their Results, in order."""
        count = len(self._lanes)
        if count == 0:
            return []
        if self._at is None:
            self._views()
        eng = self.engine._h if self.engine is not None else _default_handle
        status = _lib.texunit_execute_many(eng, count, self._at)
        if status < 0:
            _check(status)
        results = list(self._results)
        if status == 0 and self._clean:
            # Every request ran, as in the last run, whose results were all
            # float (a request's kind is its operation's and format's): the
            # views add made.
            return results
        out = self._out
        kinds = out["kind"]
        if status == 0 and not self._dirty and not kinds.any():
            self._clean = True
            return results  # every request float and without errors: the views add made
        statuses, needed = out["status"], out["needed"]
        for i in range(count):
            self._finish(i, int(statuses[i]), int(kinds[i]), int(needed[i]))
        self._dirty = status != 0 or bool(kinds.any())
        self._clean = False
        return results

    def _views(self):
        """Views of the packed requests, made once for every run (add drops
        them, to grow the requests)."""
        self._buf = (ctypes.c_char * len(self._packed)).from_buffer(self._packed)
        self._at = ctypes.addressof(self._buf)
        self._out = np.frombuffer(self._packed, dtype=_REQUEST_OUT)

    def time_go(self, rounds):
        """For benchmarks: the seconds ``rounds`` runs of every request, in
        order, take in the Go library itself (texunit_time_go_many:
        Engine.Execute in a Go loop on Go-owned copies of the operands, one
        copy of an array that several requests read in place, each request
        into result rows of its own), after one run to warm up; the Results
        are not written. The Go library on the same requests as ``run``;
        raises TexunitError naming the first request that fails."""
        count = len(self._lanes)
        if count == 0:
            return 0.0
        if self._at is None:
            self._views()
        eng = self.engine._h if self.engine is not None else _default_handle
        return _check(_lib.texunit_time_go_many(eng, count, self._at, int(rounds))) * 1e-9

    def _finish(self, i, status, kind, needed):
        """Sets request i's Result from its status, kind and messages."""
        r, n, block = self._results[i], self._lanes[i], self._blocks[i]
        r.error, r.errors = None, None
        if status < 0:
            msg = bytes(block[21 * n:21 * n + min(needed, _MESSAGES)]).split(b"\0", 1)[0].decode("utf-8", "replace")
            r.error = TexunitError(msg or _STATUS.get(status, "error %d" % status), status)
            block[:21 * n] = 0
            kind = 0
            self._coded[i] = False
        elif status == 1:
            r.errors = _lane_errors(self.engine, memoryview(self._packed)[i * _REQUEST_SIZE:(i + 1) * _REQUEST_SIZE], r.codes,
                                    needed)
            self._coded[i] = True
        elif self._coded[i]:
            r.codes[:] = 0
            self._coded[i] = False
        r.kind, r._kind = _KINDS[kind], kind
        r.values = r.bits if kind == 1 else _ndarray((n, 4), _VALUE_DTYPES[kind], block, 0, (4, 4 * n))


_ERRORS_AT = struct.Struct("=QQQ")  # a request's errors, messages and messages_size, at 152 + 16


def _lane_errors(engine, request, codes, needed):
    """The lane messages of a packed request (texunit_request's 216 bytes)
    that had lane errors in a many-requests call without a codes array:
    the request run alone again (the same results, written again) with one
    (codes, its lanes' TEXUNIT_LANE_* codes, written) and room for every
    message; returns Result.errors."""
    one = ctypes.create_string_buffer(bytes(request), _REQUEST_SIZE)
    msgs = ctypes.create_string_buffer(max(int(needed), 1))
    _ERRORS_AT.pack_into(one, 168, _addr(codes), ctypes.addressof(msgs), len(msgs))
    eng = engine._h if engine is not None else _default_handle
    _check(_lib.texunit_execute_many(eng, 1, ctypes.addressof(one)))
    status = struct.unpack_from("=i", one, 20)[0]
    if status != 1:  # the same request: cannot happen
        raise TexunitError("internal error: a request with lane errors ran again with status %d" % status, -6)
    lines = msgs.value.decode("utf-8", "replace").split("\n")
    errors = [None] * len(codes)
    for lane, msg in zip(np.flatnonzero(codes).tolist(), lines):
        errors[lane] = msg
    return errors


def execute_many(requests, engine=None):
    """Runs many requests in one call into the library (a Batch): requests is
    a sequence of dicts of ``execute``'s arguments, with ``surface``,
    ``sampler`` (optional) and ``op``, for example ``{"surface": tex, "op":
    "sample_l", "coord": c, "lod": l}``. Returns one Result per request, in
    order; a request that failed has its TexunitError in its Result's
    ``error`` (the others' results are kept). Raises TexunitError for a
    request that ``execute`` would refuse before calling the library (the
    message names it: "requests[3]: coord: ...")."""
    if isinstance(requests, (str, bytes, dict)):
        raise TypeError("requests: want a sequence of dicts, got %s" % type(requests).__name__)
    b = Batch(engine)
    for i, r in enumerate(requests):
        if not isinstance(r, dict):
            raise TypeError("requests[%d]: want a dict of execute's arguments, got %s" % (i, type(r).__name__))
        args = dict(r)
        try:
            surface, op = args.pop("surface"), args.pop("op")
        except KeyError as e:
            raise TexunitError("requests[%d]: %s: missing" % (i, e.args[0])) from None
        sampler = args.pop("sampler", None)
        for k in ("trace", "engine"):
            if k in args:
                raise TexunitError("requests[%d]: %s: not a request's (execute_many takes engine=; traces: execute(trace=True))" % (i, k))
        try:
            b.add(surface, sampler, op, **args)
        except TexunitError as e:
            raise TexunitError("requests[%d]: %s" % (i, e), e.status) from None
        except TypeError as e:
            raise TypeError("requests[%d]: %s" % (i, e)) from None
    return b.run()


# texunit_request as a numpy record, for requests packed by the array
# (execute_stacked): the same 216 bytes as _REQUEST + _OPERANDS + _Results.
_REQUEST_DTYPE = np.dtype({
    "names": ["surface", "sampler", "op", "status", "options",
              "lanes", "layout", "coord", "lod", "bias", "ref", "ddx", "ddy", "offset", "offset_count",
              "channel", "texel", "level", "sample", "min_lod", "active",
              "values", "resident", "errors", "messages", "messages_size", "out_layout", "kind", "failed", "needed"],
    "formats": [np.uint64, np.uint64, np.int32, np.int32, np.uint64,
                np.int32, np.int32, np.uint64, np.uint64, np.uint64, np.uint64, np.uint64, np.uint64, np.uint64, np.int32,
                np.uint64, np.uint64, np.uint64, np.uint64, np.uint64, np.uint64,
                np.uint64, np.uint64, np.uint64, np.uint64, np.uint64, np.int32, np.int32, np.int32, np.uint64],
    "offsets": [0, 8, 16, 20, 24,
                32, 36, 40, 48, 56, 64, 72, 80, 88, 96,
                104, 112, 120, 128, 136, 144,
                152, 160, 168, 176, 184, 192, 196, 200, 208],
    "itemsize": _REQUEST_SIZE})
assert all(_REQUEST_DTYPE.fields[name][1] == 32 + getattr(_Operands, name).offset
           for name, _ in _Operands._fields_ if name not in ("lanes",)) and _REQUEST_DTYPE.fields["lanes"][1] == 32
assert all(_REQUEST_DTYPE.fields[{"layout": "out_layout", "messages_needed": "needed"}.get(name, name)][1]
           == 152 + getattr(_Results, name).offset for name, _ in _Results._fields_)


class StackedResult:
    """The results of ``execute_stacked``: R requests of n lanes each.

    - ``values``: R × n × 4 (float32, or uint32 / int32 as ``kind`` says),
      ``bits``: R × n × 4 uint32, ``resident``: R × n bool, ``codes``: R × n
      TEXUNIT_LANE_* codes; ``result(r)`` is request r's as a Result;
    - ``errors``: None when no lane failed, else one entry per request: None
      or its lanes' messages (as Result.errors);
    - ``error``: None when every request ran, else one entry per request:
      None or the TexunitError of a request that failed (its arrays zero).
    """

    __slots__ = ("resident", "codes", "kind", "errors", "error", "_words", "_messages", "_coded", "_at", "_kind", "_bits",
                 "_values")

    @property
    def bits(self):
        """R × n × 4 uint32: views of the R × 4 × n rows (made when first read)."""
        if self._bits is None:
            self._bits = self._words.transpose(0, 2, 1)
        return self._bits

    @property
    def values(self):
        """R × n × 4 values (the bits as ``kind`` says; made when first read)."""
        if self._values is None:
            self._values = self.bits if self._kind == 1 else self._words.view(_VALUE_DTYPES[self._kind]).transpose(0, 2, 1)
        return self._values

    def result(self, r):
        """Request r's results as a Result (views of these arrays)."""
        res = Result()
        res.values, res.bits, res.resident, res.codes = self.values[r], self.bits[r], self.resident[r], self.codes[r]
        res.kind, res.texels, res.texel_start, res.texel_bytes = self.kind, None, None, None
        res.errors = None if self.errors is None else self.errors[r]
        res.error = None if self.error is None else self.error[r]
        return res

    def __repr__(self):
        return "<texunit.StackedResult %d requests of %d lanes, %s>" % (self.bits.shape[0], self.bits.shape[1], self.kind)


def _stacked(name, x, R, n, width, integer, columns):
    """An operand with a leading request axis as one array whose request r
    is the library's operand at a fixed stride: shape (R, n), or (R, n, k)
    in C order (lane-major), or with columns (R, n, k) whose transpose
    (R, k, n) is in C order (component-major: read in place). width None:
    one value a lane; "offset": 1 to 3."""
    a = x if type(x) is np.ndarray else np.asarray(x)
    one = width is None
    if a.ndim != (2 if one else 3) and not (width == "offset" and a.ndim == 2):
        want = "(requests, lanes)" if one else "(requests, lanes, k)"
        raise TexunitError("%s: want shape %s, got shape %s" % (name, want, a.shape))
    if a.shape[0] != R:
        raise TexunitError("%s: %d requests, want %d as the other operands" % (name, a.shape[0], R))
    if n is not None and a.shape[1] != n:
        raise TexunitError("%s: %d lanes, want %d as the other operands" % (name, a.shape[1], n))
    if a.ndim == 3 and (a.shape[2] != width if width != "offset" else not 1 <= a.shape[2] <= 3):
        want = "1 to 3" if width == "offset" else str(width)
        raise TexunitError("%s: want %s values per lane (shape (requests, lanes, %s)), got shape %s" % (name, want, want, a.shape))
    if columns:
        return a  # checked by _stacked_columns: the right dtype, read in place
    if a.dtype is (_I32D if integer else _F32) and a.flags.c_contiguous and (one or a.ndim == 3):
        return a  # read in place, lane-major
    flat = a.reshape((a.shape[0] * a.shape[1],) + a.shape[2:])
    if integer:
        flat = _ints(name, flat, None, None if one else ("offset" if width == "offset" else width))
    else:
        flat = _floats(name, flat, None, width)
    return flat.reshape((R, a.shape[1]) + flat.shape[1:])


def _stacked_rows(R, n, width=16):
    """An R × 4 × n uint32 array (width 16) for R requests' component-major
    values, or an R × n one of bytes (width 1, their flags), each request's
    part starting on a 64-byte boundary and one cache line after a whole
    number of them from the last request's: with requests a power of two
    of 4 KB apart (1,024 lanes), every request's rows fell in the same
    cache sets, and 64 fetch or gather4 requests took 13 % longer
    (73–75 µs → 82–87 µs a call, the same requests in a Batch)."""
    stride = (-(-width * n // _LINE) + 1) * _LINE
    block = _block(max(R - 1, 0) * stride + width * n)
    if width == 1:
        return _ndarray((R, n), _BOOL, block, 0, (stride, 1))
    return _ndarray((R, 4, n), _U32, block, 0, (stride, 4 * n, 4))


def _stacked_columns(x, dtype):
    """Whether x is a requests × lanes × k array (k > 1) of dtype whose
    requests are each stored column by column ((R, k, n) in C order)."""
    return (type(x) is np.ndarray and x.ndim == 3 and x.shape[2] > 1 and x.dtype == dtype
            and x.transpose(0, 2, 1).flags.c_contiguous and not x.flags.c_contiguous)


def execute_stacked(surface, sampler, op, *, coord=None, lod=None, bias=None, ref=None, ddx=None, ddy=None,
                    offset=None, channel=None, texel=None, level=None, sample=None, min_lod=None, active=None,
                    requests=None, lanes=None, engine=None, derivatives="coarse", projective=False, coarse_pixel=None,
                    out=None):
    """Runs R requests of the same operation on the same surface and sampler
    in one call (texunit_execute_many), their operands stacked on a leading
    request axis: ``coord`` R × lanes × n, ``lod`` R × lanes, and so on
    (``execute``'s operands with one more axis; ``requests=R`` and
    ``lanes=N`` where no operand gives them). The requests are packed and
    their results viewed by numpy as a whole, so the call's Python work does
    not grow with R: for many small requests made anew each time (a cycle's
    warps in a numpy simulator). Returns a StackedResult; request r's values
    are request r's ``execute`` gives, bit for bit. A request that fails in
    the library does so alone (``error[r]``). With ``out``, a StackedResult
    of as many requests and lanes (an earlier call's), the results go into
    its arrays, which the returned StackedResult shares (``out`` itself then
    holds the new values too): new memory for each call's results costs
    page faults once requests grow large. Each request's results start on
    a cache line, one line more than whole lines after the last request's.
    The packed requests (216 bytes a request, no pointer to any array kept)
    of a call of up to 4,096 requests are kept for the next call of the
    same shape (this thread's last eight shapes), which rewrites only the
    addresses that changed."""
    code = _OP_CODES.get(op)
    if code is None:
        raise TexunitError("op: unknown operation %r (want one of %s)" % (op, ", ".join(OPS)))
    if derivatives != "coarse" and derivatives != "fine":
        raise TexunitError("derivatives: %r is not coarse or fine" % (derivatives,))
    # One pass: the given operands, the counts, and whether every
    # multi-component one is stored request by request column by column
    # (then read in place, component-major; else all go lane-major).
    R, n = requests, lanes
    given = []
    columns = None
    rows = {}  # a column-stored operand's (R, k, n) view, C-ordered
    for name, x in zip(_STACKED_NAMES, (coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level, sample, min_lod,
                                        active)):
        if x is None:
            continue
        shape = x.shape if type(x) is _ndarray else np.shape(x)
        if len(shape) < 2:
            raise TexunitError("%s: want a leading request axis and a lane axis, got shape %s" % (name, shape))
        if R is None:
            R = shape[0]
        if n is None:
            n = shape[1]
        given.append((name, x))
        if columns is not False and name in _MULTI:
            if _stacked_columns(x, _I32D if name in _INTEGER else _F32):
                columns = True
                rows[name] = x.transpose(0, 2, 1)
            else:
                columns = False
    columns = columns is True
    if R is None:
        raise TexunitError("requests: no operand gives the request count: pass requests=R")
    if n is None:
        raise TexunitError("lanes: no operand gives the lane count: pass lanes=N")
    if requests is not None or lanes is not None:
        if not isinstance(R, (int, np.integer)) or R < 0 or not isinstance(n, (int, np.integer)) or n < 0:
            raise TexunitError("requests, lanes: %r, %r are not counts" % (R, n))
        R, n = int(R), int(n)
    arrays = []  # (word, base address, request stride)
    words_given = []
    keep = []
    offset_count = 0
    for name, x in given:
        if name == "active":
            a = np.asarray(x)
            if a.shape != (R, n):
                raise TexunitError("active: want shape (%d, %d) (requests, lanes), got shape %s" % (R, n, a.shape))
            a = np.ascontiguousarray(a, dtype=np.bool_)
            at = _addr(a)
        else:
            width = _STACKED_WIDTH[name]
            if width == "coord":
                width = surface.coord_count + (1 if projective else 0)
            elif width == "texel":
                width = surface.coord_count
            elif width == "gradient":
                width = surface.gradient_count
            if columns and name in _MULTI:  # (R, n, k) arrays of the right dtype (_stacked_columns)
                a, (r_, n_, k_) = x, x.shape
                if r_ != R or n_ != n or (k_ != width if width != "offset" else not 1 <= k_ <= 3):
                    _stacked(name, x, R, n, width, name in _INTEGER, True)  # raises, naming what is wrong
                at = _addr(rows[name])
            else:
                a = _stacked(name, x, R, n, width, name in _INTEGER, False)
                at = _addr(a)
            if name == "offset":
                offset_count = a.shape[2] if a.ndim == 3 else 1
        keep.append(a)
        w = _STACKED_WORD[name]
        arrays.append((w, at, a.strides[0]))
        words_given.append(w)
    opts_key = None
    if derivatives != "coarse" or projective or coarse_pixel is not None:
        opts_key = (derivatives, bool(projective), None if coarse_pixel is None else tuple(float(c) for c in coarse_pixel))
    eng = engine._h if engine is not None else _default_handle
    smp = sampler._h.id if sampler is not None else 0
    # The packed requests: made once for a shape (this thread's last eight
    # of up to _STACKED_KEPT requests, 216 bytes each), their constant
    # fields kept; each call writes the addresses.
    key = (surface._h.id, smp, code, R, n, columns, offset_count, opts_key, tuple(words_given))
    cache = getattr(_local, "stacked", None)
    if cache is None:
        cache = _local.stacked = {}
    entry = cache.get(key)
    if entry is None:
        entry = _stacked_template(key, R, n, columns, offset_count, code, surface, smp, opts_key)
        if R <= _STACKED_KEPT:
            cache[key] = entry
            if len(cache) > 8:
                del cache[next(iter(cache))]
    reqs, words, ints, opts, last, reqs_at = entry
    if out is not None:
        if not isinstance(out, StackedResult) or out.codes.shape != (R, n):
            raise TexunitError("out: want a StackedResult of %d requests of %d lanes, got %r" % (R, n, out))
        values, codes, resident, messages, at = out._words, out.codes, out.resident, out._messages, out._at
        coded = out._coded
    else:
        # The library writes every lane's values and flags (a failed
        # request's are zeroed below), and no codes (errors NULL): they stay
        # zero but where a request has lane errors (_lane_errors).
        values = _stacked_rows(R, n)
        codes = np.zeros((R, n), dtype=np.int32)
        resident = _stacked_rows(R, n, 1)
        messages = np.empty((R, _MESSAGES), dtype=np.uint8)
        at = (values.ctypes.data, resident.ctypes.data, _addr(messages))
        coded = False
    if R:
        for w, at_, stride in arrays:
            _column(words, last, w, at_, stride, R)
        if last.get("at") is not at:  # the results' arrays: the same as the last call's (out=), or new
            _column(words, last, _W_VALUES, at[0], values.strides[0], R)
            _column(words, last, _W_RESIDENT, at[1], resident.strides[0], R)
            _column(words, last, _W_MESSAGES, at[2], _MESSAGES, R)
            last["at"] = at
        status = _check(_lib.texunit_execute_many(eng, R, reqs_at))
    else:
        status = 0
    res = StackedResult()
    res._words, res._messages, res._coded, res._at = values, messages, False, at
    res.codes, res.resident = codes, resident
    res.errors = res.error = None
    if coded:
        codes[...] = 0
    if status == 0:
        kind = last.get("kind")  # every request's: its operation's and format's
        if kind is None:
            kind = last["kind"] = int(ints[0, _I_KIND]) if R else 0
    else:
        statuses = ints[:, _I_STATUS]
        ok = statuses >= 0
        kind = int(ints[ok, _I_KIND][0]) if ok.any() else 0
        if not ok.all():
            res.error = [None] * R
            for r in np.flatnonzero(~ok).tolist():
                msg = bytes(messages[r]).split(b"\0", 1)[0].decode("utf-8", "replace")
                res.error[r] = TexunitError(msg or _STATUS.get(int(statuses[r]), "error"), int(statuses[r]))
                values[r], resident[r] = 0, False
        if (statuses == 1).any():
            res.errors = [None] * R
            for r in np.flatnonzero(statuses == 1).tolist():
                res.errors[r] = _lane_errors(engine, reqs[r * _REQUEST_SIZE:(r + 1) * _REQUEST_SIZE], codes[r],
                                             int(words[r, _W_NEEDED]))
            res._coded = True
    res.kind, res._kind, res._bits, res._values = _KINDS[kind], kind, None, None
    return res


# execute_stacked's packed requests, by 8-byte word (and 4-byte int) of
# texunit_request: where each operand's address goes, and the outputs.
_STACKED_KEPT = 4096  # requests whose packed form execute_stacked keeps (a larger call's is made again)
_STACKED_NAMES = ("coord", "lod", "bias", "ref", "ddx", "ddy", "offset", "channel", "texel", "level", "sample", "min_lod", "active")
_STACKED_WIDTH = {"coord": "coord", "texel": "texel", "offset": "offset", "ddx": "gradient", "ddy": "gradient",
                  "lod": None, "bias": None, "ref": None, "channel": None, "level": None, "sample": None, "min_lod": None}
_MULTI = ("coord", "ddx", "ddy", "offset", "texel")
_INTEGER = ("offset", "channel", "texel", "level", "sample")
_STACKED_WORD = {name: _REQUEST_DTYPE.fields[name][1] // 8 for name in
                 ("coord", "lod", "bias", "ref", "ddx", "ddy", "offset", "channel", "texel", "level", "sample", "min_lod", "active")}
_W_VALUES, _W_RESIDENT, _W_ERRORS, _W_MESSAGES, _W_NEEDED = (_REQUEST_DTYPE.fields[f][1] // 8 for f in
                                                            ("values", "resident", "errors", "messages", "needed"))
_I_STATUS, _I_KIND = _REQUEST_DTYPE.fields["status"][1] // 4, _REQUEST_DTYPE.fields["kind"][1] // 4


def _stacked_template(key, R, n, columns, offset_count, code, surface, smp, opts_key):
    """R packed requests with every field but the addresses set: (the
    bytes, as (R, 27) uint64 words, as (R, 54) int32, the options kept, the
    words last written and the kind of a call's results, their address)."""
    reqs = np.zeros(R, dtype=_REQUEST_DTYPE)
    reqs["surface"], reqs["sampler"], reqs["op"] = surface._h.id, smp, code
    reqs["lanes"], reqs["layout"], reqs["out_layout"] = n, 1 if columns else 0, 1
    reqs["offset_count"] = offset_count
    reqs["messages_size"] = _MESSAGES
    opts = None
    if opts_key is not None:
        derivatives, projective, coarse_pixel = opts_key
        opts = _Options()
        opts.derivatives, opts.projective = (1 if derivatives == "fine" else 0), (1 if projective else 0)
        if coarse_pixel is not None:
            opts.coarse_pixel[0], opts.coarse_pixel[1] = coarse_pixel
        reqs["options"] = ctypes.addressof(opts)
    raw = reqs.view(np.uint8)
    return (raw, raw.view(np.uint64).reshape(R, _REQUEST_SIZE // 8), raw.view(np.int32).reshape(R, _REQUEST_SIZE // 4), opts, {},
            raw.ctypes.data)


def _column(words, last, w, base, stride, R):
    """Sets word w of each of R packed requests to the address of request
    r's part of an array at base whose requests are stride bytes apart,
    unless the last call set them so (last: word → (base, stride))."""
    if last.get(w) == (base, stride):
        return
    if R == 1 or stride == 0:
        words[:, w] = base
    elif stride > 0:
        words[:, w] = np.arange(base, base + R * stride, stride, dtype=np.uint64)
    else:
        words[:, w] = (base + np.arange(R, dtype=np.int64) * stride).astype(np.uint64)
    last[w] = (base, stride)
