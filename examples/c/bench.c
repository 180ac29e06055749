/* bench.c: the C interface's throughput against the Go library's on the
 * same requests, in one process on one thread.
 *
 *   make -C examples/c bench          (BENCH_MS=200 BENCH_REPS=7 for longer runs;
 *                                      BENCH_LANES="64 1024" and BENCH_CALL=many or single for some rows)
 *
 * For each workload, lane count and operand layout it times texunit_execute
 * in a loop (the C side: handle look-ups, operand and result transfers,
 * the cgo call) and texunit_time_go on the same request
 * (sampler.Engine.Execute in a Go loop on Go-owned copies of the
 * operands; for the "many" rows texunit_time_go_many on the same 64
 * requests, each writing rows of its own as in the C call), alternately, REPS times, and prints the median samples/s of
 * each (per second of this thread's CPU time), the median of the
 * repetitions' ratios and the range of their middle half. The "many" rows
 * run the same requests MANY (64) at a time through one
 * texunit_execute_many call. The last column is the C side's cost per
 * request beyond the Go library's, in nanoseconds.
 *
 * The requests are a renderer's: lane i is a pixel of a square block
 * (8×8 for 64 lanes, 32×32 for 1,024, 64×64 for 4,096 and 16,384) on a 256×256
 * texture, with coordinates that step k texels per pixel (k = 1 for the
 * bilinear and fetch workloads, 2.3 for trilinear, LOD log2(2.3); the
 * anisotropic one has gradients k and 4k, 4:1).
 *
 *   bench count WORKLOAD LANES LAYOUT CALL N
 *
 * runs N requests of one row and nothing else, for an instruction count
 * under valgrind's callgrind (scripts/capicount.sh): WORKLOAD is a
 * workload's first word (bilinear, trilinear, aniso, gather4, fetch),
 * LAYOUT lane-major or component-major, CALL single (texunit_execute),
 * many (texunit_execute_many, 64 requests a call) or go (texunit_time_go:
 * the Go library alone).
 *
 *   bench split WORKLOAD
 *
 * separates a many-requests call's own cost from its requests': it times
 * texunit_execute_many with 1, 4, 16, 64, 256 and 1,024 64-lane
 * component-major requests of the workload a call (each into rows of its
 * own, every request of the shape of the one before), and a call with no
 * requests (the cgo transition alone), against texunit_time_go_many's own
 * clock on 64 of the requests, the best of five runs of the thread's CPU
 * time each: the C time a request is about a + b / m for m requests a
 * call, b the call's cost. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <texunit.h>

/* The calling thread's CPU time: both loops run on this thread (the Go
 * code of a call from C runs on the caller's thread), and CPU time leaves
 * out the time the thread waits while other programs run, which on a
 * shared machine is most of the noise. */
static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
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
	{"gather4 rgba8", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":1}",
	 "{\"mag\":\"linear\",\"min\":\"linear\"}", TEXUNIT_OP_GATHER4},
	{"fetch rgba8", "{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":256,\"height\":256,\"levels\":1}",
	 NULL, TEXUNIT_OP_FETCH},
};

enum { MAXL = 16384, MANY = 64 };
static texunit_request many[MANY];
/* Result rows on 64-byte boundaries, as Go allocates its own: the vector
 * kernels store 64 bytes at a time, and a row that starts elsewhere splits
 * every store across two cache lines. */
static _Alignas(64) float coord[2 * MAXL], lod[MAXL], ddx[2 * MAXL], ddy[2 * MAXL];
static _Alignas(64) int32_t texel[2 * MAXL];
static _Alignas(64) uint32_t values[4 * MAXL];
static uint32_t *many_values; /* MANY × 4 × lanes: each request of a many-requests call its own results */

/* prepare fills the operands of n lanes of workload wl in the layout, and
 * in, out and the MANY requests of a many-requests call with them. */
