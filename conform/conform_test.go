package conform

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

func TestGenerateDeterministic(t *testing.T) {
	a := Generate(42, 500, GenOptions{})
	b := Generate(42, 500, GenOptions{})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Generate(42, 500) differs between two calls")
	}
	n := 0
	for _, g := range a {
		n += len(g.Queries)
	}
	if n < 500 {
		t.Errorf("generated %d cases, want ≥ 500", n)
	}
	// A group regenerates on its own, whatever the run's size.
	for _, g := range a {
		if h := GenerateGroup(42, g.ID, GenOptions{}); !reflect.DeepEqual(g, h) {
			t.Fatalf("group %d differs when generated on its own", g.ID)
		}
	}
	c := Generate(43, 500, GenOptions{})
	if reflect.DeepEqual(a[0], c[0]) {
		t.Error("seeds 42 and 43 give the same first group")
	}
}

func TestGroupSeedSpreads(t *testing.T) {
	seen := map[uint64]bool{}
	for id := 0; id < 1000; id++ {
		s := GroupSeed(1, id)
		if seen[s] {
			t.Fatalf("GroupSeed(1, %d) repeats", id)
		}
		seen[s] = true
	}
}

// TestGeneratedCasesRunOnTexunit checks that every generated case is valid
// for texunit (surface, view, sampler state, request) and for the oracle's
// documented limits.
func TestGeneratedCasesRunOnTexunit(t *testing.T) {
	themes := map[string]int{}
	ops := map[Op]int{}
	for _, g := range Generate(7, 3000, GenOptions{}) {
		themes[g.Theme]++
		u, err := newUnit(g)
		if err != nil {
			t.Fatalf("group %d: %v", g.ID, err)
		}
		tt := g.Tex.Type
		if g.Smp.Aniso && tt.Grads == 1 {
			t.Errorf("group %d: anisotropy on %s (crashes lavapipe)", g.ID, tt.Name)
		}
		if g.Smp.Aniso && g.Smp.Min == "nearest" {
			t.Errorf("group %d: anisotropy with a nearest min filter (crashes lavapipe)", g.ID)
		}
		if g.Smp.Reduction != "avg" && (g.Smp.Mag != g.Smp.Min || !formatMinMax(g.Tex.Format)) {
			t.Errorf("group %d: min/max reduction needs mag == min and a FILTER_MINMAX format", g.ID)
		}
		if math.Abs(float64(g.Smp.Bias)) > 16 {
			t.Errorf("group %d: |mipLodBias| %v > maxSamplerLodBias", g.ID, g.Smp.Bias)
		}
		sizeLevel, sizeDone := int32(-1), false
		for i := range g.Queries {
			q := &g.Queries[i]
			ops[q.Op]++
			if _, err := u.run(&u.st, &g.Smp, q); err != nil {
				t.Errorf("case %d.%d (%s): %v", g.ID, i, queryLine(tt, &g.Smp, q), err)
			}
			if q.Op == OpSize {
				if sizeDone || (sizeLevel >= 0 && q.Level != sizeLevel) {
					t.Errorf("group %d: size queries must come first, all at one level", g.ID)
				}
				sizeLevel = q.Level
			} else if sizeLevel >= 0 {
				sizeDone = true
			}
			if q.HasOff && tt.Offs == 0 {
				t.Errorf("case %d.%d: offset on %s", g.ID, i, tt.Name)
			}
		}
	}
	for _, name := range []string{"general", "point", "compare", "minmax", "aniso", "unnorm", "ms"} {
		if themes[name] == 0 {
			t.Errorf("no group of theme %s in 3000 cases", name)
		}
	}
	for op := Op(0); op < numOps; op++ {
		if ops[op] == 0 {
			t.Errorf("no %v case in 3000 cases", op)
		}
	}
}

