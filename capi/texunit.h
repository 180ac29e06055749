/*
 * texunit.h: the C interface of texunit, a bit-exact model of a GPU texture
 * sampling unit (https://github.com/texunit/texunit, BSD-3-Clause).
 *
 * Build the library from a checkout (Go 1.26 or later and a C compiler):
 *
 *     go build -buildmode=c-shared  -o libtexunit.so ./capi    # shared
 *     go build -buildmode=c-archive -o libtexunit.a  ./capi    # static
 *
 * or "make -C examples/c lib", which also writes texunit.pc for pkg-config.
 *
 * One vocabulary everywhere: surfaces and sampler states are the JSON objects
 * of the batch protocol ("go doc github.com/texunit/texunit/batch"; the
 * README's batch section), operations have the batch's names, and a
 * request's operands are caller arrays named after the batch's lane fields.
 * Results are those "texunit batch" writes, bit for bit.
 *
 * Memory and handles. Every object lives inside the library and is named by
 * an opaque handle (a 64-bit id in a struct, never a pointer). The library
 * keeps no pointer the caller passed once a call returns: surface data is
 * copied in, operands are read and results written during the call. The
 * zero handle is never a live object ({0} is a safe "none").
 *
 * Threads. Every function may be called from any thread, at the same time
 * as any other, with the same handles: surfaces and sampler states are
 * read-only once made, and an engine is safe for concurrent use (it keeps
 * the set-up of the last request; give each thread its own engine to keep
 * that cache warm per thread). Freeing a handle while another thread still
 * uses it is safe (the call in flight finishes on the object) but later
 * uses of the handle fail with TEXUNIT_EHANDLE. Results and operand arrays
 * are the caller's: do not share one results array between two calls in
 * flight.
 *
 * Errors. Functions return a status: TEXUNIT_OK (0), TEXUNIT_LANE_ERRORS
 * (1, the execute calls only: some lanes failed, the others' results are
 * valid), or a negative TEXUNIT_E* code. After a negative status,
 * texunit_last_error() returns the message, naming the field and the value
 * as the batch does ("sampler.mag: unknown value \"bicubic\" (want one of
 * nearest, linear, cubic)"); it is kept per thread, like errno, until the thread's
 * next failing call. Nothing panics or aborts across the boundary: an
 * internal error (a bug) is TEXUNIT_EINTERNAL.
 */
#ifndef TEXUNIT_H
#define TEXUNIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. texunit_abi_version() returns the
 * library's; a program compares the two at start-up. The number changes
 * whenever a struct, constant or signature here changes incompatibly. */
#define TEXUNIT_ABI_VERSION 1

/* Status codes. */
enum {
	TEXUNIT_OK = 0,
	TEXUNIT_LANE_ERRORS = 1,  /* texunit_execute: some lanes failed (see texunit_results) */
	TEXUNIT_EINVAL = -1,      /* a bad argument: JSON, a name, an operand, a size */
	TEXUNIT_EHANDLE = -2,     /* a handle that is zero, freed, or of another kind */
	TEXUNIT_EREQUEST = -3,    /* the request cannot run on this surface and sampler state */
	TEXUNIT_EFILE = -4,       /* a file could not be read or decoded */
	TEXUNIT_EMEMORY = -5,     /* beyond the memory limit (1 GiB per surface) */
	TEXUNIT_EINTERNAL = -6    /* an internal error in texunit (a bug: please report it) */
};

/* Per-lane error codes (texunit_results.errors). */
enum {
	TEXUNIT_LANE_OK = 0,
	TEXUNIT_LANE_OFFSET = 1,  /* a texel offset out of range, or non-zero on an axis the surface lacks */
	TEXUNIT_LANE_CHANNEL = 2, /* a gather channel outside 0..3 */
	TEXUNIT_LANE_SAMPLE = 3,  /* a samplepos sample index outside the surface's samples */
	TEXUNIT_LANE_OTHER = 4    /* another per-lane error (see the lane's message) */
};

/* How a result's 32-bit words are read (texunit_results.kind). */
enum {
	TEXUNIT_FLOAT = 0, /* IEEE-754 binary32 (float) */
	TEXUNIT_UINT = 1,  /* uint32_t: unsigned integer formats, resinfo, sampleinfo */
	TEXUNIT_SINT = 2   /* int32_t: signed integer formats */
};