static void prepare(const struct workload *wl, texunit_surface s, texunit_sampler smp, int n, int layout,
                    texunit_operands *in, texunit_results *out) {
	int side = n == 64 ? 8 : n == 1024 ? 32 : 64;
	float k = wl->op == TEXUNIT_OP_SAMPLE_L && strstr(wl->name, "tri") ? 2.3f : wl->op == TEXUNIT_OP_SAMPLE_D ? 1.5f : 1.0f;
	for (int i = 0; i < n; i++) {
		float x = (float)(i % side) + 0.5f, y = (float)(i / side) + 0.5f;
		float u = x * k / 256, v = y * k / 256;
		int c0 = layout ? i : 2 * i, c1 = layout ? n + i : 2 * i + 1;
		coord[c0] = u;
		coord[c1] = v;
		ddx[c0] = k / 256;
		ddx[c1] = 0;
		ddy[c0] = 0;
		ddy[c1] = 4 * k / 256;
		texel[c0] = i % side;
		texel[c1] = i / side;
		lod[i] = log2f(k);
	}
	memset(in, 0, sizeof *in);
	in->lanes = n;
	in->layout = layout;
	if (wl->op == TEXUNIT_OP_FETCH) {
		in->texel = texel;
	} else {
		in->coord = coord;
	}
	if (wl->op == TEXUNIT_OP_SAMPLE_L) in->lod = lod;
	if (wl->op == TEXUNIT_OP_SAMPLE_D) {
		in->ddx = ddx;
		in->ddy = ddy;
	}
	memset(out, 0, sizeof *out);
	out->values = values;
	out->layout = layout;
	free(many_values);
	size_t bytes = (size_t)MANY * 4 * (size_t)n * sizeof *many_values; /* a multiple of 64 */
	many_values = aligned_alloc(64, bytes);
	if (many_values == NULL) die("results");
	memset(many_values, 0, bytes);
	for (int r = 0; r < MANY; r++) {
		memset(&many[r], 0, sizeof many[r]);
		many[r].surface = s;
		many[r].sampler = smp;
		many[r].op = wl->op;
		many[r].in = *in;
		many[r].out = *out;
		many[r].out.values = many_values + (size_t)r * 4 * (size_t)n;
	}
}

/* wanted reports whether the space-separated list (NULL: every count) has n. */
static int wanted(const char *list, int n) {
	if (list == NULL) return 1;
	for (const char *p = list; *p;) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p) break;
		if (v == n) return 1;
		p = end;
	}
	return 0;
}

static const size_t num_workloads = sizeof workloads / sizeof workloads[0];

/* count runs N requests of one row (bench count WORKLOAD LANES LAYOUT CALL N). */
static int count(char **argv) {
	const struct workload *wl = NULL;
	for (size_t w = 0; w < num_workloads; w++) {
		if (strncmp(workloads[w].name, argv[0], strlen(argv[0])) == 0) wl = &workloads[w];
	}
	int n = atoi(argv[1]), layout = strcmp(argv[2], "component-major") == 0;
	const char *call = argv[3];
	long long reqs = atoll(argv[4]);
	if (wl == NULL || n < 1 || n > MAXL || (!layout && strcmp(argv[2], "lane-major") != 0) || reqs < 1 ||
	    (strcmp(call, "single") != 0 && strcmp(call, "many") != 0 && strcmp(call, "go") != 0)) {
		fprintf(stderr, "usage: bench count bilinear|trilinear|aniso|gather4|fetch LANES lane-major|component-major single|many|go N\n");
		return 2;
	}
	texunit_engine engine;
	texunit_surface s;
	texunit_sampler smp = {0};
	texunit_operands in;
	texunit_results out;
	if (texunit_engine_new(NULL, &engine) < 0) die("engine");
	if (texunit_surface_new(wl->surface, &s) < 0) die(wl->name);
	if (wl->sampler && texunit_sampler_new(wl->sampler, &smp) < 0) die(wl->name);
	prepare(wl, s, smp, n, layout, &in, &out);
	if (strcmp(call, "go") == 0) {
		if (texunit_time_go(engine, s, smp, wl->op, &in, reqs) < 0) die(wl->name);
	} else if (strcmp(call, "many") == 0) {
		if (reqs % MANY) {
			fprintf(stderr, "N: %lld is not a multiple of %d\n", reqs, MANY);
			return 2;
		}
		for (long long i = 0; i < reqs; i += MANY) {
			if (texunit_execute_many(engine, MANY, many) != TEXUNIT_OK) die(wl->name);
		}
	} else {
		for (long long i = 0; i < reqs; i++) {
			if (texunit_execute(engine, s, smp, wl->op, &in, &out) < 0) die(wl->name);
		}
	}
	return 0;
}

