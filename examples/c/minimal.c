/* minimal.c: the smallest complete use of libtexunit from C.
 *
 *   make -C examples/c run      (or see examples/c/README.md for the commands)
 *
 * It makes a 16×16 RGBA8 texture with a full mip chain, a trilinear
 * sampler, and samples four lanes at explicit LODs; lane 3 has a texel
 * offset out of range, which fails that lane alone. */
#include <stdio.h>
#include <string.h>
#include <texunit.h>

static int check(int status, const char *what) {
	if (status < 0) {
		fprintf(stderr, "%s: %s\n", what, texunit_last_error());
	}
	return status;
}

int main(void) {
	if (texunit_abi_version() != TEXUNIT_ABI_VERSION) {
		fprintf(stderr, "libtexunit ABI %d, texunit.h %d\n", texunit_abi_version(), TEXUNIT_ABI_VERSION);
		return 1;
	}
	texunit_surface tex;
	texunit_sampler smp;
	if (check(texunit_surface_new("{\"type\": \"2d\", \"format\": \"r8g8b8a8_unorm\", \"width\": 16, "
	                              "\"height\": 16, \"levels\": 0, \"data\": {\"hash\": {\"seed\": 7}}}", &tex), "surface") < 0 ||
	    check(texunit_sampler_new("{\"mag\": \"linear\", \"min\": \"linear\", \"mip\": \"linear\"}", &smp), "sampler") < 0) {
		return 1;
	}

	/* Four lanes, lane-major: coord is lanes × 2 ([u, v] per lane). */
	float coord[4][2] = {{0.1f, 0.2f}, {0.5f, 0.5f}, {-0.3f, 1.7f}, {0.9f, 0.9f}};
	float lod[4] = {0, 1.5f, 0.25f, 2};
	int32_t offset[4][2] = {{0, 0}, {0, 0}, {1, -2}, {9, 0}};
	texunit_operands in;
	memset(&in, 0, sizeof in);
	in.lanes = 4;
	in.layout = TEXUNIT_LANE_MAJOR;
	in.coord = &coord[0][0];
	in.lod = lod;
	in.offset = &offset[0][0];
	in.offset_count = 2;

	float values[4][4];
	uint8_t resident[4];
	int32_t errors[4];
	char messages[256];
	texunit_results out;
	memset(&out, 0, sizeof out);
	out.values = values;
	out.resident = resident;
	out.errors = errors;
	out.messages = messages;
	out.messages_size = sizeof messages;
	texunit_engine engine = {0}; /* the shared exact-precision engine */
	int status = texunit_execute(engine, tex, smp, TEXUNIT_OP_SAMPLE_L, &in, &out);
	if (check(status, "sample_l") < 0) {
		return 1;
	}
	for (int i = 0; i < 4; i++) {
		if (errors[i] != TEXUNIT_LANE_OK) {
			printf("lane %d: %s\n", i, texunit_lane_error_name(errors[i]));
			continue;
		}
		printf("lane %d: %.8g %.8g %.8g %.8g%s\n", i, values[i][0], values[i][1], values[i][2], values[i][3],
		       resident[i] ? "" : " (non-resident)");
	}
	if (status == TEXUNIT_LANE_ERRORS) {
		printf("%d lane failed:\n%s", out.failed, messages);
	}

	/* Errors name the field and the value. */
	texunit_sampler bad;
	if (texunit_sampler_new("{\"mag\": \"cubic\"}", &bad) == TEXUNIT_EINVAL) {
		printf("as expected: %s\n", texunit_last_error());
	}
	texunit_sampler_free(smp);
	texunit_surface_free(tex);
	return 0;
}
