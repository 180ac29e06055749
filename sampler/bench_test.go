package sampler

import (
	"flag"
	"math"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

const benchLanes = 64

// benchCoords fills coherent, screen-space-like coordinates: a 8×8 block of
// pixels as 16 quads, stepping about a texel per pixel.
func benchCoords(n int, scale float32) (u, v []float32) {
	u, v = make([]float32, n), make([]float32, n)
	for i := 0; i < n; i++ {
		q, p := i/4, i%4
		x := float32((q%4)*2 + p%2)
		y := float32((q/4)*2 + p/2)
		u[i] = 0.1 + x*scale
		v[i] = 0.2 + y*scale
	}
	return u, v
}

// noFast runs the benchmarks on the reference path, for comparing the two
// paths with benchstat: go test -bench . -args -nofast.
var noFast = flag.Bool("nofast", false, "benchmark the reference path (the specialised path off)")

func benchRun(b *testing.B, v surface.View, st State, req *Request) {
	b.Helper()
	benchRunIn(b, Precision{}, v, st, req)
}

// benchRunIn is benchRun in precision p.
func benchRunIn(b *testing.B, p Precision, v surface.View, st State, req *Request) {
	b.Helper()
	fastDisabled = *noFast
	defer func() { fastDisabled = false }()
	eng := &Engine{Precision: p}
	var res Result
	if err := eng.Execute(v, &st, req, &res); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		_ = eng.Execute(v, &st, req, &res)
	}
	if c := cpuTime() - c0; c > 0 {
		// The user CPU time a request: steadier than ns/op where other
		// work shares the cores.
		b.ReportMetric(float64(c)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(b.N)*float64(req.Lanes)/b.Elapsed().Seconds(), "samples/s")
}

func benchSurface(b *testing.B, d surface.Desc) surface.View {
	s, err := surface.New(d)
	if err != nil {
		b.Fatal(err)
	}
	s.FillHash(7, 0, 1)
	return s.View()
}

func rgba8(b *testing.B) surface.View {
	return benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024})
}

func fill(n int, x float32) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = x
	}
	return s
}

func BenchmarkSampleLBilinearRGBA8(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	st := linearState()
	benchRun(b, rgba8(b), st, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0)})
}

func BenchmarkSampleLTrilinearRGBA8(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.5/1024)
	st := linearState()
	st.MipFilter = MipLinear
	benchRun(b, rgba8(b), st, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0.585)})
}

// BenchmarkSampleLTrilinearLevels is BenchmarkSampleLTrilinearRGBA8 with
// each lane's LOD its own, (i mod 23)/8 as in the batch protocol's
// workload (internal/batchwork): a chunk's entries at levels 0 to 3, so
// that its footprints take the multi-level stage (pipeline.Plan.FootprintsLevels).
func BenchmarkSampleLTrilinearLevels(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.5/1024)
	st := linearState()
	st.MipFilter = MipLinear
	lod := make([]float32, benchLanes)
	for i := range lod {
		lod[i] = float32(i%23) / 8
	}
	benchRun(b, rgba8(b), st, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: lod})
}

func BenchmarkSampleDAniso16(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	st := linearState()
	st.MipFilter = MipLinear
	st.MaxAnisotropy = 16
	benchRun(b, rgba8(b), st, &Request{Op: OpSampleD, Lanes: benchLanes, Coord: [4][]float32{u, v},
		DDX: [3][]float32{fill(benchLanes, 16.0/1024), fill(benchLanes, 0)},
		DDY: [3][]float32{fill(benchLanes, 0), fill(benchLanes, 1.0/1024)}})
}

func BenchmarkGather4(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	benchRun(b, rgba8(b), DefaultState(), &Request{Op: OpGather4, Lanes: benchLanes, Coord: [4][]float32{u, v}})
}