/* split times calls of 1 to 1,024 requests of one workload (bench split WORKLOAD). */
static int split(const char *name) {
	const struct workload *wl = NULL;
	for (size_t w = 0; w < num_workloads; w++) {
		if (strncmp(workloads[w].name, name, strlen(name)) == 0) wl = &workloads[w];
	}
	if (wl == NULL || !*name) {
		fprintf(stderr, "usage: bench split bilinear|trilinear|aniso|gather4|fetch\n");
		return 2;
	}
	enum { N = 64, MAXR = 1024 };
	texunit_engine engine;
	texunit_surface s;
	texunit_sampler smp = {0};
	texunit_operands in;
	texunit_results out;
	if (texunit_engine_new(NULL, &engine) < 0) die("engine");
	if (texunit_surface_new(wl->surface, &s) < 0) die(wl->name);
	if (wl->sampler && texunit_sampler_new(wl->sampler, &smp) < 0) die(wl->name);
	prepare(wl, s, smp, N, 1, &in, &out);
	texunit_request *reqs = calloc(MAXR, sizeof *reqs);
	uint32_t *rows = aligned_alloc(64, (size_t)MAXR * 4 * N * sizeof *rows);
	if (reqs == NULL || rows == NULL) die("requests");
	memset(rows, 0, (size_t)MAXR * 4 * N * sizeof *rows);
	for (int r = 0; r < MAXR; r++) {
		reqs[r] = many[0];
		reqs[r].out.values = rows + (size_t)r * 4 * N;
	}
	double best = 1e30;
	for (int t = 0; t < 5; t++) {
		long calls = 1000000;
		double t0 = now();
		for (long c = 0; c < calls; c++) {
			if (texunit_execute_many(engine, 0, NULL) != TEXUNIT_OK) die("no requests");
		}
		double d = (now() - t0) / calls * 1e9;
		if (d < best) best = d;
	}
	printf("%s, %d lanes, component-major: a call with no requests %.1f ns\n", wl->name, N, best);
	static const int sizes[] = {1, 4, 16, 64, 256, 1024};
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int m = sizes[k];
		long calls = (1 << 18) / m;
		double c = 1e30, g = 1e30;
		for (int t = 0; t < 5; t++) {
			double t0 = now();
			for (long i = 0; i < calls; i++) {
				if (texunit_execute_many(engine, (size_t)m, reqs) != TEXUNIT_OK) die(wl->name);
			}
			double d = (now() - t0) / ((double)calls * m) * 1e9;
			if (d < c) c = d;
			int64_t rounds = (1 << 18) / MANY, ns = texunit_time_go_many(engine, MANY, reqs, rounds);
			if (ns < 0) die(wl->name);
			d = (double)ns / ((double)rounds * MANY);
			if (d < g) g = d;
		}
		printf("requests a call: %4d: C %.1f ns a request, Go %.1f, C beyond Go %.1f\n", m, c, g, c - g);
	}
	free(reqs);
	free(rows);
	texunit_surface_free(s);
	if (smp.id) texunit_sampler_free(smp);
	texunit_engine_free(engine);
	return 0;
}

