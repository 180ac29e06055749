package batch

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/texunit/texunit/sampler"
)

func TestAppendFloat32(t *testing.T) {
	for _, tc := range []struct {
		f    float32
		want string
	}{
		{0, "0"},
		{float32(math.Copysign(0, -1)), "-0"},
		{1, "1"},
		{-2.5, "-2.5"},
		{0.1, "0.1"},
		{1.0 / 3, "0.33333334"},
		{1e-5, "1e-05"},
		{123456, "123456"},
		{1e6, "1e+06"},
		{16777216, "1.6777216e+07"},
		{math.MaxFloat32, "3.4028235e+38"},
		{math.SmallestNonzeroFloat32, "1e-45"},
		{math.Float32frombits(0x00800000), "1.1754944e-38"},
		{float32(math.Inf(1)), `"+Inf"`},
		{float32(math.Inf(-1)), `"-Inf"`},
		{float32(math.NaN()), `"NaN"`},
		{math.Float32frombits(0xffc00001), `"NaN"`},
	} {
		got := string(AppendFloat32(nil, tc.f))
		if got != tc.want {
			t.Errorf("AppendFloat32(%v) = %s, want %s", tc.f, got, tc.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("AppendFloat32(%v) = %s is not valid JSON", tc.f, got)
		}
		if tc.f == tc.f && !math.IsInf(float64(tc.f), 0) {
			back, err := strconv.ParseFloat(got, 32)
			if err != nil || math.Float32bits(float32(back)) != math.Float32bits(tc.f) {
				t.Errorf("AppendFloat32(%v) = %s does not read back (%v, %v)", tc.f, got, back, err)
			}
		}
	}
}

// Every float32 written reads back to itself through JSON, over a sweep of
// bit patterns.
func TestAppendFloat32RoundTrip(t *testing.T) {
	for b := uint64(0); b < 1<<32; b += 0x10001 {
		f := math.Float32frombits(uint32(b))
		s := AppendFloat32(nil, f)
		var v any
		if err := json.Unmarshal(s, &v); err != nil {
			t.Fatalf("%08x: %s is not JSON: %v", b, s, err)
		}
		if f != f || math.IsInf(float64(f), 0) {
			continue
		}
		g, err := strconv.ParseFloat(string(s), 32)
		if err != nil || math.Float32bits(float32(g)) != uint32(b) {
			t.Fatalf("%08x: %s reads back as %08x", b, s, math.Float32bits(float32(g)))
		}
	}
}

func TestAppendValue(t *testing.T) {
	for _, tc := range []struct {
		kind sampler.ValueKind
		bits uint32
		want string
	}{
		{sampler.ValueFloat, 0x3f800000, "1"},
		{sampler.ValueUint, 0xffffffff, "4294967295"},
		{sampler.ValueUint, 7, "7"},
		{sampler.ValueSint, 0xffffffff, "-1"},
		{sampler.ValueSint, 0x80000000, "-2147483648"},
		{sampler.ValueSint, 5, "5"},
	} {
		if got := string(AppendValue(nil, tc.kind, tc.bits)); got != tc.want {
			t.Errorf("AppendValue(%v, %08x) = %s, want %s", tc.kind, tc.bits, got, tc.want)
		}
	}
}

func result(kind sampler.ValueKind, lanes ...[4]uint32) *sampler.Result {
	r := &sampler.Result{Kind: kind}
	for _, l := range lanes {
		for c := range 4 {
			r.Bits[c] = append(r.Bits[c], l[c])
		}
		r.Resident = append(r.Resident, true)
	}
	return r
}

func TestAppendResult(t *testing.T) {
	one := [4]uint32{0x3f800000, 0x7fc00000, 0xff800000, 0x80000000}
	two := [4]uint32{0x3e800000, 0, 0x7f800000, 0x3dcccccd}
	laneErr := func(n int, lanes map[int]string) []error {
		e := make([]error, n)
		for i, m := range lanes {
			e[i] = errors.New(m)
		}
		return e
	}
	for _, tc := range []struct {
		name   string
		id     string
		active []bool
		res    *sampler.Result
		want   string
	}{
		{"float", `7`, nil, result(sampler.ValueFloat, one, two),
			`{"id":7,"results":[[1,"NaN","-Inf",-0],[0.25,0,"+Inf",0.1]],"bits":[["3f800000","7fc00000","ff800000","80000000"],["3e800000","00000000","7f800000","3dcccccd"]],"resident":[true,true]}`},
		{"no id, inactive", ``, []bool{false, true}, result(sampler.ValueFloat, one, two),
			`{"results":[null,[0.25,0,"+Inf",0.1]],"bits":[null,["3e800000","00000000","7f800000","3dcccccd"]],"resident":[null,true]}`},
		{"uint", `"u"`, nil, result(sampler.ValueUint, [4]uint32{8, 4, 0, 0xffffffff}),
			`{"id":"u","results":[[8,4,0,4294967295]],"bits":[["00000008","00000004","00000000","ffffffff"]],"resident":[true]}`},
		{"sint", `{"a": [1]}`, nil, result(sampler.ValueSint, [4]uint32{0xfffffff6, 127, 0, 1}),
			`{"id":{"a": [1]},"results":[[-10,127,0,1]],"bits":[["fffffff6","0000007f","00000000","00000001"]],"resident":[true]}`},
		{"empty", `null`, nil, result(sampler.ValueFloat),
			`{"id":null,"results":[],"bits":[],"resident":[]}`},
		{"non-resident", `1`, nil, func() *sampler.Result {
			r := result(sampler.ValueFloat, one, two)
			r.Resident[1] = false
			return r
		}(), `{"id":1,"results":[[1,"NaN","-Inf",-0],[0.25,0,"+Inf",0.1]],"bits":[["3f800000","7fc00000","ff800000","80000000"],["3e800000","00000000","7f800000","3dcccccd"]],"resident":[true,false]}`},
		{"lane errors", `1`, []bool{true, true, false}, func() *sampler.Result {
			r := result(sampler.ValueFloat, one, two, two)
			r.LaneErr = laneErr(3, map[int]string{0: `lane 0: offset[0]: 9 is out of range (-8..7)`})
			return r
		}(), `{"id":1,"results":[null,[0.25,0,"+Inf",0.1],null],"bits":[null,["3e800000","00000000","7f800000","3dcccccd"],null],"resident":[null,true,null],"errors":["lane 0: offset[0]: 9 is out of range (-8..7)",null,null]}`},
	} {
		var id json.RawMessage
		if tc.id != "" {
			id = json.RawMessage(tc.id)
		}
		got := string(AppendResult([]byte("x"), id, tc.active, tc.res))
		if got != "x"+tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.name, got[1:], tc.want)
		}
		if !json.Valid([]byte(got[1:])) {
			t.Errorf("%s: not valid JSON: %s", tc.name, got[1:])
		}
	}
}

func TestAppendError(t *testing.T) {
	for _, tc := range []struct {
		id   string
		msg  string
		want string
	}{
		{`3`, `surface.format: unknown format "r9"`, `{"id":3,"error":"surface.format: unknown format \"r9\""}`},
		{``, "a\\b\n\t\x01<>&\u2028é\xff", `{"error":"a\\b\n\t\u0001<>&\u2028é` + "\uFFFD" + `"}`},
	} {
		var id json.RawMessage
		if tc.id != "" {
			id = json.RawMessage(tc.id)
		}
		got := string(AppendError(nil, id, errors.New(tc.msg)))
		if got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
		var v struct{ Error string }
		if err := json.Unmarshal([]byte(got), &v); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
}
