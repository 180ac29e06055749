package batch

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// job returns a job line with the given surface, sampler (may be ""), op and
// lanes JSON.
func job(surf, smp, op, lanes string) string {
	var b strings.Builder
	b.WriteString(`{"id": 1, "surface": ` + surf)
	if smp != "" {
		b.WriteString(`, "sampler": ` + smp)
	}
	b.WriteString(`, "op": "` + op + `", "lanes": ` + lanes + `}`)
	return b.String()
}

const surf2D = `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 8, "height": 8}`

func mustDecode(t *testing.T, line string) *Job {
	t.Helper()
	j, err := Decode([]byte(line))
	if err != nil {
		t.Fatalf("Decode(%s): %v", line, err)
	}
	return j
}

func TestDecodeSurface(t *testing.T) {
	for _, tc := range []struct {
		surf string
		want SurfaceSpec
	}{
		{surf2D, SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 8, Height: 8}, Data: DefaultData()}},
		{`{"type": "cube_array", "format": "R32_SFLOAT", "width": 16, "height": 16, "depth": 1, "layers": 12, "levels": 3, "samples": 1,
		   "base_level": 1, "level_count": 2, "base_layer": 6, "layer_count": 6, "data": {"coords": true}}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.KindCubeArray, Format: format.R32Sfloat, Width: 16, Height: 16, Depth: 1, Layers: 12, Levels: 3, Samples: 1},
				BaseLevel: 1, LevelCount: 2, BaseLayer: 6, LayerCount: 6, Data: Data{Source: DataCoords}}},
		{`{"type": "2d_ms_array", "format": "r32_uint", "width": 4, "height": 2, "layers": 3, "samples": 4, "data": {"hash": {"seed": 4294967295, "lo": -1, "hi": "@40000000"}}}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind2DMSArray, Format: format.R32Uint, Width: 4, Height: 2, Layers: 3, Samples: 4},
				Data: Data{Source: DataHash, Seed: math.MaxUint32, Lo: -1, Hi: 2}}},
		{`{"type": "3d", "format": "r16_sfloat", "width": 4, "height": 4, "depth": 4, "data": {"hash": {}}}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind3D, Format: format.R16Sfloat, Width: 4, Height: 4, Depth: 4}, Data: DefaultData()}},
		{`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"seed": 0, "hi": "+Inf"}}}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 4}, Data: Data{Source: DataHash, Hi: math.Inf(1)}}},
		{`{"type": "1d", "format": "d16_unorm", "width": 4, "data": {"file": "x/y.bin"}}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind1D, Format: format.D16Unorm, Width: 4}, Data: Data{Source: DataFile, File: "x/y.bin"}}},
		{`{"type": "2d", "format": "r8_unorm", "width": 64, "height": 64, "tile": [16, 8], "nonresident": [[0, 0, 1, 2, 0], [1, 0, 3], [2, 0, 0, 0]], "data": null}`,
			SurfaceSpec{Desc: surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 64, Height: 64}, Tile: [3]int{16, 8, 1},
				NonResident: [][5]int{{0, 0, 1, 2, 0}, {1, 0, 3, 0, 0}, {2, 0, 0, 0, 0}}, Data: DefaultData()}},
	} {
		j := mustDecode(t, job(tc.surf, "", "resinfo", "[]"))
		if !reflect.DeepEqual(j.Surface, tc.want) {
			t.Errorf("surface %s:\ngot  %+v\nwant %+v", tc.surf, j.Surface, tc.want)
		}
	}
}

func TestDecodeSampler(t *testing.T) {
	def := sampler.DefaultState()
	with := func(f func(*sampler.State)) sampler.State {
		s := sampler.DefaultState()
		f(&s)
		return s
	}
	for _, tc := range []struct {
		smp  string
		want sampler.State
	}{
		{`{}`, def},
		{`null`, def},
		{`{"mag": "linear", "min": "linear", "mip": "linear"}`, with(func(s *sampler.State) {
			s.MagFilter, s.MinFilter, s.MipFilter = sampler.Linear, sampler.Linear, sampler.MipLinear
		})},
		{`{"mip": "n\u006fne", "address": "clamp_to_border", "border": "opaque_white"}`, with(func(s *sampler.State) {
			s.MipFilter = sampler.MipNone
			s.Address = [3]sampler.AddressMode{sampler.WrapClampToBorder, sampler.WrapClampToBorder, sampler.WrapClampToBorder}
			s.Border = sampler.BorderOpaqueWhite
		})},
		{`{"address": ["mirrored_repeat", "mirror_clamp_to_edge"], "border": [0.5, "-Inf", 1e300, "@3f800000"]}`, with(func(s *sampler.State) {
			s.Address = [3]sampler.AddressMode{sampler.WrapMirroredRepeat, sampler.WrapMirrorClampToEdge, sampler.WrapRepeat}
			s.Border, s.BorderColor = sampler.BorderCustom, [4]float64{0.5, math.Inf(-1), 1e300, 1}
		})},
		{`{"address": ["clamp_to_edge", "repeat", "clamp_to_edge"], "border": "transparent_black"}`, with(func(s *sampler.State) {
			s.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapRepeat, sampler.WrapClampToEdge}
		})},
		{`{"lod_bias": -1.5, "min_lod": 0.25, "max_lod": 4, "max_anisotropy": 16}`, with(func(s *sampler.State) {
			s.LodBias, s.MinLod, s.MaxLod, s.MaxAnisotropy = -1.5, 0.25, 4, 16
		})},
		{`{"max_lod": "none", "min_lod": "-Inf"}`, with(func(s *sampler.State) { s.MaxLod, s.MinLod = 1000, float32(math.Inf(-1)) })},
		{`{"max_lod": "+Inf"}`, with(func(s *sampler.State) { s.MaxLod = float32(math.Inf(1)) })},
		{`{"compare": "greater_or_equal"}`, with(func(s *sampler.State) { s.Compare = sampler.CompareGreaterOrEqual })},
		{`{"reduction": "max"}`, with(func(s *sampler.State) { s.Reduction = sampler.ReductionMax })},
		{`{"mag": "cubic", "min": "cubic"}`, with(func(s *sampler.State) { s.MagFilter, s.MinFilter = sampler.Cubic, sampler.Cubic })},
		{`{"min": "cubic", "cubic_weights": "mitchell_netravali"}`, with(func(s *sampler.State) {
			s.MinFilter, s.CubicWeights = sampler.Cubic, sampler.CubicMitchellNetravali
		})},
		{`{"mag": "cubic", "min": "cubic", "reduction": "weighted_average_rangeclamp"}`, with(func(s *sampler.State) {
			s.MagFilter, s.MinFilter, s.Reduction = sampler.Cubic, sampler.Cubic, sampler.ReductionRangeClamp
		})},
		{`{"seamless_cube": false}`, with(func(s *sampler.State) { s.NonSeamless = true })},
		{`{"seamless_cube": true}`, def},
		{`{"anisotropy": "vulkan"}`, def},
		{`{"anisotropy": "ewa", "max_anisotropy": 8}`, with(func(s *sampler.State) { s.Anisotropy, s.MaxAnisotropy = sampler.AnisoEWA, 8 })},
		{`{"anisotropy": "footprint_assembly"}`, with(func(s *sampler.State) { s.Anisotropy = sampler.AnisoFootprintAssembly })},
		{`{"unnormalized": true, "min_lod": 0, "max_lod": 0, "address": "clamp_to_edge"}`, with(func(s *sampler.State) {
			s.Unnormalized, s.MaxLod = true, 0
			s.Address = [3]sampler.AddressMode{sampler.WrapClampToEdge, sampler.WrapClampToEdge, sampler.WrapClampToEdge}
		})},
	} {
		j := mustDecode(t, job(surf2D, tc.smp, "sample_lz", `[{"coord": [0, 0]}]`))
		if !reflect.DeepEqual(j.Sampler, tc.want) {
			t.Errorf("sampler %s:\ngot  %+v\nwant %+v", tc.smp, j.Sampler, tc.want)
		}
	}
}

func TestDecodePrecision(t *testing.T) {
	for _, tc := range []struct {
		prec string
		want sampler.Precision
	}{
		{``, sampler.Precision{}},
		{`, "precision": null`, sampler.Precision{}},
		{`, "precision": {}`, sampler.Precision{}},
		{`, "precision": {"mode": "exact"}`, sampler.Precision{}},
		{`, "precision": {"mode": "hardware"}`, sampler.HardwarePrecision()},
		{`, "precision": {"mode": "hardware", "subtexel_bits": 4, "lod_bits": 12}`, sampler.Precision{Mode: sampler.Hardware, SubtexelBits: 4, LodBits: 12}},
	} {
		j := mustDecode(t, `{"surface": `+surf2D+`, "op": "resinfo", "lanes": []`+tc.prec+`}`)
		if j.Precision != tc.want {
			t.Errorf("%q: got %+v, want %+v", tc.prec, j.Precision, tc.want)
		}
	}
}

func TestDecodeID(t *testing.T) {
	for _, tc := range []struct{ line, id string }{
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": []}`, ""},
		{`{"id": null, "surface": ` + surf2D + `, "op": "resinfo", "lanes": []}`, "null"},
		{`{"surface": ` + surf2D + `, "id":  "a\u00e9\"b" , "op": "resinfo", "lanes": []}`, `"a\u00e9\"b"`},
		{`{"id": {"b": [1, 2.50, {}], "a": true}, "surface": ` + surf2D + `, "op": "resinfo", "lanes": []}`, `{"b": [1, 2.50, {}], "a": true}`},
		{`{"id": -1.5e3, "surface": ` + surf2D + `, "op": "resinfo", "lanes": []}`, `-1.5e3`},
	} {
		j := mustDecode(t, tc.line)
		if string(j.ID) != tc.id || (tc.id == "") != (j.ID == nil) {
			t.Errorf("%s: id %q, want %q", tc.line, j.ID, tc.id)
		}
	}
}

