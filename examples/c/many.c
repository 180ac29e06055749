/* many.c: texunit_execute_many, checked against one texunit_execute_ex call
 * per request, bit for bit (run by "make -C examples/c run"; exits 1 on a
 * difference).
 *
 * A simulator's cycle: 24 warps of 32 lanes on three surfaces with three
 * sampler states and several operations (sampling, gradients, gather with
 * a bad channel in one lane, fetch, a projective sample), in both layouts,
 * one call for all of them. Among them a request with an unknown
 * operation, one on a freed surface and one with an operand its operation
 * does not take: each fails alone, with its message, and every other
 * request's results are those of its own call. Then the call's own errors:
 * NULL requests, a bad engine handle, count 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <texunit.h>

enum { WARPS = 24, LANES = 32 };

static int failures;

static void check(int ok, const char *what, int i) {
	if (!ok) {
		fprintf(stderr, "FAIL: request %d: %s\n", i, what);
		failures++;
	}
}

int main(void) {
	texunit_engine engine;
	texunit_surface surfaces[3];
	texunit_sampler samplers[3];
	const char *surface_json[3] = {
		"{\"type\":\"2d\",\"format\":\"r8g8b8a8_unorm\",\"width\":64,\"height\":64,\"levels\":0,\"data\":{\"hash\":{\"seed\":1}}}",
		"{\"type\":\"2d\",\"format\":\"r16g16b16a16_sfloat\",\"width\":32,\"height\":16,\"levels\":0,\"data\":{\"hash\":{\"seed\":2}}}",
		"{\"type\":\"2d\",\"format\":\"r32_uint\",\"width\":16,\"height\":16,\"levels\":1,\"data\":{\"hash\":{\"seed\":3}}}",
	};
	const char *sampler_json[3] = {
		"{\"mag\":\"linear\",\"min\":\"linear\",\"mip\":\"linear\"}",
		"{\"mag\":\"linear\",\"min\":\"linear\",\"mip\":\"linear\",\"max_anisotropy\":8,\"address\":\"mirrored_repeat\"}",
		"{\"mag\":\"nearest\",\"min\":\"nearest\",\"address\":\"clamp_to_edge\"}",
	};
	if (texunit_engine_new(NULL, &engine) < 0) return 1;
	for (int i = 0; i < 3; i++) {
		if (texunit_surface_new(surface_json[i], &surfaces[i]) < 0 || texunit_sampler_new(sampler_json[i], &samplers[i]) < 0) {
			fprintf(stderr, "%s\n", texunit_last_error());
			return 1;
		}
	}
	texunit_surface freed;
	if (texunit_surface_new(surface_json[0], &freed) < 0 || texunit_surface_free(freed) < 0) return 1;

	static float coord[WARPS][3 * LANES], lod[WARPS][LANES], ddx[WARPS][2 * LANES], ddy[WARPS][2 * LANES];
	static int32_t texel[WARPS][2 * LANES], channel[WARPS][LANES];
	static uint32_t values[WARPS][4 * LANES], want[WARPS][4 * LANES];
	static uint8_t resident[WARPS][LANES], want_resident[WARPS][LANES];
	static int32_t errors[WARPS][LANES], want_errors[WARPS][LANES];
	static char messages[WARPS][256], want_messages[WARPS][256];
	texunit_request_options projective;
	memset(&projective, 0, sizeof projective);
	projective.projective = 1;

	static texunit_request reqs[WARPS];
	memset(reqs, 0, sizeof reqs);
	for (int w = 0; w < WARPS; w++) {
		texunit_request *r = &reqs[w];
		int layout = w % 2;
		int s = w % 3;
		r->surface = surfaces[s];
		r->sampler = samplers[s == 2 ? 2 : (w / 3) % 2]; /* nearest for the integer format */
		r->in.lanes = LANES;
		r->in.layout = layout;
		r->out.layout = (w / 2) % 2;
		r->out.values = values[w];
		r->out.resident = resident[w];
		r->out.errors = errors[w];
		r->out.messages = messages[w];
		r->out.messages_size = sizeof messages[w];
		int ncoord = 2;
		for (int i = 0; i < LANES; i++) {
			float u = (float)((i * 7 + w * 13) % 97) / 61.0f - 0.3f, v = (float)((i * 11 + w * 5) % 89) / 53.0f - 0.2f;
			int c0 = layout ? i : ncoord * i, c1 = layout ? LANES + i : ncoord * i + 1;
			coord[w][c0] = u;
			coord[w][c1] = v;
			ddx[w][c0] = 0.01f * (float)(1 + i % 5);
			ddx[w][c1] = 0.002f * (float)(i % 3);
			ddy[w][c0] = -0.003f * (float)(i % 4);
			ddy[w][c1] = 0.02f * (float)(1 + i % 7);
			texel[w][c0] = (i * 3 + w) % 20 - 2;
			texel[w][c1] = (i * 5 + w) % 18 - 1;
			lod[w][i] = (float)(i % 9) * 0.4f - 0.5f;
			channel[w][i] = i % 4;
		}
		switch (w % 6) {
		case 0:
		case 1:
			r->op = TEXUNIT_OP_SAMPLE_L;
			r->in.coord = coord[w];
			r->in.lod = lod[w];
			break;
		case 2:
			r->op = TEXUNIT_OP_SAMPLE_D;
			r->in.coord = coord[w];
			r->in.ddx = ddx[w];
			r->in.ddy = ddy[w];
			break;
		case 3:
			r->op = TEXUNIT_OP_GATHER4;
			r->in.coord = coord[w];
			r->in.channel = channel[w];
			channel[w][5] = 4; /* lane 5: a gather channel outside 0..3 */
			break;
		case 4:
			r->op = TEXUNIT_OP_FETCH;
			r->in.texel = texel[w];
			break;
		case 5:
			/* The projective form: q after u and v, lane-major only. */
			r->op = TEXUNIT_OP_SAMPLE_L;
			r->in.layout = TEXUNIT_LANE_MAJOR;
			for (int i = 0; i < LANES; i++) {
				coord[w][3 * i] = coord[w][2 * i % (2 * LANES)];
				coord[w][3 * i + 1] = 0.25f + 0.01f * (float)i;
				coord[w][3 * i + 2] = 0.5f + 0.125f * (float)(i % 8);
			}
			r->in.coord = coord[w];
			r->in.lod = lod[w];
			r->options = &projective;
			break;
		}
	}
	/* Three requests that fail alone. */
	reqs[7].op = 99;            /* no such operation */
	reqs[10].surface = freed;   /* a freed surface */
	reqs[9].in.lod = lod[9];    /* gather4 does not take lod */

	/* Each request on its own first, into want. */
	int want_status[WARPS];
	for (int w = 0; w < WARPS; w++) {
		texunit_request *r = &reqs[w];
		texunit_results out = r->out;
		out.values = want[w];
		out.resident = want_resident[w];
		out.errors = want_errors[w];
		out.messages = want_messages[w];
		want_status[w] = texunit_execute_ex(engine, r->surface, r->sampler, r->op, &r->in, &out, r->options);
		if (want_status[w] < 0) {
			snprintf(want_messages[w], sizeof want_messages[w], "%s", texunit_last_error());
		}
	}
	memset(values, 0xee, sizeof values);
	int status = texunit_execute_many(engine, WARPS, reqs);
	check(status == TEXUNIT_LANE_ERRORS, "the call's status is TEXUNIT_LANE_ERRORS", -1);
	check(strncmp(texunit_last_error(), "requests[7]: op: 99", 19) == 0, "the last error names requests[7]", -1);
	int failed = 0;
	for (int w = 0; w < WARPS; w++) {
		texunit_request *r = &reqs[w];
		check(r->status == want_status[w], "status", w);
		if (r->status < 0) {
			failed++;
			check(strcmp(messages[w], want_messages[w]) == 0, "message of a failed request", w);
			continue;
		}
		check(memcmp(values[w], want[w], sizeof values[w]) == 0, "values", w);
		check(memcmp(resident[w], want_resident[w], sizeof resident[w]) == 0, "resident", w);
		check(memcmp(errors[w], want_errors[w], sizeof errors[w]) == 0, "errors", w);
		check(strcmp(messages[w], want_messages[w]) == 0, "lane messages", w);
	}
	check(failed == 3, "three failed requests", -1);
	check(reqs[3].status == TEXUNIT_LANE_ERRORS && errors[3][5] == TEXUNIT_LANE_CHANNEL, "the gather's bad channel", 3);

	/* The call's own errors. */
	check(texunit_execute_many(engine, 0, NULL) == TEXUNIT_OK, "count 0", -1);
	check(texunit_execute_many(engine, 2, NULL) == TEXUNIT_EINVAL, "NULL requests", -1);
	texunit_engine bad = {engine.id + 1};
	check(texunit_execute_many(bad, 2, reqs) == TEXUNIT_EHANDLE && reqs[0].status == TEXUNIT_EHANDLE &&
	          reqs[1].status == TEXUNIT_EHANDLE, "a bad engine handle", -1);
	/* Without an engine: the shared exact one, the same results. */
	texunit_request one = reqs[0];
	one.out.values = want[0];
	check(texunit_execute_many((texunit_engine){0}, 1, &one) == TEXUNIT_OK && memcmp(values[0], want[0], sizeof want[0]) == 0,
	      "the shared engine", 0);

	for (int i = 0; i < 3; i++) {
		texunit_surface_free(surfaces[i]);
		texunit_sampler_free(samplers[i]);
	}
	texunit_engine_free(engine);
	if (failures) return 1;
	printf("texunit_execute_many: %d requests in one call, the same as %d calls (3 failed alone, as expected)\n", WARPS, WARPS);
	return 0;
}
