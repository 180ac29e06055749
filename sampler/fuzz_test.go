package sampler

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// FuzzExecute drives the engine with fuzzed surfaces, sampler states and
// requests whose operands are raw float32 and int32 bits. Execute must
// never panic, must fail only with ErrRequest (or a lane error), and the
// specialised path must agree with the reference path bit for bit.
func FuzzExecute(f *testing.F) {
	f.Add([]byte{0, 3, 4, 4, 1, 1, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0x3f, 0, 0, 0})
	f.Add([]byte{5, 1, 8, 8, 3, 2, 1, 1, 1, 2, 1, 1, 0, 0, 0, 0, 0x7f, 0xc0, 0, 0, 0x7f, 0x80, 0, 0})
	f.Add([]byte{2, 15, 5, 3, 1, 1, 2, 2, 0, 4, 3, 7, 2, 1, 0, 0, 0xc1, 0x20, 0, 0, 0x3e, 0x80, 0, 0})
	// The lane loop's table and half-float formats, on raw texel bits
	// (b[8]&64): trilinear sampling and gathers of a 2D view.
	for _, fm := range []format.Format{format.R16G16B16A16Sfloat, format.R8Unorm, format.R8G8Srgb, format.R8G8B8A8Snorm} {
		for _, op := range []Op{OpSampleL, OpGather4} {
			b := []byte{2, byte(indexOf(fuzzFormats, fm)), 8, 7, 0, 0, 0, 9, 65, 3 | 2<<2, 0, 1, 0, 0, 0, 0, byte(indexOf(fuzzOps, op))}
			for i := range 40 {
				b = binary.BigEndian.AppendUint32(b, math.Float32bits(float32(i%9)/7-0.3))
			}
			f.Add(b)
		}
	}
	// The BC formats on the lane loop (bcwindow.go): bc7_unorm_block
	// trilinear, bc1_rgba_unorm_block gathered, bc6h_sfloat_block bilinear.
	f.Add([]byte{2, 136, 8, 8, 1, 1, 0, 5, 0, 11, 0, 0, 0, 0, 0, 0, 2, 0x3e, 0x80, 0, 0, 0x3f, 0x10, 0, 0, 0x3e, 0, 0, 0})
	f.Add([]byte{3, 124, 7, 8, 1, 2, 0, 9, 0, 3, 1, 0, 0, 0, 0, 0, 11, 0x3f, 0x40, 0, 0, 0x3d, 0x80, 0, 0, 0x40, 0, 0, 0})
	f.Add([]byte{2, 135, 5, 9, 1, 1, 0, 3, 0, 3, 1, 1, 0, 0, 0, 0, 3, 0xbf, 0x20, 0, 0, 0x3f, 0x70, 0, 0})
	// The Y′CbCr conversion (b[13]: model, range, chroma offsets, chroma
	// filter, explicit reconstruction) on NV12, P010, I420 (2d_array),
	// 4:2:2 planes and 4:2:2 blocks, in either precision.
	for i, fm := range []format.Format{format.G8B8R82Plane420Unorm, format.G10X6B10X6R10X62Plane420Unorm3Pack16, format.G8B8R83Plane420Unorm,
		format.G16B16R162Plane422Unorm, format.B8G8R8G8422Unorm, format.G12X4B12X4G12X4R12X4422Unorm4Pack16} {
		b := []byte{2 + byte(i&1), byte(indexOf(fuzzFormats, fm)), 7, 5, 0, 1, 0, byte(i), byte(i&1) << 5, 3, 2, 2, 2, byte(2+i) | byte(i)<<6 | byte(i&1)<<7, byte(i) << 7, 0, byte(indexOf(fuzzOps, OpSampleL))}
		for k := range 40 {
			b = binary.BigEndian.AppendUint32(b, math.Float32bits(float32(k%11)/9-0.1))
		}
		f.Add(b)
	}
	// EWA and footprint assembly (b[15] bits 2–3), max anisotropy 16,
	// trilinear sample_d on a 2D view, in both precisions (b[8] bit 5).
	for _, m := range []AnisoMethod{AnisoEWA, AnisoFootprintAssembly} {
		for _, b8 := range []byte{1, 33} {
			b := []byte{2, byte(formatIndex(format.R8G8B8A8Unorm)), 8, 7, 0, 0, 0, 0x79, b8, 3 | 2<<2, 0, 1, 0, 0, 0, 3 | byte(m)<<2, byte(opIndex(OpSampleD))}
			for i := range 40 {
				b = binary.BigEndian.AppendUint32(b, math.Float32bits(float32(i%11)/13-0.4))
			}
			f.Add(b)
		}
	}
	f.Add(hardwareSeed)
	f.Add(volumeSeed(false))
	f.Add(volumeSeed(true))
	for _, seed := range cubicSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) { executeBytes(t, b) })
}

