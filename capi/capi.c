// The public C functions of texunit.h: each checks its pointer arguments
// where C can and calls the Go function that does the work (exports.go).
// They exist so that the header's prototypes (const qualifiers, handle
// structs) are exactly as written there, whatever cgo would generate.

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "texunit.h"
#include "_cgo_export.h"

// The last error of each thread, set by the Go side (texunit_set_error)
// during a failing call on that thread, like errno: a buffer per thread
// held through a pthread key (not a __thread array: a library loaded with
// dlopen, as Python loads it, has little static TLS to spare), freed when
// the thread exits.
enum { LAST_ERROR_SIZE = 4096 };
static pthread_key_t last_error_key;
static pthread_once_t last_error_once = PTHREAD_ONCE_INIT;

static void last_error_init(void) { pthread_key_create(&last_error_key, free); }

__attribute__((visibility("hidden"))) void texunit_set_error(const char *msg, size_t n) {
	pthread_once(&last_error_once, last_error_init);
	char *buf = pthread_getspecific(last_error_key);
	if (buf == NULL) {
		buf = malloc(LAST_ERROR_SIZE);
		if (buf == NULL || pthread_setspecific(last_error_key, buf) != 0) {
			free(buf);
			return;
		}
	}
	if (n >= LAST_ERROR_SIZE) {
		n = LAST_ERROR_SIZE - 1;
	}
	memcpy(buf, msg, n);
	buf[n] = 0;
}

const char *texunit_last_error(void) {
	pthread_once(&last_error_once, last_error_init);
	const char *buf = pthread_getspecific(last_error_key);
	return buf ? buf : "";
}

int texunit_abi_version(void) { return TEXUNIT_ABI_VERSION; }

int texunit_surface_new(const char *json, texunit_surface *out) {
	return texunitGoSurfaceNew((char *)json, out ? &out->id : NULL);
}

int texunit_surface_from_file(const char *path, const char *json, texunit_surface *out) {
	return texunitGoSurfaceFromFile((char *)path, (char *)json, out ? &out->id : NULL);
}

int texunit_surface_from_memory(const char *json, const void *data, size_t size, texunit_surface *out) {
	return texunitGoSurfaceFromMemory((char *)json, (void *)data, size, out ? &out->id : NULL);
}

int texunit_surface_info_get(texunit_surface surface, texunit_surface_info *out) {
	return texunitGoSurfaceInfo(surface.id, out);
}

int texunit_surface_free(texunit_surface surface) { return texunitGoFree(1, surface.id); }

int texunit_sampler_new(const char *json, texunit_sampler *out) {
	return texunitGoSamplerNew((char *)json, out ? &out->id : NULL);
}

int texunit_sampler_free(texunit_sampler sampler) { return texunitGoFree(2, sampler.id); }

int texunit_engine_new(const char *json, texunit_engine *out) {
	return texunitGoEngineNew((char *)json, out ? &out->id : NULL);
}

int texunit_engine_free(texunit_engine engine) { return texunitGoFree(3, engine.id); }

int texunit_op(const char *name) { return texunitGoOp((char *)name); }

// The operation names, in the order of the TEXUNIT_OP_* codes (the Go
// tests check them against package sampler's).
static const char *const op_names[] = {
	"sample", "sample_b", "sample_l", "sample_lz", "sample_d",
	"sample_c", "sample_b_c", "sample_l_c", "sample_c_lz", "sample_d_c",
	"lod", "gather4", "gather4_c", "gather4_l", "gather4_b", "gather4_i", "gather4_i_c",
	"gather4_po", "gather4_po_c", "gather4_po_l", "gather4_po_b", "gather4_po_i",
	"gather4_po_i_c", "gather4_po_l_c", "fetch", "fetch_ms", "resinfo", "sampleinfo", "samplepos",
};

const char *texunit_op_name(int op) {
	if (op < 0 || op >= (int)(sizeof op_names / sizeof op_names[0])) {
		return NULL;
	}
	return op_names[op];
}

static const char *const lane_error_names[] = {
	"no error",
	"offset out of range",
	"gather channel out of range",
	"sample index out of range",
	"lane error",
};

const char *texunit_lane_error_name(int code) {
	if (code < 0 || code >= (int)(sizeof lane_error_names / sizeof lane_error_names[0])) {
		return "unknown lane error code";
	}
	return lane_error_names[code];
}

int texunit_execute(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                    int op, const texunit_operands *in, texunit_results *out) {
	return texunitGoExecute(engine.id, surface.id, sampler.id, op, (texunit_operands *)in, out);
}

int texunit_execute_traced(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                           int op, const texunit_operands *in, texunit_results *out, texunit_trace *trace) {
	return texunitGoExecuteTraced(engine.id, surface.id, sampler.id, op, (texunit_operands *)in, out, trace);
}

int texunit_execute_ex(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                       int op, const texunit_operands *in, texunit_results *out, const texunit_request_options *options) {
	return texunitGoExecuteEx(engine.id, surface.id, sampler.id, op, (texunit_operands *)in, out, (texunit_request_options *)options);
}

int texunit_footprint_query(texunit_engine engine, texunit_surface surface, texunit_sampler sampler, int op,
                            const texunit_operands *in, const texunit_request_options *options,
                            int32_t granularity, int32_t coarse, texunit_footprint *out) {
	return texunitGoFootprint(engine.id, surface.id, sampler.id, op, (texunit_operands *)in, (texunit_request_options *)options,
	                          granularity, coarse, out);
}

int texunit_execute_many(texunit_engine engine, size_t count, texunit_request *requests) {
	return texunitGoExecuteMany(engine.id, count, requests);
}

int64_t texunit_time_go(texunit_engine engine, texunit_surface surface, texunit_sampler sampler,
                        int op, const texunit_operands *in, int64_t iterations) {
	return texunitGoTimeGo(engine.id, surface.id, sampler.id, op, (texunit_operands *)in, iterations);
}

int64_t texunit_time_go_many(texunit_engine engine, size_t count, const texunit_request *requests, int64_t rounds) {
	return texunitGoTimeGoMany(engine.id, count, (texunit_request *)requests, rounds);
}
