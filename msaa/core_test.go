package msaa

import (
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// TestAgreesWithFetchMS runs fetch_ms through the core's sampler.Engine and
// the multisample load on FromCore's copy of the same surface, for every
// format, sample count, both kinds and both layouts, and requires the same
// bits sample for sample: same-component loads (the RDNA group of the
// sample index) for every stored component, and same-sample loads.
func TestAgreesWithFetchMS(t *testing.T) {
	eng := &sampler.Engine{}
	st := sampler.DefaultState()
	cases := 0
	rejected := map[format.Format]bool{} // formats the model cannot hold (packed, compressed, stencil)
	for _, f := range format.All() {
		for _, samples := range []int{2, 4, 8, 16} {
			for _, kind := range []surface.Kind{surface.Kind2DMS, surface.Kind2DMSArray} {
				layers := 1
				if kind == surface.Kind2DMSArray {
					layers = 2
				}
				cs, err := surface.New(surface.Desc{Kind: kind, Format: f, Width: 3, Height: 2, Layers: layers, Samples: samples})
				if (f.Info().Compressed || f.Info().YCbCr) && err != nil {
					continue // no multisample block-compressed surfaces
				}
				if err != nil {
					t.Fatal(err)
				}
				cs.FillHash(uint32(samples)+uint32(f)*31, -2, 2)
				if err := cs.SetTileSize(1, 1, 1); err != nil {
					t.Fatal(err)
				}
				if err := cs.SetResident(0, layers-1, 2, 1, 0, false); err != nil {
					t.Fatal(err)
				}
				info := f.Info()
				// One lane per (pixel, sample), plus out-of-range lanes.
				var xs, ys, ls, ss []int32
				for l := 0; l < layers; l++ {
					for y := 0; y < 2; y++ {
						for x := 0; x < 3; x++ {
							for s := 0; s < samples; s++ {
								xs, ys, ls, ss = append(xs, int32(x)), append(ys, int32(y)), append(ls, int32(l)), append(ss, int32(s))
							}
						}
					}
				}
				xs, ys, ls, ss = append(xs, 3, 0, 0), append(ys, 0, -1, 0), append(ls, 0, 0, 0), append(ss, 0, 0, int32(samples))
				n := len(xs)
				req := &sampler.Request{Op: sampler.OpFetchMS, Lanes: n, Texel: [4][]int32{xs, ys}, Sample: ss}
				if kind == surface.Kind2DMSArray {
					req.Texel[2] = ls
				}
				var ref sampler.Result
				if err := eng.Execute(cs.View(), &st, req, &ref); err != nil {
					t.Fatal(err)
				}
				comps := max(1, info.Components)
				for _, storage := range []Storage{{Layout: SampleContiguous}, {Layout: ComponentContiguous},
					{Layout: SampleContiguous, Spacing: comps + 1, RowPitch: 3*(comps+1)*samples*info.ElementBytes*2 + 8},
					{Layout: ComponentContiguous, Spacing: samples + 3, PixelPitch: (samples + 3) * comps * max(4, info.ElementBytes)}} {
					m, err := FromCoreStorage(cs, storage, nil)
					simple := !info.Compressed && info.Packed == 0 && !info.Stencil && (info.Depth || info.Bits[0] == 8*info.ElementBytes) &&
						(info.Depth || (Element{Bytes: info.ElementBytes, Numeric: info.Numeric}).Valid())
					if simple && err != nil {
						t.Fatalf("%v: %v", f, err)
					}
					if !simple && err == nil {
						t.Fatalf("%v: FromCore accepted a format the model cannot hold", f)
					}
					if err != nil {
						rejected[f] = true
						continue
					}
					for base := 0; base < n; base += 64 {
						lanes := min(64, n-base)
						w := &Wave{Size: 64, Exec: uint64(1)<<lanes - 1, X: pad(xs[base:]), Y: pad(ys[base:]), Slice: pad(ls[base:]), Sample: pad(ss[base:])}
						check := func(what string, in Instruction, elem func(lane int) (comp, k int)) {
							var res Result
							if err := m.Load(&in, w, &res); err != nil {
								t.Fatalf("%v %s: %v", f, what, err)
							}
							for i := 0; i < lanes; i++ {
								comp, k := elem(base + i)
								want := ref.Bits[comp][base+i]
								if res.Dword[k][i] != want || res.Resident[i] != ref.Resident[base+i] {
									t.Fatalf("%v %d samples %v %v %s lane %d (x %d y %d layer %d sample %d) comp %d: %#x resident %v, fetch_ms %#x resident %v",
										f, samples, kind, storage, what, base+i, xs[base+i], ys[base+i], ls[base+i], ss[base+i], comp, res.Dword[k][i], res.Resident[i], want, ref.Resident[base+i])
								}
							}
							cases += lanes
						}
						for c := 0; c < info.Components; c++ {
							check("same_component", Instruction{Mode: SameComponent, Component: c, GroupFromSample: true, Fill: FillZero},
								func(lane int) (int, int) { return c, int(ss[lane]) % 4 })
						}
						if info.Depth {
							check("depth", Instruction{Mode: DepthSamples, GroupFromSample: true},
								func(lane int) (int, int) { return 0, int(ss[lane]) % 4 })
						} else {
							for c := 0; c < info.Components; c++ {
								check("same_sample", Instruction{Mode: SameSample, Elements: info.Components},
									func(int) (int, int) { return c, c })
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d lane comparisons; %d formats rejected by FromCore", cases, len(rejected))
	for _, f := range []format.Format{format.R8Unorm, format.R8G8B8A8Srgb, format.B8G8R8A8Unorm, format.R16G16B16A16Sfloat,
		format.R32G32B32A32Sfloat, format.R32Uint, format.D16Unorm, format.D32Sfloat, format.R8G8B8Snorm, format.R16G16Uint} {
		if rejected[f] {
			t.Errorf("%v: rejected by FromCore", f)
		}
	}
}

func pad(v []int32) []int32 {
	out := make([]int32, 64)
	copy(out, v)
	return out
}

func TestFromCoreErrors(t *testing.T) {
	cs, _ := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8Unorm, Width: 2, Height: 2})
	if _, err := FromCore(cs, SampleContiguous); err == nil || err.Error() != "msaa: surface.type: 2d is not a multisample kind (2d_ms or 2d_ms_array)" {
		t.Errorf("FromCore(2d): %v", err)
	}
}