// BenchmarkPlainLevel samples one-level views as texbench's W1 (bilinear,
// LOD 0), W4 (gather) and W5 (PCF, compare less) do: the requests
// runPlainLevel takes, in one call per chunk where the CPU has AVX-512
// (lanes.PlainLevelV).
func BenchmarkPlainLevel(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	rgba := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024, Levels: 1})
	depth := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 1024, Height: 1024, Levels: 1})
	lin, cmp := linearState(), linearState()
	cmp.Compare = CompareLess
	b.Run("bilinear", func(b *testing.B) {
		benchRun(b, rgba, lin, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0)})
	})
	b.Run("gather", func(b *testing.B) {
		benchRun(b, rgba, lin, &Request{Op: OpGather4, Lanes: benchLanes, Coord: [4][]float32{u, v}})
	})
	b.Run("pcf", func(b *testing.B) {
		benchRun(b, depth, cmp, &Request{Op: OpSampleLC, Lanes: benchLanes, Coord: [4][]float32{u, v},
			Lod: fill(benchLanes, 0), Ref: fill(benchLanes, 0.5)})
	})
	b.Run("rgba32f", func(b *testing.B) { // W7
		rgba32f := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.R32G32B32A32Sfloat, Width: 1024, Height: 1024, Levels: 1})
		benchRun(b, rgba32f, lin, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0)})
	})
}

func BenchmarkSampleCD32(b *testing.B) {
	view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.D32Sfloat, Width: 1024, Height: 1024})
	u, v := benchCoords(benchLanes, 1.0/1024)
	st := linearState()
	st.Compare = CompareLessOrEqual
	benchRun(b, view, st, &Request{Op: OpSampleLC, Lanes: benchLanes, Coord: [4][]float32{u, v},
		Lod: fill(benchLanes, 0), Ref: fill(benchLanes, 0.5)})
}

func BenchmarkCubeTrilinear(b *testing.B) {
	view := benchSurface(b, surface.Desc{Kind: surface.KindCube, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256})
	n := benchLanes
	x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := 0; i < n; i++ {
		a := float64(i) * 0.01
		x[i], y[i], z[i] = float32(math.Cos(a)), 0.3, float32(math.Sin(a))
	}
	st := linearState()
	st.MipFilter = MipLinear
	benchRun(b, view, st, &Request{Op: OpSample, Lanes: n, Coord: [4][]float32{x, y, z}})
}

// BenchmarkSampleLBilinearFormats samples a few of the added formats: a
// packed one, a swizzled view, the stencil aspect and block-compressed ones.
func BenchmarkSampleLBilinearFormats(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	req := &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0)}
	for _, f := range []format.Format{format.A2B10G10R10UnormPack32, format.R16G16B16A16Unorm,
		format.BC1RGBUnormBlock, format.BC7UnormBlock, format.BC6HUfloatBlock, format.ETC2R8G8B8A8UnormBlock,
		format.ASTC8x8UnormBlock} {
		b.Run(f.String(), func(b *testing.B) {
			benchRun(b, benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: f, Width: 1024, Height: 1024}), linearState(), req)
		})
	}
	b.Run("swizzle_bgr1", func(b *testing.B) {
		view := rgba8(b)
		view.Swizzle, _ = surface.ParseSwizzle("bgr1")
		benchRun(b, view, linearState(), req)
	})
	b.Run("stencil_d24s8", func(b *testing.B) {
		view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.D24UnormS8Uint, Width: 1024, Height: 1024})
		view.Aspect = format.AspectStencil
		benchRun(b, view, DefaultState(), req)
	})
}

func BenchmarkFetchRGBA8(b *testing.B) {
	u, v := benchCoords(benchLanes, 1)
	req := &Request{Op: OpFetch, Lanes: benchLanes, Texel: [4][]int32{make([]int32, benchLanes), make([]int32, benchLanes)}}
	for i := range u {
		req.Texel[0][i], req.Texel[1][i] = int32(u[i]*100), int32(v[i]*100)
	}
	benchRun(b, rgba8(b), DefaultState(), req)
}

