package visa

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// BenchmarkExec measures one SIMD16 sample_l.RGBA instruction with bilinear
// filtering on a 64×64 r8g8b8a8_unorm surface: decode-free execution,
// parameter reads, the core and the write-back.
func BenchmarkExec(b *testing.B) {
	k, err := Assemble(header + ".decl lod v_type=G type=f num_elts=16\n.decl u v_type=G type=f num_elts=16\n" +
		".decl v v_type=G type=f num_elts=16\n.decl d v_type=G type=f num_elts=64\n.decl s v_type=S num_elts=1\n" +
		".decl x v_type=T num_elts=1\nsample_l.RGBA (M1, 16) 0x0:uw s x d.0 lod.0 u.0 v.0\n")
	if err != nil {
		b.Fatal(err)
	}
	m, _ := NewMachine(k, DefaultPlatform)
	s, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 64, Height: 64})
	s.FillHash(1, 0, 1)
	m.Surfaces[0] = s.View()
	st := sampler.DefaultState()
	st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
	m.Samplers[0] = st
	for l := 0; l < 16; l++ {
		m.Regs.SetFloat32(k, 1, l, float32(l)/16)
		m.Regs.SetFloat32(k, 2, l, float32(15-l)/16)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Exec(0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(16*b.N)/b.Elapsed().Seconds(), "lanes/s")
}

// TestExecAllocs: once its buffers have grown, Exec allocates nothing.
func TestExecAllocs(t *testing.T) {
	k := mustAssemble(t, header+".decl u v_type=G type=f num_elts=16\n.decl d v_type=G type=hf num_elts=128\n"+
		".decl s v_type=S num_elts=1\n.decl x v_type=T num_elts=1\n"+
		"sample4_po_l.pixel_null_mask.G (M1, 16) 0x0:uw s x d.0 u.0 u.0 u.0\n")
	m, _ := NewMachine(k, DefaultPlatform)
	m.Surfaces[0] = coordsSurface(t, surface.Kind2D, 8, 8)
	if n := testing.AllocsPerRun(20, func() {
		if _, err := m.Exec(0); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Exec allocates %v times per call", n)
	}
}