// TestExecuteRandomBytes runs FuzzExecute's body on pseudo-random inputs,
// so that go test exercises it without -fuzz, and checks that most of them
// reach the engine's lanes rather than stopping at a refused surface or
// request.
func TestExecuteRandomBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ran := 0
	const n = 3000
	for i := 0; i < n; i++ {
		b := make([]byte, 16+rng.IntN(300))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		// Mostly plausible floats: small exponents.
		for j := 16; j+4 <= len(b); j += 4 {
			if rng.IntN(4) != 0 {
				binary.BigEndian.PutUint32(b[j:], math.Float32bits(rng.Float32()*4-1))
			}
		}
		if executeBytes(t, b) {
			ran++
		}
	}
	if ran < n/5 {
		t.Errorf("only %d of %d inputs ran", ran, n)
	}
	t.Logf("%d of %d inputs ran; %d took the lane loop in exact precision, %d in hardware precision", ran, n,
		fuzzLaneLoop[Exact], fuzzLaneLoop[Hardware])
	if fuzzLaneLoop[Exact] == 0 || fuzzLaneLoop[Hardware] == 0 {
		t.Errorf("the lane loop was not reached in both precisions: %v", fuzzLaneLoop)
	}
	if fuzzCubic[Exact] == 0 || fuzzCubic[Hardware] == 0 {
		t.Errorf("cubic filtering was not reached in both precisions: %v", fuzzCubic)
	}
}

// fuzzLaneLoop counts executeBytes' requests that took the lane loop, by
// precision mode, fuzzVolume those that took the 3D lane loop, and
// fuzzCubic the sampling requests with a cubic filter (which both roads
// run on the reference path: setupFast declines them).
var fuzzLaneLoop, fuzzVolume, fuzzCubic [2]int

// cubicSeeds are FuzzExecute's seeds with cubic filtering (b[8] bit 7):
// r32g32b32a32_sfloat 2D sample_l with linear mipmapping, Mitchell-Netravali
// weights, clamp-to-border; and r8g8b8a8_unorm 3D sample_d in hardware
// precision (bit 5) with min reduction and B-spline weights.
func cubicSeeds() [][]byte {
	a := []byte{2, byte(formatIndex(format.R32G32B32A32Sfloat)), 6, 5, 0, 0, 0, 9, 128, 3 | 2<<2, 3, 3, 0, 0, 0, 3 << 2,
		byte(opIndex(OpSampleL))}
	b := []byte{byte(kindIndex(surface.Kind3D)), byte(formatIndex(format.R8G8B8A8Unorm)), 4, 3, 2, 0, 0, 0x72, 128 | 32, 3 | 2<<2,
		0, 1, 4, 0, 1, 0x40 | 2<<2, byte(opIndex(OpSampleD))}
	for i := range 40 {
		a = binary.BigEndian.AppendUint32(a, math.Float32bits(float32(i%11)/9-0.2))
		b = binary.BigEndian.AppendUint32(b, math.Float32bits(float32(i%7)/6-0.1))
	}
	return [][]byte{a, b}
}

// TestFuzzCubicSeeds checks that the cubic seeds run a cubic sampling
// request in both precisions.
func TestFuzzCubicSeeds(t *testing.T) {
	before := fuzzCubic
	for _, seed := range cubicSeeds() {
		if !executeBytes(t, seed) {
			t.Errorf("cubic seed % x did not run", seed[:17])
		}
	}
	if fuzzCubic[Exact] == before[Exact] || fuzzCubic[Hardware] == before[Hardware] {
		t.Errorf("cubic requests run: exact %d, hardware %d", fuzzCubic[Exact]-before[Exact], fuzzCubic[Hardware]-before[Hardware])
	}
}