func TestDecodeNumbers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint32 // float32 bits
	}{
		{`0`, 0},
		{`-0`, 0x80000000},
		{`1`, 0x3f800000},
		{`0.1`, 0x3dcccccd},
		{`16777217`, 0x4b800000}, // ties to even: 2^24
		{`16777219`, 0x4b800002},
		{`1e-45`, 1}, // the smallest denormal
		{`1e-46`, 0}, // underflows to 0
		{`3.4028235e38`, 0x7f7fffff},
		{`"NaN"`, 0x7fc00000},
		{`"Inf"`, 0x7f800000},
		{`"+Inf"`, 0x7f800000},
		{`"-Inf"`, 0xff800000},
		{`"@3f800000"`, 0x3f800000},
		{`"@7FC00001"`, 0x7fc00001}, // NaN payloads survive
		{`"@ff800001"`, 0xff800001},
		{`"@00000001"`, 1},
	} {
		j := mustDecode(t, job(surf2D, "", "sample_l", `[{"coord": [`+tc.in+`, 0.5], "lod": `+tc.in+`}]`))
		if got := math.Float32bits(j.Request.Coord[0][0]); got != tc.want {
			t.Errorf("coord %s: %08x, want %08x", tc.in, got, tc.want)
		}
		if got := math.Float32bits(j.Request.Lod[0]); got != tc.want {
			t.Errorf("lod %s: %08x, want %08x", tc.in, got, tc.want)
		}
	}
}