/* Operand and result layouts (texunit_operands.layout, texunit_results.layout). */
enum {
	/* lanes × n: lane i's components are [i*n .. i*n+n-1], as a batch lane's
	 * array and a C-ordered numpy array of shape (lanes, n); results lanes × 4. */
	TEXUNIT_LANE_MAJOR = 0,
	/* n × lanes: component c of lane i is [c*lanes + i], one array per
	 * register as a SIMD register file holds it; results 4 × lanes. The
	 * library reads such operands and writes such results in place (no
	 * copy, no transposition): the fastest form. */
	TEXUNIT_COMPONENT_MAJOR = 1
};

/* Operations, by their batch names; texunit_op() maps a name to its code. */
enum {
	TEXUNIT_OP_SAMPLE = 0,         /* "sample": implicit LOD, 2×2 quads */
	TEXUNIT_OP_SAMPLE_B = 1,       /* "sample_b" */
	TEXUNIT_OP_SAMPLE_L = 2,       /* "sample_l" */
	TEXUNIT_OP_SAMPLE_LZ = 3,      /* "sample_lz" */
	TEXUNIT_OP_SAMPLE_D = 4,       /* "sample_d": gradients (NVIDIA TXD) */
	TEXUNIT_OP_SAMPLE_C = 5,       /* "sample_c" */
	TEXUNIT_OP_SAMPLE_B_C = 6,     /* "sample_b_c" */
	TEXUNIT_OP_SAMPLE_L_C = 7,     /* "sample_l_c" */
	TEXUNIT_OP_SAMPLE_C_LZ = 8,    /* "sample_c_lz" */
	TEXUNIT_OP_SAMPLE_D_C = 9,     /* "sample_d_c" */
	TEXUNIT_OP_LOD = 10,           /* "lod" */
	TEXUNIT_OP_GATHER4 = 11,       /* "gather4" */
	TEXUNIT_OP_GATHER4_C = 12,     /* "gather4_c" */
	TEXUNIT_OP_GATHER4_L = 13,     /* "gather4_l" */
	TEXUNIT_OP_GATHER4_B = 14,     /* "gather4_b" */
	TEXUNIT_OP_GATHER4_I = 15,     /* "gather4_i" */
	TEXUNIT_OP_GATHER4_I_C = 16,   /* "gather4_i_c" */
	TEXUNIT_OP_GATHER4_PO = 17,    /* "gather4_po" */
	TEXUNIT_OP_GATHER4_PO_C = 18,  /* "gather4_po_c" */
	TEXUNIT_OP_GATHER4_PO_L = 19,  /* "gather4_po_l" */
	TEXUNIT_OP_GATHER4_PO_B = 20,  /* "gather4_po_b" */
	TEXUNIT_OP_GATHER4_PO_I = 21,  /* "gather4_po_i" */
	TEXUNIT_OP_GATHER4_PO_I_C = 22,/* "gather4_po_i_c" */
	TEXUNIT_OP_GATHER4_PO_L_C = 23,/* "gather4_po_l_c" */
	TEXUNIT_OP_FETCH = 24,         /* "fetch" */
	TEXUNIT_OP_FETCH_MS = 25,      /* "fetch_ms" */
	TEXUNIT_OP_RESINFO = 26,       /* "resinfo" */
	TEXUNIT_OP_SAMPLEINFO = 27,    /* "sampleinfo" */
	TEXUNIT_OP_SAMPLEPOS = 28      /* "samplepos" */
};

/* Opaque handles. */
typedef struct texunit_surface { uint64_t id; } texunit_surface; /* a surface and its view */
typedef struct texunit_sampler { uint64_t id; } texunit_sampler; /* a sampler state */
typedef struct texunit_engine { uint64_t id; } texunit_engine;   /* an engine: precision and set-up cache */

/* The library's ABI version (TEXUNIT_ABI_VERSION of the header it was built with). */
int texunit_abi_version(void);

/* The message of this thread's last failing call ("" if none); valid until
 * this thread's next failing call. Long messages are cut at 4095 bytes. */
const char *texunit_last_error(void);