int main(int argc, char **argv) {
	if (argc > 1) {
		if (argc == 7 && strcmp(argv[1], "count") == 0) return count(argv + 2);
		if (argc == 3 && strcmp(argv[1], "split") == 0) return split(argv[2]);
		fprintf(stderr, "usage: bench, bench count WORKLOAD LANES LAYOUT CALL N, or bench split WORKLOAD\n");
		return 2;
	}
	const char *e;
	double ms = (e = getenv("BENCH_MS")) ? atof(e) : 60;
	int reps = (e = getenv("BENCH_REPS")) ? atoi(e) : 9;
	if (reps < 1 || reps > 99) reps = 9;
	static const int lane_counts[] = {64, 1024, 4096, 16384};
	const char *only_lanes = getenv("BENCH_LANES"), *only_call = getenv("BENCH_CALL");
	texunit_engine engine;
	if (texunit_engine_new(NULL, &engine) < 0) die("engine");

	printf("| workload | lanes | layout | call | C M samples/s | Go M samples/s | C/Go (median) | C/Go middle half | C ns/request beyond Go |\n");
	printf("|---|---:|---|---|---:|---:|---:|---:|---:|\n");
	for (size_t w = 0; w < num_workloads; w++) {
		const struct workload *wl = &workloads[w];
		texunit_surface s;
		texunit_sampler smp = {0};
		if (texunit_surface_new(wl->surface, &s) < 0) die(wl->name);
		if (wl->sampler && texunit_sampler_new(wl->sampler, &smp) < 0) die(wl->name);
		for (size_t k = 0; k < sizeof lane_counts / sizeof lane_counts[0]; k++) {
			int n = lane_counts[k];
			if (!wanted(only_lanes, n)) continue;
			for (int mode = 0; mode < 4; mode++) {
				int layout = mode % 2, batched = mode / 2;
				if (only_call && strcmp(only_call, batched ? "many" : "single") != 0) continue;
				texunit_operands in;
				texunit_results out;
				prepare(wl, s, smp, n, layout, &in, &out);
				/* Calibrate: iterations for about ms milliseconds. */
				int64_t ns = texunit_time_go(engine, s, smp, wl->op, &in, 20);
				if (ns < 0) die(wl->name);
				int64_t iters = (int64_t)(ms * 1e6 / ((double)ns / 20 + 1));
				if (iters < 10) iters = 10;
				if (batched) iters = (iters + MANY - 1) / MANY * MANY;
				double c[99], g[99], r[99], d[99];
				for (int rep = 0; rep < reps; rep++) {
					double t0 = now();
					if (batched) {
						for (int64_t it = 0; it < iters; it += MANY) {
							if (texunit_execute_many(engine, MANY, many) != TEXUNIT_OK) die(wl->name);
						}
					} else {
						for (int64_t it = 0; it < iters; it++) {
							if (texunit_execute(engine, s, smp, wl->op, &in, &out) < 0) die(wl->name);
						}
					}
					double tc = now() - t0;
					double tg;
					if (batched) {
						/* The same 64 requests, each into rows of its own, through the Go
						 * library: k rounds cost the difference between k + 1 rounds and one
						 * (which also pays the copies and the untimed round), in CPU time. */
						int64_t k = iters / MANY;
						t0 = now();
						ns = texunit_time_go_many(engine, MANY, many, 1);
						double one = now() - t0;
						if (ns < 0) die(wl->name);
						t0 = now();
						ns = texunit_time_go_many(engine, MANY, many, k + 1);
						tg = now() - t0 - one;
					} else {
						t0 = now();
						ns = texunit_time_go(engine, s, smp, wl->op, &in, iters);
						tg = now() - t0;
					}
					if (ns < 0) die(wl->name);
					c[rep] = (double)n * iters / tc / 1e6;
					g[rep] = (double)n * iters / tg / 1e6;
					r[rep] = c[rep] / g[rep];
					d[rep] = (tc - tg) / (double)iters * 1e9;
				}
				double rr[99];
				memcpy(rr, r, sizeof rr);
				double rmed = median(rr, reps);
				double lo = rr[reps / 4], hi = rr[reps - 1 - reps / 4]; /* the middle half */
				printf("| %s | %d | %s | %s | %.1f | %.1f | %.3f | %.3f–%.3f | %.0f |\n", wl->name, n,
				       layout ? "component-major" : "lane-major", batched ? "many (64 a call)" : "single",
				       median(c, reps), median(g, reps), rmed, lo, hi, median(d, reps));
				fflush(stdout);
			}
		}
		texunit_surface_free(s);
		if (smp.id) texunit_sampler_free(smp);
	}
	texunit_engine_free(engine);
	return 0;
}
