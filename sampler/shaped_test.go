package sampler

import (
	"slices"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TestExecuteShaped checks Execute with a result whose shaped flag is set
// (samplerhooks.ShapedFlag): on requests of the shape of one the engine
// accepted, the results without the flag, bit for bit; the operand checks
// skipped where the engine's set-up is cached (a coarse pixel size
// Execute refuses goes through) and made where it is not.
func TestExecuteShaped(t *testing.T) {
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 32, Height: 32, Levels: 0})
	if err != nil {
		t.Fatal(err)
	}
	s.FillHash(5, 0, 1)
	view := s.View()
	st := DefaultState()
	st.MagFilter, st.MinFilter, st.MipFilter = Linear, Linear, MipLinear
	const n = 64
	req := func(k int) *Request {
		r := &Request{Op: OpSample, Lanes: n, Coord: [4][]float32{make([]float32, n), make([]float32, n)}}
		for i := range n {
			r.Coord[0][i] = float32((i+k)%8)/8 + float32(i%2)*float32(k+1)/64
			r.Coord[1][i] = float32((i+3*k)/8)/8 + float32(i/2%2)*float32(k+1)/64
		}
		return r
	}
	var e Engine
	var want, got Result
	*shapedFlag(&got) = true
	if err := e.Execute(s.View(), &st, req(0), &want); err != nil {
		t.Fatal(err)
	}
	for k := 1; k < 4; k++ {
		r := req(k)
		if err := e.Execute(s.View(), &st, r, &want); err != nil {
			t.Fatal(err)
		}
		if err := e.Execute(view, &st, r, &got); err != nil {
			t.Fatal(err)
		}
		for c := range want.Bits {
			if !slices.Equal(got.Bits[c], want.Bits[c]) {
				t.Fatalf("request %d, channel %d: %x, Execute %x", k, c, got.Bits[c], want.Bits[c])
			}
		}
		if !slices.Equal(got.Resident, want.Resident) || got.Kind != want.Kind || got.LaneErr != nil || want.shaped {
			t.Fatalf("request %d: residency, kind or lane errors differ", k)
		}
	}
	bad := req(1)
	bad.CoarsePixel = [2]float32{0.5, 0}
	const msg = "coarse_pixel[0]: 0.5"
	if err := e.Execute(s.View(), &st, bad, &want); err == nil || !strings.Contains(err.Error(), msg) {
		t.Fatalf("Execute: %v, want %q", err, msg)
	}
	if err := e.Execute(view, &st, bad, &got); err != nil {
		t.Errorf("shaped, with the set-up cached: %v (the operand checks were made)", err)
	}
	var fresh Engine
	if err := fresh.Execute(view, &st, bad, &got); err == nil || !strings.Contains(err.Error(), msg) {
		t.Errorf("shaped, on a fresh engine: %v, want %q", err, msg)
	}
}