func f32s(v ...float32) []float32 { return v }
func i32s(v ...int32) []int32     { return v }

func TestDecodeLanes(t *testing.T) {
	const (
		s1DA = `{"type": "1d_array", "format": "r8_unorm", "width": 8, "layers": 4}`
		s2DA = `{"type": "2d_array", "format": "r8_unorm", "width": 8, "height": 8, "layers": 4}`
		s3D  = `{"type": "3d", "format": "r8_unorm", "width": 8, "height": 8, "depth": 8}`
		sCA  = `{"type": "cube_array", "format": "r8_unorm", "width": 8, "height": 8, "layers": 12}`
		sMSA = `{"type": "2d_ms_array", "format": "r8_unorm", "width": 8, "height": 8, "layers": 2, "samples": 4}`
		sD   = `{"type": "2d", "format": "d32_sfloat", "width": 8, "height": 8}`
	)
	for _, tc := range []struct {
		surf, op, lanes string
		want            sampler.Request
	}{
		{s1DA, "sample_lz", `[{"coord": [0.5, 2]}, {"coord": [0.25, "NaN"], "offset": [-8]}]`, sampler.Request{
			Op: sampler.OpSampleLZ, Lanes: 2, Coord: [4][]float32{f32s(0.5, 0.25), f32s(2, float32(math.NaN()))},
			Offset: [3][]int32{i32s(0, -8), i32s(0, 0), i32s(0, 0)}}},
		{s2DA, "sample_l", `[{"coord": [0.5, 0.5, 1], "lod": 1.5}, {"coord": [0, 0, 0], "active": false}, {"coord": [1, 1, 3], "lod": 0, "active": true}]`, sampler.Request{
			Op: sampler.OpSampleL, Lanes: 3, Active: []bool{true, false, true},
			Coord: [4][]float32{f32s(0.5, 0, 1), f32s(0.5, 0, 1), f32s(1, 0, 3)}, Lod: f32s(1.5, 0, 0)}},
		{s2DA, "sample_b", `[{"coord": [0, 0, 0], "bias": 1}, {"coord": [1, 0, 0], "bias": 2}, {"coord": [0, 1, 0], "bias": 3}, {"coord": [1, 1, 0], "active": false}]`, sampler.Request{
			Op: sampler.OpSampleB, Lanes: 4, Active: []bool{true, true, true, false},
			Coord: [4][]float32{f32s(0, 1, 0, 1), f32s(0, 0, 1, 1), f32s(0, 0, 0, 0)}, Bias: f32s(1, 2, 3, 0)}},
		{s3D, "sample_d", `[{"coord": [0.5, 0.5, 0.5], "ddx": [0.125, 0, 0], "ddy": [0, 0.25, "-Inf"], "offset": [1, 2, 3]}]`, sampler.Request{
			Op: sampler.OpSampleD, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5), f32s(0.5)},
			DDX: [3][]float32{f32s(0.125), f32s(0), f32s(0)}, DDY: [3][]float32{f32s(0), f32s(0.25), f32s(float32(math.Inf(-1)))},
			Offset: [3][]int32{i32s(1), i32s(2), i32s(3)}}},
		{sCA, "gather4_l", `[{"coord": [1, 0, 0, 1], "lod": 0, "channel": 3}, {"coord": [0, -1, 0, 0], "lod": 1}]`, sampler.Request{
			Op: sampler.OpGather4L, Lanes: 2, Coord: [4][]float32{f32s(1, 0), f32s(0, -1), f32s(0, 0), f32s(1, 0)},
			Lod: f32s(0, 1), Channel: []uint8{3, 0}}},
		{sD, "sample_l_c", `[{"coord": [0.5, 0.5], "lod": 0, "ref": 0.75}]`, sampler.Request{
			Op: sampler.OpSampleLC, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Lod: f32s(0), Ref: f32s(0.75)}},
		{sD, "gather4_po_c", `[{"coord": [0.5, 0.5], "ref": 0.5, "offset": [-32, 31]}]`, sampler.Request{
			Op: sampler.OpGather4POC, Lanes: 1, Coord: [4][]float32{f32s(0.5), f32s(0.5)}, Ref: f32s(0.5),
			Offset: [3][]int32{i32s(-32), i32s(31), i32s(0)}}},
		{s2DA, "fetch", `[{"texel": [1, 2, 3], "level": 2}, {"texel": [-1, 2147483647, -2147483648]}]`, sampler.Request{
			Op: sampler.OpFetch, Lanes: 2, Texel: [4][]int32{i32s(1, -1), i32s(2, math.MaxInt32), i32s(3, math.MinInt32)}, Level: i32s(2, 0)}},
		{sMSA, "fetch_ms", `[{"texel": [1, 2, 1], "sample": 3}]`, sampler.Request{
			Op: sampler.OpFetchMS, Lanes: 1, Texel: [4][]int32{i32s(1), i32s(2), i32s(1)}, Sample: i32s(3)}},
		{sMSA, "fetch_ms", `[{"active": false}]`, sampler.Request{
			Op: sampler.OpFetchMS, Lanes: 1, Active: []bool{false}, Texel: [4][]int32{i32s(0), i32s(0), i32s(0)}}},
		{s3D, "resinfo", `[{"level": 1}, {}]`, sampler.Request{Op: sampler.OpResInfo, Lanes: 2, Level: i32s(1, 0)}},
		{sMSA, "samplepos", `[{"sample": 2}]`, sampler.Request{Op: sampler.OpSamplePos, Lanes: 1, Sample: i32s(2)}},
		{sMSA, "sampleinfo", `[{}, {"active": false}]`, sampler.Request{Op: sampler.OpSampleInfo, Lanes: 2, Active: []bool{true, false}}},
		{s3D, "resinfo", `[]`, sampler.Request{Op: sampler.OpResInfo}},
	} {
		j := mustDecode(t, job(tc.surf, "", tc.op, tc.lanes))
		if !reflect.DeepEqual(j.Request, tc.want) && !nanEqual(j.Request, tc.want) {
			t.Errorf("%s %s:\ngot  %+v\nwant %+v", tc.op, tc.lanes, j.Request, tc.want)
		}
	}
}