/* A surface from the batch protocol's "surface" object (NUL-terminated
 * JSON), for example
 *   {"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64,
 *    "levels": 0, "data": {"hash": {"seed": 7}}}
 * with the batch's view fields (base_level, level_count, base_layer,
 * layer_count, aspect, swizzle) and residency (tile, nonresident). Paths in
 * {"file": ...} and {"image": ...} data are read as the batch reads them:
 * under the current directory only (texunit_surface_from_file takes any
 * path). */
int texunit_surface_new(const char *json, texunit_surface *out);

/* A surface from a texture file (PNG, KTX 2.0, KTX 1.1, DDS, Radiance HDR,
 * astcenc's .astc) at path, which gives the format and sizes. json may be
 * NULL, or a surface object without "data" that reinterprets or views the
 * file as a batch job's {"image": path} surface may ("type" required, e.g.
 * {"type": "2d_array"}, a format's sRGB/UNORM twin, base_level, swizzle,
 * ...; for .astc blocks, an ASTC format such as "astc_6x6_sfloat_block"
 * chooses UNORM, SRGB or SFLOAT). */
int texunit_surface_from_file(const char *path, const char *json, texunit_surface *out);

/* A surface whose texels are the size bytes at data, in the surface's
 * stream order (the batch's {"file": ...} data: level, layer, z, y, x,
 * sample; block-compressed formats as rows of blocks); json is a surface
 * object without "data". The bytes are copied: data may be freed on return. */
int texunit_surface_from_memory(const char *json, const void *data, size_t size, texunit_surface *out);

/* What a surface handle views. */
typedef struct texunit_surface_info {
	char type[16];          /* the batch's type: "2d", "cube_array", ... */
	char format[48];        /* the format's name: "r8g8b8a8_unorm", ... */
	int32_t width, height, depth; /* level 0 of the surface */
	int32_t layers, levels, samples;
	int32_t base_level, level_count, base_layer, layer_count; /* the view */
	int32_t coord_count;    /* values per lane of coord and texel (layer included) */
	int32_t gradient_count; /* values per lane of ddx and ddy, and most of offset */
	size_t bytes;           /* the surface's texel data */
} texunit_surface_info;

int texunit_surface_info_get(texunit_surface surface, texunit_surface_info *out);

/* Frees a surface (TEXUNIT_EHANDLE if it is not live). */
int texunit_surface_free(texunit_surface surface);

/* A sampler state from the batch protocol's "sampler" object, for example
 * {"mag": "linear", "min": "linear", "mip": "linear", "address":
 * "clamp_to_edge"}; absent fields keep the defaults. json may be NULL for
 * the default state (nearest filters and mip, repeat). */
int texunit_sampler_new(const char *json, texunit_sampler *out);
int texunit_sampler_free(texunit_sampler sampler);

/* An engine with the batch's "precision" object ({"mode": "exact"} or
 * {"mode": "hardware", "subtexel_bits": 8, "lod_bits": 8}); json may be
 * NULL for exact. */
int texunit_engine_new(const char *json, texunit_engine *out);
int texunit_engine_free(texunit_engine engine);

/* The code of an operation name ("sample_l"), or TEXUNIT_EINVAL. */
int texunit_op(const char *name);

/* The name of an operation code, or NULL for a code that names none. */
const char *texunit_op_name(int op);

/* A short description of a per-lane error code ("offset out of range"). */
const char *texunit_lane_error_name(int code);

/*
 * A request's operands: caller arrays named after the batch's lane fields,
 * NULL where not given. An operand the operation does not use must be NULL
 * (as a batch lane may not have the field), and one it needs must be given
 * (unless every lane is inactive; coord always). n below is the count per
 * lane (texunit_surface_info): for coord and texel coord_count (1d [u],
 * 2d [u, v], 2d_array [u, v, layer], cube [x, y, z], ...), for ddx and ddy
 * gradient_count. Multi-component arrays follow layout; one-component
 * arrays hold one value per lane either way.
 */