// TestFuzzSeedReachesHardwareLanes checks that FuzzExecute's hardware
// precision seed takes the lane loop, and its 3D seeds the 3D lane loop in
// both precisions.
func TestFuzzSeedReachesHardwareLanes(t *testing.T) {
	before := fuzzLaneLoop[Hardware]
	if !executeBytes(t, hardwareSeed) || fuzzLaneLoop[Hardware] != before+1 {
		t.Error("the hardware precision seed does not reach the lane loop")
	}
	for _, hw := range []bool{false, true} {
		mode := map[bool]PrecisionMode{false: Exact, true: Hardware}[hw]
		before := fuzzVolume[mode]
		if !executeBytes(t, volumeSeed(hw)) || fuzzVolume[mode] != before+1 {
			t.Errorf("the 3D seed (hardware %v) does not reach the 3D lane loop", hw)
		}
	}
}

var (
	fuzzKinds = []surface.Kind{surface.Kind1D, surface.Kind1DArray, surface.Kind2D, surface.Kind2DArray, surface.Kind3D,
		surface.KindCube, surface.KindCubeArray, surface.Kind2DMS, surface.Kind2DMSArray}
	fuzzFormats = format.All()
	fuzzOps     = Ops()
)

// FuzzExecuteQuads is FuzzExecute with requests of 16 to 64 lanes whose
// coordinates are rows or 2 × 2 quads of a pixel grid (as a rasteriser's
// requests, and texbench's, are) on views up to 72 texels a side: the
// shapes the one-level road's sixteen-lane groups tell apart (footprints
// in one 16 × 3 window, pairs, wraps) and FuzzExecute's eight lanes on
// views of at most 9 texels never reach.
func FuzzExecuteQuads(f *testing.F) {
	for _, fm := range []format.Format{format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat, format.D32Sfloat, format.D32SfloatS8Uint} {
		for _, op := range []Op{OpSampleL, OpGather4, OpSampleLC, OpGather4C, OpFetch} {
			// 32 × 16 by repeat in rows of 16, 37 × 20 by clamp-to-edge in
			// quads (the one-level road's two wraps).
			for _, b6 := range []byte{0, 12 | 128} {
				w, h, wrap := byte(31), byte(15), byte(WrapRepeat)
				if b6 != 0 {
					w, h, wrap = 36, 19, byte(WrapClampToEdge)
				}
				b := []byte{2 + byte(op)&1, byte(indexOf(fuzzFormats, fm)), w, h, 0, 1, b6, 9, 1, 3, wrap, wrap, 0, 2, 0, 0, byte(indexOf(fuzzOps, op))}
				for _, v := range []float32{0.3, 0.55, 1, 1, 0.5, 0.25} {
					b = binary.BigEndian.AppendUint32(b, math.Float32bits(v))
				}
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) { executeBytesForm(t, b, true) })
}

// executeBytes is FuzzExecute's body; it reports whether the request ran.
func executeBytes(t *testing.T, b []byte) bool { return executeBytesForm(t, b, false) }

// executeBytesForm is FuzzExecute's body or, with quads, FuzzExecuteQuads':
// 16 × (1 + b[6]>>2 % 4) lanes, sizes 1 + b[2] % 72 and 1 + b[3] % 72, the
// operand floats used again from the start when they run out, and the
// coordinates s and t made from the first four (a corner and a step in
// texels) as rows of 16 lanes, or (b[6] bit 7) 2 × 2 quads of an 8-pixel
// wide grid.
func executeBytesForm(t *testing.T, b []byte, quads bool) bool {
	kinds, formats, ops := fuzzKinds, fuzzFormats, fuzzOps
	{
		if len(b) < 16 {
			return false
		}
		kind := kinds[int(b[0])%len(kinds)]
		fm := formats[int(b[1])%len(formats)]
		op := ops[int(b[9]>>4)%len(ops)]
		if len(b) > 16 {
			op = ops[int(b[16])%len(ops)]
		}
		// Steer towards combinations the engine accepts, so that most inputs
		// reach the lanes: a depth format for compare operations, a kind
		// each operation is defined on.
		if op.Compare() {
			depth := []format.Format{format.D16Unorm, format.D32Sfloat, format.X8D24UnormPack32, format.D32SfloatS8Uint}
			fm = depth[int(b[1])%len(depth)]
		}
		switch {
		case op == OpFetchMS:
			kind = []surface.Kind{surface.Kind2DMS, surface.Kind2DMSArray}[b[0]&1]
		case op.Kind() == KindGather && kind != surface.Kind2DArray && kind != surface.KindCube && kind != surface.KindCubeArray:
			kind = surface.Kind2D
		case kind.IsMultisample() && op.Kind() != KindQuery:
			kind = surface.Kind2D
		case op == OpFetch && kind.IsCube():
			kind = surface.Kind2DArray
		}
		if op.Compare() && kind == surface.Kind3D {
			kind = surface.Kind2D
		}
		w, h := 1+int(b[2]%9), 1+int(b[3]%9)
		if quads {
			w, h = 1+int(b[2]%72), 1+int(b[3]%72)
		}
		ycc := fm.Info().YCbCr
		if ycc {
			// Multi-planar formats: 2d or 2d_array, even sizes (odd ones
			// for the formats that allow them).
			if kind != surface.Kind2DArray {
				kind = surface.Kind2D
			}
			w, h = w+w%fm.Info().ChromaDivisor[0], h+h%fm.Info().ChromaDivisor[1]
		}
		d := surface.Desc{Kind: kind, Format: fm, Width: w, Height: h, Depth: 1 + int(b[4]%3), Layers: 1 + int(b[5]%3)}
		switch {
		case kind.IsCube():
			d.Height, d.Layers = w, 6*d.Layers
		case kind == surface.Kind1D || kind == surface.Kind1DArray:
			d.Height = 1
		}
		if kind != surface.Kind3D {
			d.Depth = 1
		}
		if !kind.IsArray() && !kind.IsCube() {
			d.Layers = 1
		}
		if kind.IsMultisample() {
			d.Samples = 1 << (b[6] % 3)
		}
		s, err := surface.New(d)
		if err != nil {
			return false // a description the surface package refuses
		}
		s.FillHash(uint32(b[7]), -2, 3)
		if b[8]&64 != 0 && (fm == format.R16G16B16A16Sfloat || fm.Info().Bytes <= 4 && fm.Info().ElementBytes == 1 && fm.Info().Class == format.ClassFloat) {
			// Raw texel bits: NaNs, infinities and denormals of the halves,
			// every byte of the 8-bit formats.
			rng := rand.New(rand.NewPCG(uint64(b[7]), 21))
			for i := range s.Data {
				s.Data[i] = byte(rng.Uint32())
			}
		}
		view := s.View()
		if b[8]%4 == 0 {
			if sw, err := surface.ParseSwizzle([]string{"bgra", "r001", "a1g0"}[b[8]%3]); err == nil {
				view, _ = view.WithSwizzle(sw)
			}
		}
		st := DefaultState()
		st.MagFilter, st.MinFilter = Filter(b[9]&1), Filter(b[9]>>1&1)
		st.MipFilter = MipFilter(b[9] >> 2 % 3)
		for c := range st.Address {
			st.Address[c] = AddressMode(b[10+c] % 5)
		}
		st.Compare = CompareOp(b[13] % 9)
		st.Reduction = Reduction(b[14] % 3)
		st.MaxAnisotropy = float32(1 + b[15]%4*5)
		st.Anisotropy = AnisoMethod(b[15] >> 2 & 3 % 3) // 3 is Vulkan's too
		st.Border = BorderPreset(b[14] >> 2 % 4)
		if b[8]&192 == 128 && !kind.IsCube() && !fm.Info().Depth {
			// Cubic filtering (b[8] bit 7 without bit 6) in place of
			// linear, on the kinds that allow it, with the weights from
			// b[15]'s bits 2–3 and anisotropy off (cubic refuses it,
			// VUID-VkSamplerCreateInfo-magFilter-01081).
			if st.MagFilter == Linear {
				st.MagFilter = Cubic
			}
			if st.MinFilter == Linear {
				st.MinFilter = Cubic
			}
			st.CubicWeights, st.MaxAnisotropy = CubicWeights(b[15]>>2&3), 1
			if st.MagFilter == Cubic && st.MinFilter == Cubic && b[14]&64 != 0 {
				st.Reduction = ReductionRangeClamp // VK_QCOM_filter_cubic_clamp
			}
		}
		if fm.Info().Class != format.ClassFloat || (fm.Info().Stencil && !fm.Info().Depth) {
			// Integer formats: no filtering, no anisotropy, no reduction.
			st.MagFilter, st.MinFilter, st.MaxAnisotropy, st.Reduction = Nearest, Nearest, 1, ReductionWeightedAverage
			if st.MipFilter == MipLinear {
				st.MipFilter = MipNearest
			}
		}
		if op.Compare() && st.Compare == CompareNone {
			st.Compare = CompareLess
		}
		if ycc && b[8]&128 == 0 {
			// A Y′CbCr conversion from b[13] and b[14] (and b[8]'s bit 7
			// clear): the sampler state it allows, unless b[12]'s bit 7
			// asks for whatever the bytes say.
			st.YCbCr = YCbCrConversion{Model: YCbCrModel(1 + b[13]%5), Range: YCbCrRange(b[13] >> 3 & 1),
				XChromaOffset: ChromaLocation(b[13] >> 4 & 1), YChromaOffset: ChromaLocation(b[13] >> 5 & 1),
				ChromaFilter: Filter(b[13] >> 6 & 1), ForceExplicitReconstruction: b[13]&128 != 0}
			if b[14]&128 != 0 {
				st.YCbCr.Components = surface.Swizzle{surface.SwizzleB, surface.SwizzleIdentity, surface.SwizzleR, surface.SwizzleOne}
			}
			if b[12]&128 == 0 {
				st.Address = [3]AddressMode{WrapClampToEdge, WrapClampToEdge, WrapClampToEdge}
				st.Compare, st.Reduction, st.MaxAnisotropy = CompareNone, ReductionWeightedAverage, 1
				view.Swizzle = surface.Swizzle{}
				req0 := op
				if req0.Kind() != KindSample || req0.Compare() {
					op = OpSampleL
				}
			}
		}
		operands := b[16:]
		if quads && len(operands) > 0 {
			operands = operands[1:] // b[16], the operation
		}
		all := operands
		nextF := func() float32 {
			if len(operands) < 4 && quads && len(all) >= 4 {
				operands = all
			}
			if len(operands) < 4 {
				return 0.25
			}
			v := math.Float32frombits(binary.BigEndian.Uint32(operands))
			operands = operands[4:]
			return v
		}
		lanes := 8
		if quads {
			lanes = 16 * (1 + int(b[6]>>2)%4)
		}
		fl := func() []float32 {
			v := make([]float32, lanes)
			for i := range v {
				v[i] = nextF()
			}
			return v
		}
		il := func(lo, hi int32) []int32 {
			v := make([]int32, lanes)
			for i := range v {
				x := nextF()
				if x == x && x > -1e6 && x < 1e6 {
					v[i] = int32(x)
				}
				v[i] = min(max(v[i], lo), hi)
			}
			return v
		}
		req := &Request{Op: op, Lanes: lanes}
		for c := 0; c < 4; c++ {
			req.Coord[c] = fl()
		}
		if quads && len(all) >= 16 {
			// A corner (s0, t0) and a step in texels (ds, dt) from the
			// first four floats: rows of 16 lanes, or 2 × 2 quads.
			f := func(k int) float32 { return math.Float32frombits(binary.BigEndian.Uint32(all[4*k:])) }
			s0, t0, ds, dt := f(0), f(1), f(2)/float32(w), f(3)/float32(h)
			for i := 0; i < lanes; i++ {
				x, y := i%16, i/16
				if b[6]&128 != 0 {
					q := i / 4
					x, y = 2*(q%4)+i&1, 2*(q/4)+i>>1&1
				}
				req.Coord[0][i] = s0 + float32(x)*ds
				req.Coord[1][i] = t0 + float32(y)*dt
			}
		}
		req.Lod, req.Bias, req.Ref = fl(), fl(), fl()
		for c := 0; c < 3; c++ {
			req.DDX[c], req.DDY[c] = fl(), fl()
		}
		for c := 0; c < 4; c++ {
			req.Texel[c] = il(-3, 12)
		}
		req.Level, req.Sample = il(-1, 5), il(-1, 17)
		if b[8]&8 != 0 && !kind.IsCube() {
			for c := 0; c < kind.Dims(); c++ {
				req.Offset[c] = il(-40, 40)
			}
		}
		if b[8]&16 != 0 {
			req.MinLod = fl()
		}
		// Hardware precision for one input in two (b[8]'s bit 5), with
		// widths from b[15]'s and b[7]'s high nibbles.
		var prec Precision
		if b[8]&32 != 0 {
			prec = Precision{Mode: Hardware, SubtexelBits: 1 + int(b[15]>>4), LodBits: 1 + int(b[7]>>4)}
		}
		var fast, ref Result
		errFast := (&Engine{Precision: prec}).Execute(view, &st, req, &fast)
		fastDisabled = true
		errRef := (&Engine{Precision: prec}).Execute(view, &st, req, &ref)
		fastDisabled = false
		if (errFast == nil) != (errRef == nil) {
			t.Fatalf("%s on %s %s: errors differ: %v / %v", op, kind, fm, errFast, errRef)
		}
		if errRef != nil {
			return false
		}
		if op.Kind() == KindSample && st.usesCubic() {
			fuzzCubic[prec.Mode]++
		}
		var x exec
		if x.setup(prec, view, &st, req) == nil && x.fast.lanes != laneNone {
			fuzzLaneLoop[prec.Mode]++
			if x.fast.lanes == laneVolume {
				fuzzVolume[prec.Mode]++
			}
		}
		for i := 0; i < lanes; i++ {
			for c := 0; c < 4; c++ {
				if fast.Bits[c][i] != ref.Bits[c][i] {
					t.Fatalf("%s on %s %s (precision %+v) lane %d channel %d: fast %08x, reference %08x", op, kind, fm, prec, i, c, fast.Bits[c][i], ref.Bits[c][i])
				}
			}
		}
		return true
	}
}

// indexOf returns the index of v in s (0 where it is absent).
func indexOf[T comparable](s []T, v T) int {
	for i, e := range s {
		if e == v {
			return i
		}
	}
	return 0
}

// hardwareSeed is FuzzExecute's seed in hardware precision (b[8] bit 5)
// on the lane loop: r8g8b8a8_unorm 2D, linear filters, sample_l, 4
// subtexel and 8 LOD fraction bits, coordinates on their ties.
var hardwareSeed = []byte{2, byte(formatIndex(format.R8G8B8A8Unorm)), 7, 7, 0, 0, 0, 0x73, 33, 3 | 2<<2, 0, 0, 0, 0, 0, 0x30,
	byte(opIndex(OpSampleL)), 0x3e, 0x90, 0, 0, 0x3f, 0x08, 0, 0, 0xbe, 0x10, 0, 0}

// volumeSeed is FuzzExecute's seed on the 3D lane loop (hw: in hardware
// precision, b[8] bit 5): r8g8b8a8_unorm 3D 5×4×3, linear filters and
// mipmapping, sample_d, 5 subtexel and 8 LOD fraction bits.
func volumeSeed(hw bool) []byte {
	b8 := byte(1)
	if hw {
		b8 = 33
	}
	return []byte{byte(kindIndex(surface.Kind3D)), byte(formatIndex(format.R8G8B8A8Unorm)), 4, 3, 2, 0, 0, 0x72, b8, 3 | 2<<2,
		0, 1, 0, 0, 0, 0x40, byte(opIndex(OpSampleD)), 0x3e, 0x90, 0, 0, 0x3f, 0x08, 0, 0, 0xbe, 0x10, 0, 0, 0x3f, 0x40, 0, 0}
}

// kindIndex is k's index in fuzzKinds, the byte that selects it.
func kindIndex(k surface.Kind) int {
	for i, g := range fuzzKinds {
		if g == k {
			return i
		}
	}
	panic("kind " + k.String() + " not in fuzzKinds")
}

// formatIndex is f's index in fuzzFormats, the byte that selects it.
func formatIndex(f format.Format) int {
	for i, g := range format.All() {
		if g == f {
			return i
		}
	}
	panic("format " + f.String() + " not in format.All")
}

// opIndex is op's index in fuzzOps, the byte that selects it.
func opIndex(op Op) int {
	for i, o := range Ops() {
		if o == op {
			return i
		}
	}
	panic("op not in Ops")
}