// BenchmarkFetchRGBA8Quads fetches as texbench's W8 does: a one-level
// 1024² r8g8b8a8_unorm texture, 64 lanes of 2×2 quads a texel apart (each
// quad's two pixels in a row adjacent texels, read as pairs).
func BenchmarkFetchRGBA8Quads(b *testing.B) {
	u, v := benchCoords(benchLanes, 1)
	req := &Request{Op: OpFetch, Lanes: benchLanes, Texel: [4][]int32{make([]int32, benchLanes), make([]int32, benchLanes)}}
	for i := range u {
		req.Texel[0][i], req.Texel[1][i] = 300+int32(u[i]), 500+int32(v[i])
	}
	view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024, Levels: 1})
	benchRun(b, view, DefaultState(), req)
}

// BenchmarkSampleLFormats samples the lane loop's table and half-float
// formats bilinearly (at level 0) and trilinearly (λ = 0.585, as
// BenchmarkSampleLTrilinearRGBA8), and r8g8b8a8_srgb as the reference
// point; -args -nofast gives the reference path's figures.
func BenchmarkSampleLFormats(b *testing.B) {
	for _, f := range []format.Format{format.R16G16B16A16Sfloat, format.R8Unorm, format.R8G8Unorm, format.R8G8B8A8Srgb} {
		view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: f, Width: 1024, Height: 1024, Levels: 0})
		b.Run("bilinear_"+f.String(), func(b *testing.B) {
			u, v := benchCoords(benchLanes, 1.0/1024)
			benchRun(b, view, linearState(), &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0)})
		})
		b.Run("trilinear_"+f.String(), func(b *testing.B) {
			u, v := benchCoords(benchLanes, 1.5/1024)
			st := linearState()
			st.MipFilter = MipLinear
			benchRun(b, view, st, &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: fill(benchLanes, 0.585)})
		})
	}
}

// benchTrilinearGrad is W10 on format f: 1024² with its mip chain,
// trilinear, textureGrad at about 2.46 texels per pixel (λ ≈ 1.3), one
// 64-lane request of 2×2 quads.
func benchTrilinearGrad(b *testing.B, f format.Format) {
	view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: f, Width: 1024, Height: 1024, Levels: 11})
	const step = 2.46 / 1024
	u, v := benchCoords(benchLanes, step)
	st := linearState()
	st.MipFilter = MipLinear
	req := &Request{Op: OpSampleD, Lanes: benchLanes, Coord: [4][]float32{u, v}}
	req.DDX[0], req.DDX[1] = fill(benchLanes, step), fill(benchLanes, 0)
	req.DDY[0], req.DDY[1] = fill(benchLanes, 0), fill(benchLanes, step)
	benchRun(b, view, st, req)
}

func BenchmarkSampleDTrilinearBC1(b *testing.B) { benchTrilinearGrad(b, format.BC1RGBAUnormBlock) }
func BenchmarkSampleDTrilinearBC3(b *testing.B) { benchTrilinearGrad(b, format.BC3UnormBlock) }
func BenchmarkSampleDTrilinearBC7(b *testing.B) { benchTrilinearGrad(b, format.BC7UnormBlock) }