typedef struct texunit_operands {
	int32_t lanes;           /* the number of lanes (≥ 0; a multiple of 4 for implicit-LOD operations) */
	int32_t layout;          /* TEXUNIT_LANE_MAJOR or TEXUNIT_COMPONENT_MAJOR */
	const float *coord;      /* lanes × coord_count: sampling, gather, lod */
	const float *lod;        /* lanes: sample_l, sample_l_c, gather4_l, gather4_po_l, gather4_po_l_c */
	const float *bias;       /* lanes: sample_b, sample_b_c, gather4_b, gather4_po_b */
	const float *ref;        /* lanes: the depth reference of the compare operations */
	const float *ddx;        /* lanes × gradient_count: sample_d, sample_d_c */
	const float *ddy;        /* lanes × gradient_count */
	const int32_t *offset;   /* lanes × offset_count: texel offsets (sampling, gather, fetch) */
	int32_t offset_count;    /* 1..3 values per lane in offset (the rest 0); 0: gradient_count */
	const int32_t *channel;  /* lanes: the gathered component 0..3 (non-compare gathers) */
	const int32_t *texel;    /* lanes × coord_count: integer texel coordinates (fetch, fetch_ms) */
	const int32_t *level;    /* lanes: mip level of fetch and resinfo, relative to the view */
	const int32_t *sample;   /* lanes: sample index of fetch_ms and samplepos */
	const float *min_lod;    /* lanes: Vulkan's MinLod operand; NaN: none for that lane */
	const uint8_t *active;   /* lanes: 0 turns a lane off; NULL: all on */
} texunit_operands;

/*
 * Where texunit_execute writes its results. values is required; the rest
 * may be NULL. A lane that is inactive or failed has zero values and
 * resident 1 ("texunit batch" writes null for it). Component-major values
 * are written row by row with vector stores of up to 64 bytes: rows that
 * start on 64-byte boundaries (aligned_alloc(64, ...), lanes a multiple of
 * 16) are written fastest.
 */
typedef struct texunit_results {
	void *values;            /* lanes × 4 (or 4 × lanes, by layout) 32-bit words, read as kind says: r, g, b, a */
	uint8_t *resident;       /* lanes: 0 where a texel came from a non-resident tile */
	int32_t *errors;         /* lanes: TEXUNIT_LANE_* codes */
	char *messages;          /* the failed lanes' messages, "lane 3: offset[0]: 9 is out of range (-8..7)\n" each, NUL-terminated */
	size_t messages_size;    /* messages' size in bytes; messages that do not fit are left out whole */
	int32_t layout;          /* values: TEXUNIT_LANE_MAJOR (lanes × 4) or TEXUNIT_COMPONENT_MAJOR (4 × lanes) */
	int32_t kind;            /* out: TEXUNIT_FLOAT, TEXUNIT_UINT or TEXUNIT_SINT */
	int32_t failed;          /* out: the number of lanes with an error */
	size_t messages_needed;  /* out: the size messages needs for every message */
} texunit_results;

/*
 * Runs one request: op (TEXUNIT_OP_*) over in->lanes lanes on the surface's
 * view with the sampler state. engine and sampler may be {0}: a shared
 * exact-precision engine, and the default sampler state. Returns
 * TEXUNIT_OK, TEXUNIT_LANE_ERRORS (the other lanes' results are valid), or
 * a negative code (out->kind and out->failed are 0; what the result arrays
 * hold is then unspecified).
 */
int texunit_execute(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                    int op, const texunit_operands *in, texunit_results *out);

/*
 * One texel a traced request read (texunit_execute_traced): the batch's
 * "texels" and sampler.TracedTexel. level and layer are absolute (layer is
 * 6·cube + face for the cube kinds); x, y, z the coordinates after wrapping
 * (a border texel's: the ones that fell outside); weight its weight in the
 * lane's value (filter weight × mip-blend weight × 1/N for one of N
 * anisotropic probes; 1 for nearest, fetch and gather texels); offset its
 * byte offset in the surface's data, of its block for block-compressed
 * formats (block is then the texel's index in the block, else −1), −1 for
 * a border texel.
 */
typedef struct texunit_texel {
	int32_t lane, level, layer, x, y, z, sample;
	int32_t border;          /* 1: the border colour, not read from memory */
	int32_t resident;        /* 0: the texel's tile is not resident (it read as zero) */
	int32_t block;           /* the texel's index in its block, or −1 */
	double weight;
	int64_t offset;
} texunit_texel;

