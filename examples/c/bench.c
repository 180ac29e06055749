/* bench.c: the C interface's throughput against the Go library's on the
 * same requests, in one process on one thread.
 *
 *   make -C examples/c bench          (BENCH_MS=200 BENCH_REPS=7 for longer runs)
 *
 * For each workload and lane count it times texunit_execute in a loop
 * (the C side: handle look-ups, operand and result transfers, the cgo
 * call) and texunit_time_go on the same request (sampler.Engine.Execute
 * in a Go loop on Go-owned copies of the operands), alternately, REPS
 * times, and prints the median samples/s of each, their ratio's median
 * and its range over the repetitions. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <texunit.h>

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
	qsort(v, n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint32_t rng = 12345;
static float rnd(void) { /* [0, 1) */
	rng = rng * 1664525u + 1013904223u;
	return (rng >> 8) * (1.0f / 16777216.0f);
}

static void die(const char *what) {
	fprintf(stderr, "%s: %s\n", what, texunit_last_error());
	exit(1);
}

struct workload {
	const char *name, *surface, *sampler;
	int op;
};

static const struct workload workloads[] = {
	{"bilinear rgba8", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":1}",
	 "{\"mag\":\"linear\",\"min\":\"linear\"}", TEXUNIT_OP_SAMPLE_L},
	{"trilinear rgba8", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":0}",
	 "{\"mag\":\"linear\",\"min\":\"linear\",\"mip\":\"linear\"}", TEXUNIT_OP_SAMPLE_L},
	{"aniso 16x sample_d", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":0}",
	 "{\"mag\":\"linear\",\"min\":\"linear\",\"mip\":\"linear\",\"max_anisotropy\":16}", TEXUNIT_OP_SAMPLE_D},
	{"bilinear rgba32f", "{\"type\":\"2d\",\"format\":\"r32g32b32a32_sfloat\",\"width\":256,\"height\":256,\"levels\":1}",
	 "{\"mag\":\"linear\",\"min\":\"linear\"}", TEXUNIT_OP_SAMPLE_L},
	{"fetch rgba8", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":1}",
	 NULL, TEXUNIT_OP_FETCH},
};

int main(void) {
	const char *e;
	double ms = (e = getenv("BENCH_MS")) ? atof(e) : 60;
	int reps = (e = getenv("BENCH_REPS")) ? atoi(e) : 5;
	if (reps < 1 || reps > 99) reps = 5;
	static const int lane_counts[] = {64, 256, 1024, 4096};
	enum { MAXL = 4096 };
	static float coord[2 * MAXL], lod[MAXL], ddx[2 * MAXL], ddy[2 * MAXL];
	static int32_t texel[2 * MAXL];
	static uint32_t values[4 * MAXL];
	texunit_engine engine;
	if (texunit_engine_new(NULL, &engine) < 0) die("engine");

	printf("| workload | lanes | layout | C M samples/s | Go M samples/s | C/Go (median) | C/Go range |\n");
	printf("|---|---:|---|---:|---:|---:|---:|\n");
	for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
		const struct workload *wl = &workloads[w];
		texunit_surface s;
		texunit_sampler smp = {0};
		if (texunit_surface_new(wl->surface, &s) < 0) die(wl->name);
		if (wl->sampler && texunit_sampler_new(wl->sampler, &smp) < 0) die(wl->name);
		for (size_t k = 0; k < sizeof lane_counts / sizeof lane_counts[0]; k++) {
			int n = lane_counts[k];
			for (int layout = 0; layout < 2; layout++) {
				/* Lane-major here; the values are random either way. */
				for (int i = 0; i < 2 * n; i++) {
					coord[i] = rnd();
					ddx[i] = (rnd() - 0.5f) / 16;
					ddy[i] = (rnd() - 0.5f) / 64;
					texel[i] = (int32_t)(rnd() * 256);
				}
				for (int i = 0; i < n; i++) lod[i] = rnd() * 6;
				texunit_operands in;
				memset(&in, 0, sizeof in);
				in.lanes = n;
				in.layout = layout;
				if (wl->op == TEXUNIT_OP_FETCH) {
					in.texel = texel;
				} else {
					in.coord = coord;
				}
				if (wl->op == TEXUNIT_OP_SAMPLE_L) in.lod = lod;
				if (wl->op == TEXUNIT_OP_SAMPLE_D) {
					in.ddx = ddx;
					in.ddy = ddy;
				}
				texunit_results out;
				memset(&out, 0, sizeof out);
				out.values = values;
				/* Calibrate: iterations for about ms milliseconds. */
				int64_t ns = texunit_time_go(engine, s, smp, wl->op, &in, 20);
				if (ns < 0) die(wl->name);
				int64_t iters = (int64_t)(ms * 1e6 / ((double)ns / 20 + 1));
				if (iters < 10) iters = 10;
				double c[99], g[99], r[99];
				for (int rep = 0; rep < reps; rep++) {
					double t0 = now();
					for (int64_t it = 0; it < iters; it++) {
						if (texunit_execute(engine, s, smp, wl->op, &in, &out) < 0) die(wl->name);
					}
					double tc = now() - t0;
					ns = texunit_time_go(engine, s, smp, wl->op, &in, iters);
					if (ns < 0) die(wl->name);
					c[rep] = (double)n * iters / tc / 1e6;
					g[rep] = (double)n * iters / (ns * 1e-9) / 1e6;
					r[rep] = c[rep] / g[rep];
				}
				double rr[99];
				memcpy(rr, r, sizeof rr);
				double rmed = median(rr, reps);
				double lo = rr[0], hi = rr[reps - 1];
				printf("| %s | %d | %s | %.1f | %.1f | %.3f | %.3f–%.3f |\n", wl->name, n,
				       layout ? "component-major" : "lane-major", median(c, reps), median(g, reps), rmed, lo, hi);
				fflush(stdout);
			}
		}
		texunit_surface_free(s);
		if (smp.id) texunit_sampler_free(smp);
	}
	texunit_engine_free(engine);
	return 0;
}