// BenchmarkPrecision runs requests shaped like W1, W2 and W3
// (bench/workload.go: bilinear at LOD 0 on one level, trilinear from
// gradients at λ ≈ 1.3, and W2 with anisotropy 16 and gradients 8:1) on a
// 1024² r8g8b8a8_unorm texture in exact and in hardware precision (8
// subtexel and LOD bits), 256 lanes a request.
func BenchmarkPrecision(b *testing.B) {
	const n = 256
	const tpp = 2.4622888 // 2^1.3 texels per pixel: λ ≈ 1.3
	mips := rgba8(b)
	one := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024, Levels: 1})
	w1u, w1v := benchCoords(n, 1.0/1024)
	w2u, w2v := benchCoords(n, tpp/1024)
	trilinear := linearState()
	trilinear.MipFilter = MipLinear
	aniso := trilinear
	aniso.MaxAnisotropy = 16
	grad := func(major float32) *Request {
		return &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{w2u, w2v},
			DDX: [3][]float32{fill(n, major*tpp/1024), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, tpp/1024)}}
	}
	cases := []struct {
		name string
		view surface.View
		st   State
		req  *Request
	}{
		{"W1", one, linearState(), &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{w1u, w1v}, Lod: fill(n, 0)}},
		{"W2", mips, trilinear, grad(1)},
		{"W3", mips, aniso, grad(8)},
	}
	for _, prec := range []struct {
		name string
		p    Precision
	}{{"exact", Precision{}}, {"hardware", HardwarePrecision()}} {
		for _, c := range cases {
			b.Run(prec.name+"/"+c.name, func(b *testing.B) { benchRunIn(b, prec.p, c.view, c.st, c.req) })
		}
	}
}

// BenchmarkArrayViews runs W1-, W2- and W3-shaped requests (as
// BenchmarkPrecision) on a 1024² r8g8b8a8_unorm 2D array of 4 layers,
// each lane on a layer of its own, and W6's (trilinear from gradients at
// λ ≈ 1.3) on a cube array of two 256² cubes.
func BenchmarkArrayViews(b *testing.B) {
	const n = 256
	const tpp = 2.4622888 // 2^1.3 texels per pixel
	mips := benchSurface(b, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024, Layers: 4})
	one := benchSurface(b, surface.Desc{Kind: surface.Kind2DArray, Format: format.R8G8B8A8Unorm, Width: 1024, Height: 1024, Layers: 4, Levels: 1})
	cubes := benchSurface(b, surface.Desc{Kind: surface.KindCubeArray, Format: format.R8G8B8A8Unorm, Width: 256, Height: 256, Layers: 12})
	layers := make([]float32, n)
	for i := range layers {
		layers[i] = float32(i % 4)
	}
	w1u, w1v := benchCoords(n, 1.0/1024)
	w2u, w2v := benchCoords(n, tpp/1024)
	trilinear := linearState()
	trilinear.MipFilter = MipLinear
	aniso := trilinear
	aniso.MaxAnisotropy = 16
	grad := func(major float32) *Request {
		return &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{w2u, w2v, layers},
			DDX: [3][]float32{fill(n, major*tpp/1024), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, tpp/1024)}}
	}
	x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range n {
		a := float64(i) * 0.01
		x[i], y[i], z[i] = float32(math.Cos(a)), 0.3, float32(math.Sin(a))
	}
	cube := &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{x, y, z, layers},
		DDX: [3][]float32{fill(n, tpp/256), fill(n, 0), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, tpp/256), fill(n, 0)}}
	b.Run("2d_array/W1", func(b *testing.B) {
		benchRun(b, one, linearState(), &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{w1u, w1v, layers}, Lod: fill(n, 0)})
	})
	b.Run("2d_array/W2", func(b *testing.B) { benchRun(b, mips, trilinear, grad(1)) })
	b.Run("2d_array/W3", func(b *testing.B) { benchRun(b, mips, aniso, grad(8)) })
	b.Run("cube_array/W6", func(b *testing.B) { benchRun(b, cubes, trilinear, cube) })
}