/*
 * Where texunit_execute_traced writes the request's footprint: the texels
 * every lane read, lane by lane and in the engine's order within a lane.
 */
typedef struct texunit_trace {
	texunit_texel *texels;   /* capacity entries, or NULL with capacity 0 (count only) */
	size_t capacity;
	size_t count;            /* out: the texels the request read; more than capacity: the first capacity were written, call again with room for count */
	int32_t *lane_start;     /* lanes + 1 entries, or NULL: lane i's texels are texels[lane_start[i] .. lane_start[i+1]) */
	int32_t texel_bytes;     /* out: the bytes one read covers: a texel, or a block for block-compressed formats */
} texunit_trace;

/*
 * texunit_execute with the request's footprint trace: the same results,
 * bit for bit (a traced request takes the fast paths where an untraced one
 * would, or the reference pipeline for the footprints they hand back), and
 * every texel each lane read in trace (required). Added in texunit 0.2
 * without changing TEXUNIT_ABI_VERSION: the structures above are new.
 */
int texunit_execute_traced(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                           int op, const texunit_operands *in, texunit_results *out, texunit_trace *trace);

/* Request options (texunit_execute_ex). */
enum {
	TEXUNIT_DERIVATIVES_COARSE = 0, /* one ddx and ddy per quad (the default) */
	TEXUNIT_DERIVATIVES_FINE = 1    /* per row and column, as dFdxFine */
};

/*
 * Options of a request beyond its operands: the batch's job members
 * "derivatives" and "projective", the coarse pixel size of CPS (vISA
 * .cps), and the footprint trace. The zero value is texunit_execute.
 */
typedef struct texunit_request_options {
	int32_t derivatives;     /* TEXUNIT_DERIVATIVES_COARSE or TEXUNIT_DERIVATIVES_FINE: the implicit-LOD operations' quad differences */
	int32_t projective;      /* 1: the projective form (textureProj): coord has coord_count + 1 values a lane, q last; the coordinates and ref are divided by q (1d, 2d and 3d surfaces; sampling and lod) */
	float coarse_pixel[2];   /* the coarse fragment size in pixels (x, y), each 0 (1 pixel) or at least 1: the implicit derivatives are divided by it */
	texunit_trace *trace;    /* not NULL: the request's footprint trace, as texunit_execute_traced */
} texunit_request_options;

/*
 * texunit_execute with options (NULL: none). Added in texunit 0.2 without
 * changing TEXUNIT_ABI_VERSION.
 */
int texunit_execute_ex(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                       int op, const texunit_operands *in, texunit_results *out, const texunit_request_options *options);

/*
 * One lane's texel footprint (texunit_footprint_query): the fields of
 * VK_NV_shader_image_footprint's result, as the batch's "footprints".
 */
typedef struct texunit_footprint {
	int32_t single_level;    /* 1: the operation reads one mip level only */
	uint32_t anchor[3];      /* in units of 8 (2D) or 4 (3D) texel groups; [2] is 0 for 2D */
	uint32_t offset[3];      /* in texel groups */
	uint32_t mask[2];        /* the specification's mask.x and mask.y: bit lgy·8 + lgx (3D: lgz·16 + lgy·4 + lgx) */
	uint32_t lod;            /* the footprint's level, relative to the view */
	uint32_t granularity;    /* 0, or the larger granularity an anisotropic footprint needed */
	int32_t truncated;       /* 1: the texels read span more than one neighbourhood even at the largest
	                            granularity, and the mask leaves the groups beyond it out */
	int32_t error;           /* the lane's TEXUNIT_LANE_* code (the footprint is then zero) */
} texunit_footprint;

/*
 * The texel footprint query of a sampling operation (sample, sample_b,
 * sample_l, sample_lz, sample_d) on a 2d or 3d surface: lane i's footprint
 * in out[i] (in->lanes entries), for the granularity code (2D 1-7 and
 * 11-15, 3D 1, 3 and 10-14) in the fine level or, with coarse 1, the
 * coarse one. options may be NULL (its trace is not used). Returns
 * TEXUNIT_OK, TEXUNIT_LANE_ERRORS or a negative code.
 */