func TestRequestRoundTrip(t *testing.T) {
	for _, g := range Generate(11, 1500, GenOptions{}) {
		text, err := RequestText(g)
		if err != nil {
			t.Fatal(err)
		}
		h, err := ParseRequest(text)
		if err != nil {
			t.Fatalf("group %d: %v\n%s", g.ID, err, text)
		}
		want := *g
		want.ID, want.Seed, want.Theme = 0, 0, "request"
		got := *h
		// Hex data parses back as raw bytes; compare the streams.
		ws, _ := Stream(&want.Tex)
		gs, _ := Stream(&got.Tex)
		if !bytes.Equal(ws, gs) {
			t.Errorf("group %d: data differs after a round trip", g.ID)
		}
		got.Tex.Data, want.Tex.Data = Data{}, Data{}
		if !reflect.DeepEqual(got.Tex, want.Tex) {
			t.Errorf("group %d: texture %+v, want %+v", g.ID, got.Tex, want.Tex)
		}
		if !reflect.DeepEqual(got.Smp, want.Smp) {
			t.Errorf("group %d: sampler %+v, want %+v", g.ID, got.Smp, want.Smp)
		}
		if len(got.Queries) != len(want.Queries) {
			t.Fatalf("group %d: %d queries, want %d", g.ID, len(got.Queries), len(want.Queries))
		}
		for i := range want.Queries {
			a, b := got.Queries[i], want.Queries[i]
			// Components beyond the type's are not written.
			for c := g.Tex.Type.Coords; c < 4; c++ {
				b.P[c] = 0
			}
			for c := g.Tex.Type.Grads; c < 3; c++ {
				b.DX[c], b.DY[c] = 0, 0
			}
			for c := g.Tex.Type.Fetch; c < 4; c++ {
				b.T[c] = 0
			}
			if !g.Smp.Compare {
				b.Dref = 0
			}
			if b.Op != OpLod {
				b.Lod = 0
			}
			if b.Op != OpGather {
				b.Comp = 0
			}
			if b.Op != OpFetch && b.Op != OpSize {
				b.Level = 0
			}
			if b.Op == OpFetch && g.Tex.Type.MS {
				b.Level = 0
			}
			if !reflect.DeepEqual(a, b) {
				t.Errorf("case %d.%d: %+v, want %+v", g.ID, i, a, b)
			}
		}
	}
}