// BenchmarkVolume samples a 128³ r8g8b8a8_unorm 3D texture: W1's shape
// (trilinear within one level, sample_l at LOD 0, one level) and W2's
// (trilinear between levels from gradients at λ ≈ 1.3), in exact and in
// hardware precision, 256 lanes a request.
func BenchmarkVolume(b *testing.B) {
	const n = 256
	const tpp = 2.4622888 // 2^1.3 texels per pixel
	mips := benchSurface(b, surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Unorm, Width: 128, Height: 128, Depth: 128})
	one := benchSurface(b, surface.Desc{Kind: surface.Kind3D, Format: format.R8G8B8A8Unorm, Width: 128, Height: 128, Depth: 128, Levels: 1})
	w1u, w1v := benchCoords(n, 1.0/128)
	w2u, w2v := benchCoords(n, tpp/128)
	trilinear := linearState()
	trilinear.MipFilter = MipLinear
	for _, prec := range []struct {
		name string
		p    Precision
	}{{"exact", Precision{}}, {"hardware", HardwarePrecision()}} {
		b.Run(prec.name+"/W1", func(b *testing.B) {
			benchRunIn(b, prec.p, one, linearState(), &Request{Op: OpSampleL, Lanes: n, Coord: [4][]float32{w1u, w1v, fill(n, 0.3)}, Lod: fill(n, 0)})
		})
		b.Run(prec.name+"/W2", func(b *testing.B) {
			benchRunIn(b, prec.p, mips, trilinear, &Request{Op: OpSampleD, Lanes: n, Coord: [4][]float32{w2u, w2v, fill(n, 0.3)},
				DDX: [3][]float32{fill(n, tpp/128), fill(n, 0), fill(n, 0)}, DDY: [3][]float32{fill(n, 0), fill(n, tpp/128), fill(n, 0)}})
		})
	}
}

// BenchmarkYCbCr: 64-lane bilinear sample_l requests on a 256×256 NV12
// surface through a BT.709 narrow-range conversion with the linear chroma
// filter, implicit and explicit reconstruction (the reference path), and
// on an r8g8b8a8_unorm surface of the same size for comparison (the
// specialised path unless -nofast).
func BenchmarkYCbCr(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/256)
	lod := make([]float32, benchLanes)
	req := &Request{Op: OpSampleL, Lanes: benchLanes, Coord: [4][]float32{u, v}, Lod: lod}
	for _, c := range []struct {
		name     string
		f        format.Format
		conv     YCbCrConversion
		explicit bool
	}{
		{"nv12_implicit", format.G8B8R82Plane420Unorm, YCbCrConversion{Model: YCbCr709, Range: RangeITUNarrow, ChromaFilter: Linear}, false},
		{"nv12_explicit", format.G8B8R82Plane420Unorm, YCbCrConversion{Model: YCbCr709, Range: RangeITUNarrow, ChromaFilter: Linear, ForceExplicitReconstruction: true}, true},
		{"rgba8", format.R8G8B8A8Unorm, YCbCrConversion{}, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			view := benchSurface(b, surface.Desc{Kind: surface.Kind2D, Format: c.f, Width: 256, Height: 256, Levels: 1})
			benchRun(b, view, yccState(c.conv, Linear), req)
		})
	}
}

// BenchmarkAnisoMethods is BenchmarkSampleDAniso16's request (a 16 × 1
// texel footprint, and a sheared 8 × 1 one at 30°) under each anisotropic
// filter: Vulkan's on the lane loop, EWA and footprint assembly on the
// reference path.
func BenchmarkAnisoMethods(b *testing.B) {
	u, v := benchCoords(benchLanes, 1.0/1024)
	for _, m := range []AnisoMethod{AnisoVulkan, AnisoEWA, AnisoFootprintAssembly} {
		for _, fp := range []struct {
			name   string
			dx, dy [2]float32
		}{{"16x1", [2]float32{16, 0}, [2]float32{0, 1}}, {"sheared", [2]float32{6.93, 4}, [2]float32{3, 1}}} {
			b.Run(m.String()+"/"+fp.name, func(b *testing.B) {
				st := linearState()
				st.MipFilter, st.MaxAnisotropy, st.Anisotropy = MipLinear, 16, m
				benchRun(b, rgba8(b), st, &Request{Op: OpSampleD, Lanes: benchLanes, Coord: [4][]float32{u, v},
					DDX: [3][]float32{fill(benchLanes, fp.dx[0]/1024), fill(benchLanes, fp.dx[1]/1024)},
					DDY: [3][]float32{fill(benchLanes, fp.dy[0]/1024), fill(benchLanes, fp.dy[1]/1024)}})
			})
		}
	}
}