int texunit_footprint_query(texunit_engine engine, texunit_surface surface, texunit_sampler sampler, int op,
                            const texunit_operands *in, const texunit_request_options *options,
                            int32_t granularity, int32_t coarse, texunit_footprint *out);

/*
 * One request of texunit_execute_many: what texunit_execute_ex takes, in
 * one structure, and its status. Added in texunit 0.2 without changing
 * TEXUNIT_ABI_VERSION.
 */
typedef struct texunit_request {
	texunit_surface surface;
	texunit_sampler sampler;     /* {0}: the default state */
	int32_t op;                  /* TEXUNIT_OP_* */
	int32_t status;              /* out: as texunit_execute_ex returns it */
	const texunit_request_options *options; /* NULL: none */
	texunit_operands in;
	texunit_results out;         /* a failed request's message goes to out.messages (cut to fit), its size to out.messages_needed */
} texunit_request;

/*
 * Runs count requests, in order, through one engine ({0}: the shared
 * exact one) in one call: for callers with many small requests (a
 * simulator's warps of a cycle), which pay the cost of a call into the
 * library once rather than once a request. Each request has its own
 * surface, sampler state, operation, operands, results and options, and
 * its own status in requests[i].status: TEXUNIT_OK, TEXUNIT_LANE_ERRORS,
 * or a negative code, whose message (naming the field and the value) is
 * written to that request's out.messages. A request that fails changes
 * no other request's results (an internal error in one, a bug, is that
 * request's TEXUNIT_EINTERNAL). Returns TEXUNIT_OK when every request's
 * status is TEXUNIT_OK, TEXUNIT_LANE_ERRORS (1) when some request's is
 * not (texunit_last_error() then names the first failed request,
 * "requests[3]: ...", if one failed), or a negative code when the call
 * itself is wrong: TEXUNIT_EINVAL for requests NULL with count > 0 or
 * count beyond 2^24 (no request is read), TEXUNIT_EHANDLE for a bad engine
 * handle (every request's status is then TEXUNIT_EHANDLE). count 0 is
 * TEXUNIT_OK. The results are those of one texunit_execute_ex call per
 * request, bit for bit. The library's per-call costs (the cgo transition,
 * its working memory) are paid once, requests on the same surface and
 * sampler handles as the request before them skip the handle look-ups,
 * and a request of the same shape as the one before it — the same
 * handles, operation, options pointer, lane count, layouts, offset_count,
 * and the same operand and result pointers NULL — skips the checks and
 * set-up that depend on that shape alone: for 64-lane component-major
 * requests of one shape, a few nanoseconds a request beyond the Go
 * library's own time, against about 170 ns for a texunit_execute call
 * (docs/PERFORMANCE.md). Order requests so that those of one shape follow
 * each other. A request's results must not overlap another's.
 */
int texunit_execute_many(texunit_engine engine, size_t count, texunit_request *requests);

/*
 * For benchmarks: runs the same request iterations times through the Go
 * library itself (sampler.Engine.Execute on Go-owned copies of the
 * operands, no C call per iteration) and returns the nanoseconds they took,
 * or a negative status. Comparing it with timed texunit_execute calls
 * measures the C interface's cost on the same request in the same process.
 */
int64_t texunit_time_go(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                        int op, const texunit_operands *in, int64_t iterations);

/*
 * For benchmarks: runs count requests (texunit_execute_many's, whose
 * outputs are not written) rounds times, in order, through the Go library
 * itself, after one round that is not timed, and returns the nanoseconds
 * the timed rounds took (0 for count 0), or a negative status: the message
 * names the request ("requests[3]: ..."), TEXUNIT_EINVAL for rounds below
 * 1. Each request runs on Go-owned copies of its operands (one copy of an
 * array that several requests read in place, component-major or of one
 * value a lane, shared as they share the array) into Go-owned result rows
 * of its own, through one sampler.Result, as texunit_execute_many gives the
 * engine the caller's component-major rows: the same requests and the same
 * memory written, without the C interface. Added without changing
 * TEXUNIT_ABI_VERSION.
 */
int64_t texunit_time_go_many(texunit_engine engine, size_t count, const texunit_request *requests, int64_t rounds);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_H */
