// Package batch implements texunit's JSON Lines batch protocol: jobs that
// each describe a surface, a sampler state, an operation and its lanes, run
// by the sampler engine, with one result line per job. The command
// "texunit batch" is its front-end; this comment is the protocol's
// reference.
//
// # Streams
//
// The input is JSON Lines: one job, a JSON object, per line (UTF-8, "\n" or
// "\r\n" line ends), or a definition (see "Version 2"). Blank lines are
// skipped but still count in line numbers. The output has exactly one line
// per job, in input order, whatever the number of workers; a definition
// writes none. Jobs run concurrently over a sliding window, so
// memory stays bounded however long the input is, and the output is flushed
// whenever no finished result is waiting, so a program may drive the
// command over pipes one job at a time.
//
// # Jobs
//
//	{"id": "any", "surface": {...}, "sampler": {...}, "op": "sample_l",
//	 "lanes": [{...}, ...], "precision": {...}, "bits": true}
//
// "surface", "op" and "lanes" are required. A field that is not listed here
// is an error (so typos are caught), as are a field given twice in one
// object and a lane field the operation does not use. A member whose value
// is null counts as absent.
//
// "id" is any JSON value; it is echoed in the result exactly as written. A
// job without an id gets a result without one. "bits": false leaves the
// bit patterns out of the job's result (see Results).
//
// # Version 2
//
// Version 2 of the protocol adds three things; every version 1 line reads
// and answers as before.
//
// A definition line builds a surface once for the jobs after it:
//
//	{"define": "NAME", "surface": {...}}
//
// and a job names it with "surface": "NAME" instead of the object (the
// definition's view included). A definition has only these two members
// (no id) and writes no result line. A job may name only a surface
// defined on an earlier line: an unknown name, or one defined on a later
// line, is that job's error ("surface: \"NAME\" is not defined ..."), and
// the other jobs go on. A name is defined once: a second definition of it
// is an error, and the jobs after that line that name it get an error too
// (those between the two definitions sample the first). A definition that
// fails (its surface object is invalid, its file cannot be read, it does
// not fit the memory budget) is reported through Options.DefineError
// ("texunit batch" prints "line N: define \"NAME\": ..." on standard error
// and exits with 1), and every job that names it gets the error:
//
//	surface: "tex": its definition on line 3 failed: surface.data.image: ...
//
// Definitions are built in input order as they are read (a job waits for
// the definitions before it), shared read-only by all workers, and kept
// until the batch ends; their surfaces count once against the batch's
// memory budget.
//
// "lanes" may be columnar: an object whose members are the lane fields,
// each an array with one value per lane, and, for the fields with
// components (coord, ddx, ddy, offset, texel), an array of component
// arrays, component-major as the engine holds them:
//
//	"lanes": {"coord": [[u0, u1, ...], [v0, v1, ...]], "lod": [l0, l1, ...],
//	          "offset": [[du0, du1, ...], [dv0, dv1, ...]], "active": [true, false, ...]}
//
// The lane count is the arrays' common length (an object without arrays has
// no lanes); arrays of different lengths are an error naming both
// ("lanes.lod: 63 values, but lanes.coord[0] has 64"). Values follow the
// rules of lane objects (numbers, "NaN", "@3f800000", integers in range,
// booleans for active); every entry must be a value (an inactive lane takes
// a placeholder such as 0), and a field the operation needs must be given
// unless no lane is active. Errors name the member, the component and the
// lane: lanes.coord[1][5]. offset takes 1 to 3 component arrays; the
// missing components are 0.
//
// # Surface
//
//	"surface": {"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64,
//	            "levels": 0, "data": {"hash": {"seed": 7}}}
//
// Its fields:
//
//   - type: 1d, 1d_array, 2d, 2d_array, 3d, cube, cube_array, 2d_ms, 2d_ms_array (required).
//   - format: a format name of package format, such as r8g8b8a8_unorm or d32_sfloat
//     (required, except with image data).
//   - width (required, except with image data), height, depth, layers, levels, samples: as
//     surface.Desc; an absent or 0 value takes surface.Desc's default (height,
//     depth and samples 1, layers 1 or 6 for cube, levels the full chain).
//   - base_level, level_count, base_layer, layer_count: the view (surface.NewView);
//     by default every level and layer. A count of 0 means all that remain.
//   - tile: [w, h, d], the residency tile size (powers of two; missing trailing
//     values are 1). By default Vulkan's standard sparse block shape.
//   - nonresident: [[level, layer, tx, ty, tz], ...], tiles (counted in tiles,
//     not texels) marked non-resident; missing trailing tile coordinates are 0.
//     Reads from them return zero memory and clear the lane's resident flag.
//   - aspect: default, color, depth or stencil: the aspect a view of a
//     depth/stencil format reads (default: depth; stencil reads return
//     unsigned integers); plane_0, plane_1 or plane_2: one plane of a
//     multi-planar (YCbCr) format, read as the plane's own format
//     (r8_unorm, r8g8_unorm, r10x6_unorm_pack16 …) without a conversion.
//   - swizzle: the view's component mapping, four of r, g, b, a, 0, 1 (for
//     example "bgr1"; default "rgba"), applied after border replacement and
//     the compare, before filtering and gathering (docs/FORMATS.md).
//   - layout: the storage layout of the surface's bytes: linear (default),
//     morton, tile_y, tile_4 or block_linear, with block_height (GOBs per
//     block, 1..32, default 16) for block_linear (surface.Layout,
//     docs/MEMORY.md). It changes the texels' byte addresses, not their
//     values; file and image data are read as the linear stream and laid
//     out.
//   - data: the texels, one of
//     {"hash": {"seed": S, "lo": 0, "hi": 1}} (surface.FillHash; seed 0..2³²−1,
//     default 1; lo and hi, default 0 and 1, matter only for float formats),
//     {"coords": true} (surface.FillCoords: texels hold their coordinates;
//     uncompressed formats only), or
//     {"file": "PATH"} (raw bytes in the surface's stream order, see package
//     surface; block-compressed formats store each level, layer and slice
//     as rows of blocks; multi-planar formats store their planes one after
//     the other, plane 0 (Y′) first, each w×h or subsampled as the format
//     says, so an NV12 frame is its Y′ plane then its interleaved C_B C_R
//     plane; a 4:2:2 format stores 2×1 blocks, YUYV for g8b8g8r8_422_unorm;
//     the length must match; the path is resolved under the files
//     directory, see "Limits and safety"), or
//     {"image": "PATH"} (a texture file: PNG, KTX 2.0, KTX 1.1, DDS, Radiance
//     HDR or astcenc's .astc, read by package texfile; see docs/TEXFILES.md). Without data the
//     surface holds hash data with seed 1, as the reference oracle's does.
//
// With image data the file describes the surface: format, width, height,
// depth, layers and levels may be left out and then take the file's
// values; a value that is given must equal the file's (levels too: a view,
// base_level and level_count, selects fewer). "type" stays required, since
// it says how the lanes' coordinates are read; it must be the file's kind
// or a reinterpretation of the same data: 1d as 1d_array, 2d, cube or
// cube_array as 2d_array, cube as cube_array, and a 6-layer 2d_array as
// cube. format may name the file's format or its sRGB/UNORM twin
// (r8g8b8a8_unorm for an r8g8b8a8_srgb PNG), which reads the same bytes
// without or with the sRGB decode. The ASTC blocks of an .astc file, which
// does not say whether they are UNORM, SRGB or SFLOAT (HDR) content, and of
// KTX 1.1's RGBA ASTC formats take the family of an ASTC format given
// ("astc_6x6_sfloat_block"), and are UNORM without one. Errors name the
// field and the file:
//
//	surface.width: 4 does not match the file's 3 in "img.png"
//	surface.data.image: img.dds: dds: ddspf.dwFourCC (byte 84): ...
//
// # Sampler
//
//	"sampler": {"mag": "linear", "min": "linear", "mip": "linear",
//	            "address": "clamp_to_edge", "max_anisotropy": 4}
//
// Absent fields keep sampler.DefaultState: nearest filters, nearest mip,
// repeat, transparent black border, LOD range [0, 1000], bias 0, no
// anisotropy, no compare, weighted-average reduction, normalized
// coordinates, seamless cube filtering.
//
//   - mag, min: nearest, linear, cubic. mip: none, nearest, linear. cubic is
//     VK_EXT_filter_cubic's filter: 4 texels per axis (16 on 2d and 2d_array,
//     64 on 3d, 4 on 1d), on float, UNORM, SNORM, sRGB and block-compressed
//     colour formats, not on depth or integer formats, not with a compare or
//     max_anisotropy above 1; cube surfaces need "seamless_cube": false (each
//     face filtered as a 2D image).
//   - address: one mode for all three axes, or [u, v, w] (1 to 3 values, the
//     missing ones stay repeat); modes repeat, mirrored_repeat, clamp_to_edge,
//     clamp_to_border, mirror_clamp_to_edge.
//   - border: transparent_black, opaque_black, opaque_white, or [r, g, b, a]
//     for a custom colour (integer formats read it as integers).
//   - lod_bias, min_lod, max_lod (also "none", meaning 1000), max_anisotropy (1..16).
//   - compare: none, never, less, equal, less_or_equal, greater, not_equal,
//     greater_or_equal, always. The compare operations need one.
//   - reduction: weighted_average, min, max, weighted_average_rangeclamp
//     (VK_QCOM_filter_cubic_clamp: the cubic filter's average clamped to the
//     minimum and maximum of its texels of non-zero weight; mag and min must
//     be cubic).
//   - unnormalized: true for unnormalized coordinates (sample_l and sample_lz
//     on 1d and 2d surfaces with one level, as Vulkan requires).
//   - seamless_cube: false disables seamless cube filtering (default true).
//   - compare_color: true lets the compare operations read r32_sfloat,
//     r16_sfloat, r16_unorm and r8_unorm colour surfaces, compared against R,
//     as Direct3D allows (default false: Vulkan's rule, depth formats only;
//     sampler.State.CompareColor).
//   - anisotropy: the anisotropic filter when max_anisotropy is above 1:
//     vulkan (default: the specification's reference probes), ewa
//     (Heckbert's elliptical weighted average: a truncated Gaussian over
//     the ellipse of the derivatives) or footprint_assembly (Texram's
//     probes along the footprint parallelogram's major axis);
//     sampler.State.Anisotropy and docs/ANISOTROPY.md. ewa samples 2d
//     and 2d_array surfaces, footprint_assembly also cube and cube_array
//     (other surfaces are an error while max_anisotropy is above 1);
//     gathers keep Vulkan's LOD.
//   - cubic_weights: the weights of the cubic filter
//     (VK_QCOM_filter_cubic_weights): catmull_rom (the default, the EXT's),
//     zero_tangent_cardinal, b_spline, mitchell_netravali.
//   - ycbcr: a sampler Y′CbCr conversion (sampler.YCbCrConversion), which
//     sampling a multi-planar format as a whole needs: {"model": M,
//     "range": R, "components": "rgba", "x_chroma_offset": L,
//     "y_chroma_offset": L, "chroma_filter": F,
//     "force_explicit_reconstruction": B} with model (required)
//     rgb_identity, ycbcr_identity, ycbcr_709, ycbcr_601 or ycbcr_2020,
//     range itu_full (default) or itu_narrow, components a swizzle as the
//     surface's "swizzle" (default identity), chroma offsets cosited_even
//     (default) or midpoint, chroma_filter nearest (default) or linear,
//     force_explicit_reconstruction false (default) or true. Vulkan's
//     rules apply: the sampling operations only (no gather, fetch, lod or
//     compare, no offsets), address clamp_to_edge on all three axes,
//     nearest or linear filters, no anisotropy, weighted_average, the
//     view's swizzle the identity.
//
// # Operation and lanes
//
// "op" is an operation name of package sampler: sample, sample_b, sample_l,
// sample_lz, sample_d, the compare forms sample_c, sample_b_c, sample_l_c,
// sample_c_lz, sample_d_c, lod, the gathers gather4, gather4_c, gather4_l,
// gather4_b, gather4_i, gather4_i_c, gather4_po, gather4_po_c,
// gather4_po_l, gather4_po_b, gather4_po_i, gather4_po_i_c, gather4_po_l_c,
// fetch, fetch_ms, resinfo, sampleinfo and samplepos.
//
// "lanes" is an array of lane objects, one SIMD lane each (or columnar, see
// "Version 2"). Implicit-LOD
// operations (sample, sample_b, sample_c, sample_b_c, lod, gather4_b,
// gather4_i, ...) take their derivatives from 2×2 quads of lanes (4k..4k+3
// are pixels (0,0), (1,0), (0,1), (1,1)), so their lane count must be a
// multiple of 4. A lane has:
//
//   - coord: the coordinates, for sampling, gather and lod: 1d [u];
//     1d_array [u, layer]; 2d [u, v]; 2d_array [u, v, layer]; 3d [u, v, w];
//     cube [x, y, z]; cube_array [x, y, z, layer]. Normalized unless the
//     sampler is unnormalized; layers are never normalized.
//   - lod (explicit-LOD operations: sample_l, sample_l_c, gather4_l,
//     gather4_po_l, gather4_po_l_c), bias (sample_b, sample_b_c, gather4_b,
//     gather4_po_b), ref (the compare operations): numbers.
//   - ddx, ddy (sample_d, sample_d_c): the gradients of the spatial
//     coordinates, 1, 2 or 3 values by surface type (3 for cube).
//   - offset: texel offsets [du], [du, dv] or [du, dv, dw] for sampling,
//     gather and fetch; −8..7, or −32..31 for the _po gathers (checked per lane).
//   - channel: the component a non-compare gather reads, 0..3 (checked per
//     lane); default 0.
//   - texel: integer texel coordinates for fetch and fetch_ms, layer last:
//     1d [x], 1d_array [x, layer], 2d [x, y], 2d_array [x, y, layer],
//     3d [x, y, z], 2d_ms [x, y], 2d_ms_array [x, y, layer].
//   - level: the mip level for fetch and resinfo, relative to the view; default 0.
//   - sample: the sample index for fetch_ms and samplepos; default 0.
//   - min_lod: Vulkan's MinLod operand for the operations that compute a LOD
//     (sampling, lod, and the gathers other than gather4, gather4_c,
//     gather4_po, gather4_po_c): λ is clamped below by the larger of it and
//     the sampler's min_lod (sampler.Request.MinLod). Optional per lane.
//   - active: false turns the lane off (default true). An inactive lane may
//     leave out every operand but coord, which implicit-LOD operations still
//     read for their quad's derivatives.
//
// Every operand an active lane's operation needs is required (coord even on
// inactive lanes); offset, channel, level and sample default to 0.
//
// # Numbers
//
// Float fields take a JSON number, rounded once to the nearest float32
// (float64 for the hash range and the border colour), or one of the strings
// "NaN" (the quiet NaN 0x7fc00000), "Inf" or "+Inf", "-Inf", or "@XXXXXXXX":
// exactly 8 hex digits of raw float32 bits, such as "@3f800000" for 1 or
// "@7fc00001" for a NaN with a payload. A finite number beyond the float32
// range is an error. Integer fields take JSON integers (no fraction, no
// exponent) within the field's range.
//
// # Precision
//
//	"precision": {"mode": "exact"}
//	"precision": {"mode": "hardware", "subtexel_bits": 8, "lod_bits": 8}
//
// Exact (the default) evaluates in float32 with unquantized weights; hardware
// quantizes the sub-texel weights and the LOD to the given numbers of
// fraction bits, 1..16, default 8 and 8 (see sampler.Precision).
//
// # Results
//
//	{"id": 1, "results": [[0.25, 0.5, 0, 1], null],
//	 "bits": [["3e800000", "3f000000", "00000000", "3f800000"], null],
//	 "resident": [true, null]}
//
// results has one entry per lane: the four channels [r, g, b, a], or null for
// an inactive lane or a lane with an error. What the channels hold depends on
// the operation:
//
//   - sampling and gather: the filtered or gathered texel values (a gather
//     returns the four texels of the 2×2 footprint in Vulkan's order);
//   - compare operations: the result in r and 0 in g, b, a;
//   - lod: [clamped LOD, unclamped LOD, 0, 0];
//   - fetch, fetch_ms: the texel; out-of-range reads return zero memory;
//   - resinfo: [width, height or layers, depth or layers, level count] at
//     the lane's level;
//   - sampleinfo: [samples, 0, 0, sample position palette index];
//   - samplepos: [x, y, 0, 0], the sample's position in pixels from the
//     pixel's centre; a sample index outside the surface's count is a lane
//     error.
//
// bits is left out for a job with "bits": false, and for every job without
// "bits": true under Options.NoBits ("texunit batch -bits=false").
//
// A job with "projective": true is the projective form of its sampling or
// lod operation (textureProj; 1d, 2d and 3d surfaces): each lane's coord
// has q after its coordinates, and the coordinates (and a compare's ref)
// are divided by it (sampler.Request.Projective).
//
// A job's "derivatives" is how its implicit-LOD operations take a quad's
// differences: "coarse" (the default; one ddx and ddy per quad) or "fine"
// (per row and column, as dFdxFine; sampler.Request.Derivatives).
//
// A job with "footprint": {"granularity": G, "coarse": B} on a sampling
// operation (sample, sample_b, sample_l, sample_lz, sample_d; 2d and 3d
// surfaces) is VK_NV_shader_image_footprint's query instead
// (sampler.Engine.Footprint, docs/MEMORY.md): its result has "footprints",
// per lane {"single", "anchor", "offset", "mask" ([low, high] 32-bit
// halves), "lod", "granularity", and "truncated": true only when the texels
// read span more than one neighbourhood even at the largest granularity, so
// that the mask leaves some out} (anchor and offset of two components, three
// for 3d) or null, and "errors" as for a sampling job; no "results".
//
// A job with "trace": true also gets "texels": per lane that has a result,
// every texel its operation read, in the engine's order, each
// [level, layer, x, y, z, weight, offset]: the absolute level and layer, the
// coordinates after wrapping, the texel's weight in the value, and its byte
// offset in the surface's data (of its block, for block-compressed
// formats; −1 for a border texel); null for the other lanes
// (sampler.Result.Trace, docs/MEMORY.md). With Options.Cache ("texunit
// batch -cache 16KiB/64/4") every job is traced and its reads go through an
// empty texture cache model, lanes in order and each lane's texels in read
// order, and the result gets "cache": {"lookups", "hits", "misses",
// "lines" (distinct lines touched), "memory_bytes"}; Options.MemTrace
// ("-memtrace FILE") receives each job's misses, in job order, one
// "0xADDRESS R" line each (Ramulator's memory trace format).
//
// Float results are written as the shortest decimal that reads back as the
// same float32 (for example 0.1, 1e-05, 3.4028235e+38), and NaN and
// infinities as the strings "NaN", "+Inf" and "-Inf". Integer formats
// (uint, sint) and resinfo and sampleinfo give JSON integers. bits holds
// each channel's 32-bit pattern as 8 lower-case hex digits (float32 bits,
// or the integer), so results can be compared exactly. resident is false
// for a lane that read a non-resident tile, null where results is null.
//
// A lane error (an offset out of range, a bad gather channel, a samplepos
// index out of range) makes that
// lane null and adds "errors": one entry per lane, null or the message, such
// as "lane 1: offset[0]: 9 is out of range (-8..7)". The other lanes keep
// their results.
//
// A job that cannot run at all gets {"id": ..., "error": "MESSAGE"}, and the
// batch goes on. The message names the field and the value, for example
//
//	surface.format: unknown format "r9" (want one of r8_unorm, ...)
//	lanes[3].coord: want 2 values for 2d, got 3
//	sampler.mag: unknown value "bicubic" (want one of nearest, linear, cubic)
//	line 7: invalid JSON: invalid character 'x', want a value (column 13)
//
// Errors about the line itself (not JSON, longer than the limit of 64 MiB
// or a quarter of the memory budget) start with its line number, blank lines included. An error line carries
// the job's id when it could be read (on a line that is not valid JSON:
// when a top-level id came before the problem), and no id otherwise. A
// panic inside texunit while running a job (a bug) becomes that job's
// error, wrapping ErrPanic.
//
// # Exit status
//
// "texunit batch" exits with 0 when every job and lane succeeded, 1 when a
// job or a lane failed or reading or writing failed part-way, and 2 for a
// usage error (bad flags, an input file that cannot be opened).
//
// # Surfaces are shared
//
// Besides definitions, the workers share a cache of the surfaces of recent
// jobs and reuse one when a later job's surface object has the same meaning
// (type, format, sizes, tile, residency and data; the view may differ), so
// many jobs on one texture generate its data, or read and decode its file,
// once. A job that needs a surface another job is building waits for it
// rather than building a second copy, and a surface in use is shared by all
// the jobs that need it whatever its size; the cache keeps idle surfaces up
// to Worker.CacheBytes (a quarter of the memory budget by default). So 50
// jobs that name one large texture file take about the same memory with
// eight workers as with one. A data file or image is read when its surface
// is first built, and is assumed not to change during the batch.
//
// # Limits and safety
//
// Jobs and files may come from programs that are not trusted. The batch
// has one memory budget (Options.MaxBytes, "texunit batch -max-bytes",
// 1 GiB by default) that bounds, as a total, everything that grows with
// the input: each job's line, its JSON tree, its operand slices, its
// surface, the files it reads and the texture decoder's buffers, the
// engine's result and the output line, together with the lines read ahead,
// the result lines waiting to be written in order, the surface cache and
// the defined surfaces.
// Each allocation is reserved from the budget before it is made (package
// texunit/budget). A job that alone needs more than the budget gets an
// error line naming what needed the memory, for example
//
//	surface: 67108864 bytes exceed the memory budget of 8388608 bytes (8 MiB)
//
// and the batch goes on; a job refused only because the jobs beside it held
// the memory is run again alone, with the idle cached surfaces dropped, so
// that what fails depends on the job rather than on the timing. The
// runtime's own memory (code, stacks, small fixed buffers) is outside the
// budget: the command sets Go's soft memory limit to the budget plus 48 MiB
// so that garbage is collected before the process grows beyond it.
//
// "file" and "image" paths are resolved under one directory (Worker.Files,
// "texunit batch -files DIR", the current directory by default; "-files
// none" forbids file access): a path with a ".." element, an absolute path
// outside the directory or a symbolic link that leads out of it is refused
// without the file being touched, and the message says nothing about it.
// Only regular files are read (a device, a FIFO or a directory is refused,
// and a FIFO cannot block the batch), and a file's size is checked against
// the budget before it is read. A program that embeds the batch and has its
// own notion of which files a job may read sets Worker.ReadFile instead.
//
// Result lines are written whole, in input order, each Write carrying whole
// lines, so output cut off at any moment (a killed process, a full disk) is
// a prefix of the results — but for the start of one line at its end where
// the operating system cut a write in flight (Linux stops a file write at a
// page boundary when SIGKILL arrives). Completed reads such an output; "texunit batch
// -resume OUT" truncates a line cut off at its end, skips the jobs whose
// ids already have a result line (by count, in order: jobs without an id
// count as the id null) and appends the rest, so the finished file equals
// an uninterrupted run's output. Definitions are never skipped (they
// write no line): a resumed run builds them again for the jobs it runs. Ids are echoed as written, except that
// invalid UTF-8 inside them becomes the escape \ufffd, so every line is
// valid JSON (RFC 8259).
package batch