func TestRequestText(t *testing.T) {
	tt, _ := LookupTexType("2darray")
	g := &Group{ID: 3, Seed: 0x10, Theme: "general",
		Tex: Texture{Type: tt, Format: format.R8G8B8A8Srgb, Width: 8, Height: 4, Depth: 1, Layers: 2, Levels: 2, Samples: 1,
			NLevels: 1, Data: Data{Mode: DataHash, Seed: 9, Lo: 0, Hi: 1}},
		Smp: DefaultSampler()}
	g.Smp.Mag, g.Smp.Compare, g.Smp.CompareOp = "linear", false, "never"
	g.Smp.Border = Border{Preset: "custom", Custom: [4]float32{0.5, 1, 0, 0.25}}
	g.Queries = []Query{
		{Op: OpLod, P: [4]float32{0.5, 0.25, 1}, Lod: 1.5, HasOff: true, Off: [3]int32{-1, 2}},
		{Op: OpGather, P: [4]float32{1, 2, 0}, Comp: 3},
		{Op: OpFetch, T: [4]int32{1, 2, 1}, Level: 0},
		{Op: OpTex, P: [4]float32{0, 0, 0}, DX: [3]float32{0.125, 0}, DY: [3]float32{0, 0.125}, HasBias: true, Bias: -1},
		{Op: OpSize, Level: 1},
	}
	text, err := RequestText(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `# texunit conform group 3 (seed 0x10, theme general)
texture type=2darray format=R8G8B8A8_SRGB width=8 height=4 layers=2 levels=2 samples=1 baselevel=0 nlevels=1
data hash 9 0 1
sampler mag=linear min=nearest mip=nearest u=repeat v=repeat w=repeat bias=@00000000 minlod=@00000000 maxlod=none border=custom:@3f000000,@3f800000,@00000000,@3e800000
lod p=@3f000000,@3e800000,@3f800000 lod=@3fc00000 off=-1,2
gather p=@3f800000,@40000000,@00000000 comp=3
fetch t=1,2,1 level=0
tex p=@00000000,@00000000,@00000000 dx=@3e000000,@00000000 dy=@00000000,@3e000000 bias=@bf800000
size level=1
`
	if text != want {
		t.Errorf("RequestText:\n%s\nwant:\n%s", text, want)
	}
}

func TestParseOutput(t *testing.T) {
	out, err := ParseOutput([]byte(`# texoracle device="llvmpipe"
# index op x y z w hex_x hex_y hex_z hex_w
0 lod 1.5 2 0 0 3fc00000 40000000 00000000 00000000
1 fetch nan -inf 1e-45 -0 7fc00000 ff800000 00000001 80000000

2 size 8 8 0 0 41000000 41000000 00000000 00000000
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 || out[0].Op != "lod" || out[2].Index != 2 {
		t.Fatalf("parsed %+v", out)
	}
	if v := out[0].Vec(); v != [4]float32{1.5, 2, 0, 0} {
		t.Errorf("line 0: %v", v)
	}
	if out[1].Bits != [4]uint32{0x7fc00000, 0xff800000, 1, 0x80000000} {
		t.Errorf("line 1 bits: %x", out[1].Bits)
	}
	for _, bad := range []string{
		"0 lod 1 2 3\n",
		"x lod 1 2 0 0 3f800000 40000000 00000000 00000000\n",
		"0 lod 1 2 0 0 3f80000g 40000000 00000000 00000000\n",
		"0 lod 1 2 0 0 3f800000 4000000 00000000 00000000\n",
		"0 lod 1.25 2 0 0 3f800000 40000000 00000000 00000000\n", // decimal disagrees with bits
	} {
		if _, err := ParseOutput([]byte(bad)); err == nil {
			t.Errorf("ParseOutput(%q): no error", bad)
		}
	}
}

func TestParseCaseID(t *testing.T) {
	for _, c := range []struct {
		in       string
		id       CaseID
		hasQuery bool
		ok       bool
	}{
		{"12", CaseID{12, 0}, false, true},
		{"12.7", CaseID{12, 7}, true, true},
		{"0.0", CaseID{0, 0}, true, true},
		{"-1", CaseID{}, false, false},
		{"1.x", CaseID{}, false, false},
		{"a", CaseID{}, false, false},
		{"", CaseID{}, false, false},
	} {
		id, hq, err := ParseCaseID(c.in)
		if (err == nil) != c.ok || (c.ok && (id != c.id || hq != c.hasQuery)) {
			t.Errorf("ParseCaseID(%q) = %v, %v, %v", c.in, id, hq, err)
		}
	}
}

// TestStreamMatchesSurfaceFill checks the conformance data generators
// against the surface package's fills, which implement the same oracle
// definitions independently.
func TestStreamMatchesSurfaceFill(t *testing.T) {
	for _, g := range Generate(5, 3000, GenOptions{}) {
		tex := &g.Tex
		if tex.Data.Mode != DataHash && tex.Data.Mode != DataCoords {
			continue
		}
		s, err := surface.New(surface.Desc{Kind: tex.Type.Kind, Format: tex.Format, Width: tex.Width, Height: tex.Height,
			Depth: tex.Depth, Layers: tex.Layers, Levels: tex.Levels, Samples: tex.Samples})
		if err != nil {
			t.Fatal(err)
		}
		if tex.Data.Mode == DataHash {
			s.FillHash(tex.Data.Seed, tex.Data.Lo, tex.Data.Hi)
		} else {
			s.FillCoords()
		}
		b, err := Stream(tex)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, s.Data) {
			t.Errorf("group %d (%s %v %v): Stream differs from the surface fill", g.ID, tex.Type.Name, tex.Format, tex.Data.Mode)
		}
	}
}

func TestFastLog2(t *testing.T) {
	for _, c := range []struct{ x, want float32 }{
		{1, 0}, {2, 1}, {3, 1.5}, {0.75, -0.5}, {10.24, 3.28}, {0, -127},
		{math.Float32frombits(1 << 22), -127 + 0.5}, // a denormal: −127 + mantissa/2^23
	} {
		got := fastLog2(c.x)
		if math.Abs(float64(got-c.want)) > 1e-6 {
			t.Errorf("fastLog2(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	// The README's bound: fastlog2 is at most 0.086 below log2 (0.043 in λ).
	worst := 0.0
	for x := 1.0; x < 2; x += 1.0 / 4096 {
		worst = max(worst, math.Log2(x)-float64(fastLog2(float32(x))))
	}
	if worst > 0.0861 || worst < 0.085 {
		t.Errorf("max log2 − fastlog2 = %v, want ≈ 0.0861", worst)
	}
}

func TestNearestRounding(t *testing.T) {
	for _, c := range []struct{ d, even, vulkan float32 }{
		{0.5, 0, 0}, {1.5, 2, 1}, {2.5, 2, 2}, {0.50000006, 1, 1}, {1.4, 1, 1},
	} {
		if got := roundHalfEven(c.d); got != c.even {
			t.Errorf("roundHalfEven(%v) = %v, want %v", c.d, got, c.even)
		}
		if got := vulkanNearest(c.d); got != c.vulkan {
			t.Errorf("vulkanNearest(%v) = %v, want %v", c.d, got, c.vulkan)
		}
	}
}

func testComparer(t *testing.T, req string) *comparer {
	t.Helper()
	g, err := ParseRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	u, err := newUnit(g)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newComparer(g, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLavapipeLevel(t *testing.T) {
	c := testComparer(t, "texture type=2d format=R32_SFLOAT width=16 height=16 levels=5\nsampler mip=nearest\n")
	for _, x := range []struct {
		lambda, want float32
		tie          bool
	}{
		{0.5, 0.5, false}, // ties to 0 on both sides
		{1.5, 2, true},    // lavapipe: 2; Vulkan's preferred rule: 1
		{2.5, 2.5, false}, // both 2
		{3.5, 4, true},
		{7.5, 7.5, false}, // beyond q = 4: clamped, no tie
		{-1, -1, false},
	} {
		got, tie := c.lavapipeLevel(x.lambda)
		if got != x.want || tie != x.tie {
			t.Errorf("lavapipeLevel(%v) = %v, %v; want %v, %v", x.lambda, got, tie, x.want, x.tie)
		}
	}
}

func TestAbsDiff(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, c := range []struct {
		a, b [4]float32
		want float64
	}{
		{[4]float32{1, 2, 3, 4}, [4]float32{1, 2, 3, 4}, 0},
		{[4]float32{1, 2, 3, 4}, [4]float32{1, 2.5, 3, 3}, 1},
		{[4]float32{nan}, [4]float32{nan}, 0},
		{[4]float32{nan}, [4]float32{0}, math.Inf(1)},
		{[4]float32{inf}, [4]float32{inf}, 0},
		{[4]float32{float32(math.Copysign(0, -1))}, [4]float32{0}, 0},
	} {
		if got := absDiff(c.a, c.b); got != c.want {
			t.Errorf("absDiff(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestTightTolerance(t *testing.T) {
	c := testComparer(t, "texture type=2d format=R32_SFLOAT width=256 height=4\ndata hash 1 -100 300\nsampler mag=linear min=linear u=clamp v=clamp\n")
	q := &Query{Op: OpLod, P: [4]float32{0.5, 0.5}}
	tol := c.tightTol(q)
	// 2 axes · 4 · |u| ulps with |u| = 0.5·256 + 1, plus 16 ulps, of the
	// range 300.
	want := 300 * (2*4*129*0x1p-24 + 16*0x1p-24)
	if math.Abs(tol-want) > 1e-12 {
		t.Errorf("tightTol = %v, want %v", tol, want)
	}
	q.P[0] = 1.5
	if c.tightTol(q) <= tol {
		t.Error("the tolerance does not grow with |u|")
	}
	// Repeat: lavapipe's fract(s)·size can reach the size whatever s is.
	r := testComparer(t, "texture type=2d format=R32_SFLOAT width=256 height=4\ndata hash 1 -100 300\nsampler mag=linear min=linear u=repeat v=clamp\n")
	q.P = [4]float32{-1e-5, 0.5}
	want = 300 * (2*4*257*0x1p-24 + 16*0x1p-24) // the largest axis, u, counts for both
	if got := r.tightTol(q); math.Abs(got-want) > 1e-12 {
		t.Errorf("repeat: tightTol = %v, want %v", got, want)
	}
}

func TestCubeCorner(t *testing.T) {
	c := testComparer(t, "texture type=cube format=R32_SFLOAT width=2 height=2\nsampler mag=linear min=linear\n")
	// Face +X: s = ½·(−z)/x + ½, t = ½·(−y)/x + ½; face +Z: s = ½·x/z + ½,
	// t = ½·(−y)/z + ½. With 2×2 faces, u = 2s − ½.
	for _, x := range []struct {
		p    [3]float32
		want int
	}{
		{[3]float32{1, 0, 0}, -1},      // face centre
		{[3]float32{1, 0.9, 0.9}, 3},   // s = t = 0.05: (i0, j0) = A
		{[3]float32{1, -0.9, -0.9}, 1}, // s = t = 0.95: (i1, j1) = G
		{[3]float32{1, -0.9, 0.9}, 0},  // s = 0.05, t = 0.95: (i0, j1) = R
		{[3]float32{1, 0.9, -0.9}, 2},  // (i1, j0) = B
		{[3]float32{1, 0.9, 0}, -1},    // an edge, not a corner
		{[3]float32{0.95, 0.95, 1}, 2}, // +Z: s = 0.975, t = 0.025: (i1, j0) = B
		{[3]float32{0, 0, -1}, -1},
	} {
		q := &Query{Op: OpGather, P: [4]float32{x.p[0], x.p[1], x.p[2]}}
		if got := c.cubeCorner(q); got != x.want {
			t.Errorf("cubeCorner(%v) = %d, want %d", x.p, got, x.want)
		}
	}
}

func TestBoundaryVariants(t *testing.T) {
	c := testComparer(t, "texture type=2d format=R32_SFLOAT width=8 height=2\nsampler mag=nearest min=nearest\n")
	q := &Query{Op: OpLod, P: [4]float32{0.625, 0.3}}
	vs := c.variants(q)
	if len(vs) != 2 {
		t.Fatalf("%d variants, want 2 (u = 5 is a texel boundary)", len(vs))
	}
	if p := vs[1].q.P[0]; !(p < 0.625) || float32(p*8) >= 5 {
		t.Errorf("nudged s = %v (u = %v), want u < 5", p, p*8)
	}
	// With an offset the nudge must survive the float32 add.
	q = &Query{Op: OpLod, P: [4]float32{0.3, 0.5}, HasOff: true, Off: [3]int32{0, 1}}
	vs = c.variants(q)
	if len(vs) != 2 {
		t.Fatalf("%d variants, want 2 (v = 2 is a texel boundary)", len(vs))
	}
	if v := float32(vs[1].q.P[1]*2) + 1; v >= 2 {
		t.Errorf("nudged v = %v, want < 2", v)
	}
	// On a boundary at two levels with an offset: the nudge enough for the
	// larger level (s·4 − 8 < −6) can round back onto the smaller level's
	// boundary (s·2 − 8 = −7); it must be below both (seed
	// 18106675526883014632, case 54.3).
	c = testComparer(t, "texture type=2d format=R32_SFLOAT width=19 height=55 levels=6\nsampler mag=linear min=nearest mip=nearest u=mirror\n")
	q = &Query{Op: OpLod, P: [4]float32{0.5, 0.3}, HasOff: true, Off: [3]int32{-8, 0}}
	vs = c.variants(q)
	if len(vs) != 2 {
		t.Fatalf("%d variants, want 2 (u = −6 and −7 at levels 2 and 3)", len(vs))
	}
	p := vs[1].q.P[0]
	for l, size := range []float32{4, 2} {
		if u := float32(p*size) - 8; u >= -6-float32(l) {
			t.Errorf("nudged s = %v: u = %v at level %d, want below %v", p, u, 2+l, -6-l)
		}
	}
	// Linear filtering: no variants.
	c = testComparer(t, "texture type=2d format=R32_SFLOAT width=8 height=2\nsampler mag=linear min=linear\n")
	if vs := c.variants(&Query{Op: OpLod, P: [4]float32{0.625, 0.3}}); len(vs) != 1 {
		t.Errorf("%d variants for linear filtering, want 1", len(vs))
	}
}

func TestFaceTieVariants(t *testing.T) {
	c := testComparer(t, "texture type=cube format=R32_SFLOAT width=4 height=4\nsampler mag=linear min=linear\n")
	vs := c.variants(&Query{Op: OpLod, P: [4]float32{1.5, -0.8, -1.5}})
	if len(vs) != 3 {
		t.Fatalf("%d variants, want 3 (x and z tie)", len(vs))
	}
	for _, v := range vs[1:] {
		ax, az := math.Abs(float64(v.q.P[0])), math.Abs(float64(v.q.P[2]))
		if ax == az {
			t.Errorf("variant %v still ties", v.q.P)
		}
	}
}

func TestDecodeMapping(t *testing.T) {
	var dt DecodeTables
	for e := Encoding(0); e < numEncodings; e++ {
		dt.Lavapipe[e] = make([]float32, e.codes())
		for v := range dt.Lavapipe[e] {
			dt.Lavapipe[e][v] = e.exactDecode(v)
		}
	}
	// lavapipe's unorm8 decode: c·fl(1/255).
	for v := range 256 {
		dt.Lavapipe[EncUnorm8][v] = float32(v) * float32(1.0/255)
	}
	dt.init()
	if dt.Differ[EncUnorm8] == 0 || dt.Differ[EncSRGB8] != 0 {
		t.Fatalf("Differ = %v", dt.Differ)
	}
	x := format.R8Unorm.Decode([]byte{200})
	got, used := dt.mapExact(format.R8G8B8A8Unorm, [4]int{0, 1, 2, 3}, x)
	if got[0] != float32(200)*float32(1.0/255) || len(used) != 1 {
		t.Errorf("mapExact(%v) = %v, %v", x, got, used)
	}
	// A border colour that is no code's decode stays.
	b := [4]float32{0.123456, 0, 0, 1}
	if got, _ := dt.mapExact(format.R8G8B8A8Unorm, [4]int{0, 1, 2, 3}, b); got != b {
		t.Errorf("border %v mapped to %v", b, got)
	}
	// Channels a format does not store are not decoded texels.
	if _, ok := encoding(format.R8Unorm, 1); ok {
		t.Error("r8_unorm channel 1 has an encoding")
	}
	if e, ok := encoding(format.R8G8B8A8Srgb, 3); !ok || e != EncUnorm8 {
		t.Error("sRGB alpha is not unorm8")
	}
}

func TestReportText(t *testing.T) {
	var r Report
	r.add([]Check{
		{Case: CaseID{1, 2}, Category: CatFetch, Pass: true},
		{Case: CaseID{1, 3}, Category: CatFetch, Pass: false, Err: 0.5, Raw: 0.5, Query: "fetch t=1 level=0"},
		{Case: CaseID{2, 0}, Category: CatQueryLod, Excluded: true, Raw: math.NaN()},
	})
	r.sort()
	r.replay = func(id CaseID) string { return "replay " + id.String() }
	var b strings.Builder
	r.WriteText(&b, true)
	s := b.String()
	for _, want := range []string{"fetch", "FAIL 1.3 fetch err=0.5", "replay 1.3", "fetch t=1 level=0"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	if !r.Failed() {
		t.Error("Failed() is false with a failure")
	}
	if r.Stats[1].Excluded != 1 || r.Stats[1].Pass != 0 {
		t.Errorf("querylod stats %+v", r.Stats[1])
	}
	var j bytes.Buffer
	if err := r.WriteJSON(&j); err != nil || !strings.Contains(j.String(), `"case": "1.3"`) {
		t.Errorf("WriteJSON: %v\n%s", err, j.String())
	}
}

func TestOracleCheck(t *testing.T) {
	o := &Oracle{Path: "/nonexistent/texoracle"}
	if err := o.Check(); err == nil || !strings.Contains(err.Error(), ErrNoOracle.Error()) {
		t.Errorf("Check() = %v, want ErrNoOracle", err)
	}
	if err := (&Oracle{Path: t.TempDir()}).Check(); err == nil {
		t.Error("a directory passes Check")
	}
}

// TestParseRefusesYCbCr checks that a request naming a multi-planar
// format is refused before it could reach the oracle: lavapipe (Mesa 22.3)
// has no sampler Y′CbCr conversion.
func TestParseRefusesYCbCr(t *testing.T) {
	_, err := ParseRequest("texture type=2d format=G8_B8R8_2PLANE_420_UNORM width=16 height=16\nsampler\n")
	if err == nil || !strings.Contains(err.Error(), "multi-planar (YCbCr) formats are not sent to the oracle") {
		t.Errorf("ParseRequest: %v", err)
	}
	for _, f := range Formats {
		if f.Format.Info().YCbCr {
			t.Errorf("the generator's formats include %v", f.Format)
		}
	}
}

// TestParseRequestAnisotropy: a request may name Vulkan's anisotropic
// filter (the oracle's own), and is refused with any other, which lavapipe
// cannot run.
func TestParseRequestAnisotropy(t *testing.T) {
	const tex = "texture type=2d format=R32_SFLOAT width=16 height=16 levels=5\n"
	if _, err := ParseRequest(tex + "sampler aniso=1 maxaniso=8 anisotropy=vulkan\n"); err != nil {
		t.Errorf("anisotropy=vulkan: %v", err)
	}
	for _, m := range []string{"ewa", "footprint_assembly"} {
		_, err := ParseRequest(tex + "sampler aniso=1 maxaniso=8 anisotropy=" + m + "\n")
		if err == nil || !strings.Contains(err.Error(), `anisotropy="`+m+`": the oracle has only its own`) {
			t.Errorf("anisotropy=%s: %v", m, err)
		}
	}
}

// TestCubicRefused: a request with a cubic filter is refused with the
// reason (lavapipe on Mesa 22.3 has no VK_EXT_filter_cubic; the referee is
// sampler's float64 model), not as an unknown filter.
func TestCubicRefused(t *testing.T) {
	for _, line := range []string{"sampler mag=cubic min=cubic", "sampler mag=linear min=cubic"} {
		_, err := ParseRequest("texture type=2d format=R8G8B8A8_UNORM width=8 height=8\n" + line + "\n")
		if !errors.Is(err, ErrCubicUnrefereed) || !strings.Contains(err.Error(), "Mesa 22.3") {
			t.Errorf("%s: %v", line, err)
		}
	}
	if _, err := ParseRequest("texture type=2d format=R8G8B8A8_UNORM width=8 height=8\nsampler mag=bicubic\n"); err == nil || errors.Is(err, ErrCubicUnrefereed) {
		t.Errorf("mag=bicubic: %v", err)
	}
}