// nanEqual compares requests whose float operands may hold NaN, by bits.
func nanEqual(a, b sampler.Request) bool {
	fix := func(r *sampler.Request) {
		for c := range r.Coord {
			for i, f := range r.Coord[c] {
				if f != f {
					r.Coord[c][i] = 12345
				}
			}
		}
	}
	fix(&a)
	fix(&b)
	return reflect.DeepEqual(a, b)
}

func TestDecodeErrors(t *testing.T) {
	const lanes2D = `[{"coord": [0.5, 0.5]}]`
	for _, tc := range []struct{ line, want string }{
		// The line.
		{`{"id": 6, bad`, `invalid JSON: invalid character 'b', want an object key (a string) (column 11)`},
		{`{"id": 6`, `invalid JSON: unexpected end of line`},
		{`[1, 2]`, `job: want a JSON object, got an array`},
		{`"job"`, `job: want a JSON object, got "job"`},
		{`17`, `job: want a JSON object, got 17`},
		{`[1, 2`, `invalid JSON: unexpected end of line`},
		{`{} {}`, `invalid JSON: more than one JSON value on the line (column 4)`},
		{`{}  123`, `invalid JSON: more than one JSON value on the line (column 5)`},
		{`{"surface": {}, "surface": {}}`, `job: duplicate field "surface"`},
		{`{"smapler": {}, "surface": {}}`, `job: unknown field "smapler" (want id, surface, sampler, op, lanes, precision, bits, trace, footprint, derivatives, projective)`},
		{`{"op": "sample"}`, `surface: missing`},
		{`{"surface": ` + surf2D + `, "lanes": []}`, `op: missing`},
		{`{"surface": ` + surf2D + `, "op": "fetch"}`, `lanes: missing`},
		{`{"surface": ` + surf2D + `, "op": 3, "lanes": []}`, `op: want a string, got 3`},
		{`{"surface": ` + surf2D + `, "op": "sample_x", "lanes": []}`, `op: unknown operation "sample_x" (want one of sample, sample_b, `},
		{`{"surface": ` + surf2D + `, "op": "fetch", "lanes": 3}`, `lanes: want an array of lane objects or an object of per-lane arrays, got 3`},
		// Surface.
		{job(`[]`, "", "fetch", "[]"), `surface: want an object, got an array`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "fromat": 1}`, "", "fetch", "[]"), `surface: unknown field "fromat" (want type, format, width, height, depth, layers, levels, samples, base_level, level_count, base_layer, layer_count, tile, nonresident, aspect, swizzle, data, layout, block_height)`},
		{job(`{"format": "r8_unorm", "width": 4}`, "", "fetch", "[]"), `surface.type: missing`},
		{job(`{"type": "2d", "width": 4}`, "", "fetch", "[]"), `surface.format: missing`},
		{job(`{"type": "2d", "format": "r8_unorm"}`, "", "fetch", "[]"), `surface.width: missing`},
		{job(`{"type": "4d", "format": "r8_unorm", "width": 4}`, "", "fetch", "[]"), `surface.type: "4d" is not a kind (valid: 1d, 1d_array, 2d, 2d_array, 3d, cube, cube_array, 2d_ms, 2d_ms_array)`},
		{job(`{"type": "2d", "format": "r9", "width": 4}`, "", "fetch", "[]"), `surface.format: unknown format "r9" (did you mean r8_unorm, `},
		{job(`{"type": "2d", "format": 9, "width": 4}`, "", "fetch", "[]"), `surface.format: want a string, got 9`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": "4"}`, "", "fetch", "[]"), `surface.width: want an integer, got "4"`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4.5}`, "", "fetch", "[]"), `surface.width: 4.5 is not an integer`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4e2}`, "", "fetch", "[]"), `surface.width: 4e2 is not an integer`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "height": 3000000000}`, "", "fetch", "[]"), `surface.height: 3000000000 is out of range (-2147483648..2147483647)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "levels": 99999999999999999999}`, "", "fetch", "[]"), `surface.levels: 99999999999999999999 is out of range (-2147483648..2147483647)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": 4}`, "", "fetch", "[]"), `surface.tile: want an array, got 4`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": [1, 2, 3, 4]}`, "", "fetch", "[]"), `surface.tile: want 1 to 3 values, got 4`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "tile": [4, 0]}`, "", "fetch", "[]"), `surface.tile[1]: 0 is out of range (1..65536)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "nonresident": [[0, 0]]}`, "", "fetch", "[]"), `surface.nonresident[0]: want 3 to 5 values, got 2`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "nonresident": [[0, 0, 0], [0, 0, "x"]]}`, "", "fetch", "[]"), `surface.nonresident[1][2]: want an integer, got "x"`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {}}`, "", "fetch", "[]"), `surface.data: want exactly one of hash, coords, file and image, got 0`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {}, "coords": true}}`, "", "fetch", "[]"), `surface.data: want exactly one of hash, coords, file and image, got 2`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"random": 1}}`, "", "fetch", "[]"), `surface.data: unknown field "random" (want hash, coords, file, image)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"seed": -1}}}`, "", "fetch", "[]"), `surface.data.hash.seed: -1 is out of range (0..4294967295)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"seed": 1, "lo": "low"}}}`, "", "fetch", "[]"), `surface.data.hash.lo: "low" is not a number (want a JSON number, "NaN", "Inf", "+Inf", "-Inf", or "@" and 8 hex digits of float32 bits)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"sed": 1}}}`, "", "fetch", "[]"), `surface.data.hash: unknown field "sed" (want seed, lo, hi)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"hi": 1e999}}}`, "", "fetch", "[]"), `surface.data.hash.hi: 1e999 is out of range for float64 (write "+Inf" or "-Inf" for infinities)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"coords": false}}`, "", "fetch", "[]"), `surface.data.coords: must be true (leave data out for the default hash data)`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"file": ""}}`, "", "fetch", "[]"), `surface.data.file: empty path`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"file": 7}}`, "", "fetch", "[]"), `surface.data.file: want a string, got 7`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "width": 8}`, "", "fetch", "[]"), `surface: duplicate field "width"`},
		{job(`{"type": "2d", "format": "r8_unorm", "width": 4, "data": {"hash": {"seed": 1, "seed": 2}}}`, "", "fetch", "[]"), `surface.data.hash: duplicate field "seed"`},
		// Sampler.
		{job(surf2D, `"linear"`, "sample_lz", lanes2D), `sampler: want an object, got "linear"`},
		{job(surf2D, `{"mag": "bicubic"}`, "sample_lz", lanes2D), `sampler.mag: unknown value "bicubic" (want one of nearest, linear, cubic)`},
		{job(surf2D, `{"min": "Linear"}`, "sample_lz", lanes2D), `sampler.min: unknown value "Linear" (want one of nearest, linear, cubic)`},
		{job(surf2D, `{"mag": "cubic", "cubic_weights": "lanczos"}`, "sample_lz", lanes2D), `sampler.cubic_weights: unknown value "lanczos" (want one of catmull_rom, zero_tangent_cardinal, b_spline, mitchell_netravali)`},
		{job(surf2D, `{"cubic_weights": 2}`, "sample_lz", lanes2D), `sampler.cubic_weights: want a string, got 2`},
		{job(surf2D, `{"mip": "trilinear"}`, "sample_lz", lanes2D), `sampler.mip: unknown value "trilinear" (want one of none, nearest, linear)`},
		{job(surf2D, `{"address": "wrap"}`, "sample_lz", lanes2D), `sampler.address: unknown value "wrap" (want one of repeat, mirrored_repeat, clamp_to_edge, clamp_to_border, mirror_clamp_to_edge)`},
		{job(surf2D, `{"address": ["repeat", "clamp"]}`, "sample_lz", lanes2D), `sampler.address[1]: unknown value "clamp" (want one of repeat, `},
		{job(surf2D, `{"address": []}`, "sample_lz", lanes2D), `sampler.address: want 1 to 3 values, got 0`},
		{job(surf2D, `{"address": 1}`, "sample_lz", lanes2D), `sampler.address: want an array, got 1`},
		{job(surf2D, `{"border": "custom"}`, "sample_lz", lanes2D), `sampler.border: unknown value "custom" (want one of transparent_black, opaque_black, opaque_white)`},
		{job(surf2D, `{"border": [1, 2, 3]}`, "sample_lz", lanes2D), `sampler.border: want 4 values, got 3`},
		{job(surf2D, `{"border": [1, 2, 3, "x"]}`, "sample_lz", lanes2D), `sampler.border[3]: "x" is not a number (want `},
		{job(surf2D, `{"border": [0, 0, 0, "NaN"]}`, "sample_lz", lanes2D), `sampler.border[3]: NaN is not a border colour`},
		{job(surf2D, `{"lod_bias": "Inf"}`, "sample_lz", lanes2D), `sampler.lod_bias: +Inf is not finite`},
		{job(surf2D, `{"lod_bias": true}`, "sample_lz", lanes2D), `sampler.lod_bias: want a number, got true`},
		{job(surf2D, `{"min_lod": 3, "max_lod": 2}`, "sample_lz", lanes2D), `sampler.min_lod: 3 is greater than max_lod 2`},
		{job(surf2D, `{"max_lod": "all"}`, "sample_lz", lanes2D), `sampler.max_lod: "all" is not a number (want `},
		{job(surf2D, `{"max_lod": 1e39}`, "sample_lz", lanes2D), `sampler.max_lod: 1e39 is out of range for float32 (write "+Inf" or "-Inf" for infinities)`},
		{job(surf2D, `{"max_anisotropy": 32}`, "sample_lz", lanes2D), `sampler.max_anisotropy: 32 is out of range (1..16)`},
		{job(surf2D, `{"compare": "lequal"}`, "sample_lz", lanes2D), `sampler.compare: unknown value "lequal" (want one of none, never, less, equal, less_or_equal, greater, not_equal, greater_or_equal, always)`},
		{job(surf2D, `{"reduction": "avg"}`, "sample_lz", lanes2D), `sampler.reduction: unknown value "avg" (want one of weighted_average, min, max, weighted_average_rangeclamp)`},
		{job(surf2D, `{"unnormalized": 1}`, "sample_lz", lanes2D), `sampler.unnormalized: want true or false, got 1`},
		{job(surf2D, `{"unnormalized": true}`, "sample_lz", lanes2D), `sampler.unnormalized: needs min_lod = max_lod = 0 (have 0, 1000)`},
		{job(surf2D, `{"seamless_cube": "yes"}`, "sample_lz", lanes2D), `sampler.seamless_cube: want true or false, got "yes"`},
		{job(surf2D, `{"aniso": 4}`, "sample_lz", lanes2D), `sampler: unknown field "aniso" (want mag, min, mip, address, border, lod_bias, min_lod, max_lod, max_anisotropy, compare, reduction, unnormalized, seamless_cube, compare_color, anisotropy, cubic_weights, ycbcr)`},
		{job(surf2D, `{"anisotropy": 4}`, "sample_lz", lanes2D), `sampler.anisotropy: want a string, got 4`},
		{job(surf2D, `{"anisotropy": "elliptical"}`, "sample_lz", lanes2D), `sampler.anisotropy: unknown value "elliptical" (want one of vulkan, ewa, footprint_assembly)`},
		// Precision.
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": "exact"}`, `precision: want an object, got "exact"`},
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": {"mode": "fast"}}`, `precision.mode: unknown value "fast" (want one of exact, hardware)`},
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": {"lod_bits": 4}}`, `precision.lod_bits: only allowed with mode "hardware"`},
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": {"mode": "hardware", "subtexel_bits": 0}}`, `precision.subtexel_bits: 0 is out of range (1..16)`},
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": {"mode": "hardware", "lod_bits": 17}}`, `precision.lod_bits: 17 is out of range (1..16)`},
		{`{"surface": ` + surf2D + `, "op": "resinfo", "lanes": [], "precision": {"mode": "hardware", "bits": 17}}`, `precision: unknown field "bits" (want mode, subtexel_bits, lod_bits)`},
		// Lanes.
		{job(surf2D, "", "sample_lz", `[null]`), `lanes[0]: want an object, got null`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0]}, {"cord": [0, 0]}]`), `lanes[1]: unknown field "cord" (want coord, lod, bias, ref, ddx, ddy, offset, channel, texel, level, sample, min_lod, active)`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0]}, {"coord": [0, 0]}, {"coord": [0, 0]}, {"coord": [0.5, 0.5, 1]}]`), `lanes[3].coord: want 2 values for 2d, got 3`},
		{job(surf2D, "", "sample_lz", `[{"coord": 0.5}]`), `lanes[0].coord: want an array, got 0.5`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "coord": [1, 1]}]`), `lanes[0]: duplicate field "coord"`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "active": null, "offset": null}, {"coord": "\u0000\n"}]`), `lanes[1].coord: want an array, got "\x00\n"`},
		{job(surf2D, "", "sample_lz", `[{}]`), `lanes[0].coord: missing (sample_lz needs it)`},
		{job(surf2D, "", "sample_lz", `[{"active": false}]`), `lanes[0].coord: missing (sample_lz needs it)`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, "x"]}]`), `lanes[0].coord[1]: "x" is not a number (want a JSON number, `},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, "@3f80000"]}]`), `lanes[0].coord[1]: "@3f80000" is not a number (want `},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, "nan"]}]`), `lanes[0].coord[1]: "nan" is not a number (want `},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, null]}]`), `lanes[0].coord[1]: want a number, got null`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 1e39]}]`), `lanes[0].coord[1]: 1e39 is out of range for float32 (write "+Inf" or "-Inf" for infinities)`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "lod": 1}]`), `lanes[0].lod: sample_lz does not use lod`},
		{job(surf2D, "", "sample_l", `[{"coord": [0, 0]}]`), `lanes[0].lod: missing (sample_l needs it)`},
		{job(surf2D, "", "sample_l", `[{"coord": [0, 0], "lod": "1"}]`), `lanes[0].lod: "1" is not a number (want `},
		{job(surf2D, "", "sample_b", `[{"coord": [0, 0], "bias": 1}, {"coord": [0, 0]}]`), `lanes[1].bias: missing (sample_b needs it)`},
		{job(surf2D, "", "sample", `[{"coord": [0, 0], "bias": 1}]`), `lanes[0].bias: sample does not use bias`},
		{job(surf2D, "", "sample_l", `[{"coord": [0, 0], "lod": 0, "ref": 0.5}]`), `lanes[0].ref: sample_l does not use ref`},
		{job(surf2D, "", "sample_c_lz", `[{"coord": [0, 0]}]`), `lanes[0].ref: missing (sample_c_lz needs it)`},
		{job(surf2D, "", "sample_d", `[{"coord": [0, 0], "ddx": [1, 0]}]`), `lanes[0].ddy: missing (sample_d needs it)`},
		{job(surf2D, "", "sample_d", `[{"coord": [0, 0], "ddx": [1, 0, 0], "ddy": [0, 1]}]`), `lanes[0].ddx: want 2 values for 2d, got 3`},
		{job(surf2D, "", "sample_d", `[{"coord": [0, 0], "ddx": [1, 0], "ddy": [0, "x"]}]`), `lanes[0].ddy[1]: "x" is not a number`},
		{job(surf2D, "", "sample_l", `[{"coord": [0, 0], "lod": 0, "ddx": [1, 0]}]`), `lanes[0].ddx: sample_l does not use ddx`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "offset": [1, 2, 3, 4]}]`), `lanes[0].offset: want 1 to 3 values, got 4`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "offset": [1.5]}]`), `lanes[0].offset[0]: 1.5 is not an integer`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "offset": [0, 4294967296]}]`), `lanes[0].offset[1]: 4294967296 is out of range (-2147483648..2147483647)`},
		{job(surf2D, "", "lod", `[{"coord": [0, 0], "offset": [1]}]`), `lanes[0].offset: lod does not use offset`},
		{job(surf2D, "", "gather4", `[{"coord": [0, 0], "channel": 256}]`), `lanes[0].channel: 256 is out of range (0..255)`},
		{job(surf2D, "", "gather4", `[{"coord": [0, 0], "channel": -1}]`), `lanes[0].channel: -1 is out of range (0..255)`},
		{job(surf2D, "", "sample_lz", `[{"coord": [0, 0], "channel": 1}]`), `lanes[0].channel: sample_lz does not use channel`},
		{job(surf2D, "", "gather4_c", `[{"coord": [0, 0], "ref": 0, "channel": 1}]`), `lanes[0].channel: gather4_c does not use channel`},
		{job(surf2D, "", "fetch", `[{"texel": [0, 0]}, {"texel": [0]}]`), `lanes[1].texel: want 2 values for 2d, got 1`},
		{job(surf2D, "", "fetch", `[{"texel": [0, 0.5]}]`), `lanes[0].texel[1]: 0.5 is not an integer`},
		{job(surf2D, "", "fetch", `[{"level": 0}]`), `lanes[0].texel: missing (fetch needs it)`},
		{job(surf2D, "", "fetch", `[{"texel": [0, 0], "coord": [0, 0]}]`), `lanes[0].coord: fetch does not use coord`},
		{job(surf2D, "", "fetch", `[{"texel": [0, 0], "sample": 1}]`), `lanes[0].sample: fetch does not use sample`},
		{job(surf2D, "", "fetch", `[{"texel": [0, 0], "level": "1"}]`), `lanes[0].level: want an integer, got "1"`},
		{job(surf2D, "", "fetch_ms", `[{"texel": [0, 0], "level": 0}]`), `lanes[0].level: fetch_ms does not use level`},
		{job(surf2D, "", "resinfo", `[{"coord": [0, 0]}]`), `lanes[0].coord: resinfo does not use coord`},
		{job(surf2D, "", "samplepos", `[{"sample": 1.0}]`), `lanes[0].sample: 1.0 is not an integer`},
		{job(surf2D, "", "sampleinfo", `[{"active": "no"}]`), `lanes[0].active: want true or false, got "no"`},
	} {
		_, err := Decode([]byte(tc.line))
		if err == nil {
			t.Errorf("%s: no error, want %q", tc.line, tc.want)
			continue
		}
		var je *JobError
		if !errors.As(err, &je) {
			t.Errorf("%s: error %T is not a *JobError", tc.line, err)
		}
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s:\nerror %q\nwant  %q", tc.line, err, tc.want)
		}
		if strings.HasPrefix(tc.want, "invalid JSON") != errors.Is(err, ErrJSON) {
			t.Errorf("%s: errors.Is(%q, ErrJSON) = %v", tc.line, err, errors.Is(err, ErrJSON))
		}
	}
}

// The id is kept for the error when it precedes the problem.
func TestDecodeErrorKeepsID(t *testing.T) {
	for _, tc := range []struct{ line, id string }{
		{`{"id": "a", "surface": 1}`, `"a"`},
		{`{"id": [1], "surface": {`, `[1]`},
		{`{"surface": 1, "id": "a"}`, `"a"`}, // the whole top level is read first
		{`{"surface": x, "id": "a"}`, ``},
		{`{"id": "a", "nope": 1}`, `"a"`},
	} {
		_, err := Decode([]byte(tc.line))
		var je *JobError
		if !errors.As(err, &je) {
			t.Fatalf("%s: error %v is not a *JobError", tc.line, err)
		}
		if string(je.ID) != tc.id {
			t.Errorf("%s: id %q, want %q", tc.line, je.ID, tc.id)
		}
	}
}
