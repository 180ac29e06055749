package batch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestYCbCrJobs runs multi-planar surfaces through the protocol: raw data
// as the planes concatenated, a sampler "ycbcr" conversion, the plane
// aspects, and the errors of the "ycbcr" object naming the field.
func TestYCbCrJobs(t *testing.T) {
	dir := t.TempDir()
	// NV12 4×2: plane 0 (8 bytes of Y′ = 235), plane 1 (2×1 texels of
	// C_B = 128, C_R = 128): narrow-range white.
	white := append(append([]byte{}, []byte(strings.Repeat("\xeb", 8))...), 128, 128, 128, 128)
	if err := os.WriteFile(filepath.Join(dir, "nv12.yuv"), white, 0o644); err != nil {
		t.Fatal(err)
	}
	w := &Worker{Files: openFiles(t, dir), CacheBytes: -1}
	nv12 := func(extra string) string {
		b, _ := json.Marshal(filepath.Join(dir, "nv12.yuv"))
		return `{"type": "2d", "format": "g8_b8r8_2plane_420_unorm", "width": 4, "height": 2` + extra + `, "data": {"file": ` + string(b) + `}}`
	}
	const clamp = `"address": "clamp_to_edge", "mag": "linear", "min": "linear"`
	for _, tc := range []struct{ line, want string }{
		{job(nv12(""), `{`+clamp+`, "ycbcr": {"model": "ycbcr_709", "range": "itu_narrow", "x_chroma_offset": "midpoint", "chroma_filter": "linear"}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`{"id":1,"results":[[1,1,1,1]],"bits":[["3f800000","3f800000","3f800000","3f800000"]],"resident":[true]}`},
		{job(nv12(`, "aspect": "plane_1"`), "", "fetch", `[{"texel": [1, 0]}]`),
			`{"id":1,"results":[[0.5019608,0.5019608,0,1]],"bits":[["3f008081","3f008081","00000000","3f800000"]],"resident":[true]}`},
		{job(nv12(`, "aspect": "plane_0"`), "", "resinfo", `[{}]`), ``},
		{job(nv12(""), `{`+clamp+`, "ycbcr": {"range": "itu_narrow"}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`sampler.ycbcr.model: is required (rgb_identity, ycbcr_identity, ycbcr_709, ycbcr_601, ycbcr_2020)`},
		{job(nv12(""), `{`+clamp+`, "ycbcr": {"model": "ycbcr_709", "x_chroma_offset": "centre"}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`sampler.ycbcr.x_chroma_offset: unknown value "centre" (want one of cosited_even, midpoint)`},
		{job(nv12(""), `{`+clamp+`, "ycbcr": {"model": "ycbcr_709", "matrix": 1}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`sampler.ycbcr: unknown field "matrix" (want model, range, components, x_chroma_offset, y_chroma_offset, chroma_filter, force_explicit_reconstruction)`},
		{job(nv12(""), `{`+clamp+`, "ycbcr": {"model": "ycbcr_709", "components": "rgbx"}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`sampler.ycbcr.components: "rgbx" is not four characters from r, g, b, a, 0, 1`},
		{job(nv12(""), `{"ycbcr": {"model": "ycbcr_709"}}`, "sample_l", `[{"coord": [0.3, 0.7], "lod": 0}]`),
			`sampler.address[0]: repeat is not allowed with a Y′CbCr conversion (clamp_to_edge only)`},
		{job(nv12(""), ``, "fetch", `[{"texel": [0, 0]}]`),
			`sampler.ycbcr: the YCbCr format g8_b8r8_2plane_420_unorm needs a Y′CbCr conversion (sampler.ycbcr) to be read as a whole, or a view of one plane (aspect plane_0, plane_1 …)`},
		{job(`{"type": "2d", "format": "g8_b8_r8_3plane_420_unorm", "width": 5, "height": 2}`, ``, "resinfo", `[{}]`),
			`surface.width: 5 must be even for the subsampled format g8_b8_r8_3plane_420_unorm (VUID-VkImageCreateInfo-format-04712)`},
	} {
		if _, err := Decode([]byte(tc.line)); err != nil {
			if err.Error() != tc.want {
				t.Errorf("%s: decoding: %v, want %q", tc.line, err, tc.want)
			}
			continue
		}
		got := runLine(t, w, tc.line)
		if tc.want == "" {
			if strings.Contains(got, "error") {
				t.Errorf("%s: %s", tc.line, got)
			}
			continue
		}
		if strings.HasPrefix(tc.want, "{") {
			if got != tc.want {
				t.Errorf("%s:\ngot  %s\nwant %s", tc.line, got, tc.want)
			}
			continue
		}
		var v struct{ Error string }
		if err := json.Unmarshal([]byte(got), &v); err != nil || v.Error != tc.want {
			t.Errorf("%s:\ngot  %s\nwant error %q", tc.line, got, tc.want)
		}
	}
	// Hash data fills every plane, and every multi-planar format runs.
	for _, f := range []string{"g8_b8_r8_3plane_420_unorm", "g10x6_b10x6r10x6_2plane_420_unorm_3pack16", "g16_b16r16_2plane_444_unorm"} {
		line := job(`{"type": "2d_array", "format": "`+f+`", "width": 6, "height": 4, "layers": 2, "data": {"hash": {"seed": 5}}}`,
			`{`+clamp+`, "ycbcr": {"model": "ycbcr_2020", "force_explicit_reconstruction": true, "components": "bgr1"}}`, "sample_l", `[{"coord": [0.3, 0.7, 1], "lod": 0}]`)
		if got := runLine(t, w, line); strings.Contains(got, "error") {
			t.Errorf("%s: %s", f, got)
		}
	}
}
