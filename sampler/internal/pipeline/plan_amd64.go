//go:build amd64 && !purego

package pipeline

import (
	"unsafe"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The one-level road in assembly (package lanes' plain_amd64.s, and its
// single call: wide512_amd64.s's PlainLevelV where the CPU has AVX-512,
// level8_amd64.s's PlainLevel8 where it has AVX2 and FMA alone), for every
// amd64 build where lanes.AsmKernels holds. Package sampler decides which set-ups take it
// (its plainLevel: every lane reads level 0, both wraps at level 0 are
// repeat on a power of two or clamp-to-edge, the x stride is a power of
// two, and every footprint at level 0 reads inside the data).

// Setup makes the one-level road's constants for a set-up whose key is
// p.Key and whose level 0 is lv0: level 0's footprint parameters and,
// where the CPU runs a form of the single call (lanes.PlainLevelV,
// AVX-512: lanes.PlainLevel512; lanes.PlainLevel8, AVX2:
// lanes.PlainLevel256) and the request has exact precision, the kernel of
// its single call — r8g8b8a8_unorm gathers (every lane's channel 0: the
// road has no channel operand) and bilinear sampling, r32g32b32a32_sfloat
// bilinear sampling, 32-bit depth gathers with a compare and PCF, in both
// forms — as package sampler's kernel would choose them.
func (p *Plan) Setup(lv0 *Level) {
	k := &p.Key
	k.FootParams(lv0, &p.foot)
	p.level = lanes.LevelKernel{}
	if !(lanes.PlainLevel512 || lanes.PlainLevel256) || k.Hardware {
		return
	}
	// The kernels read a footprint's pair of texels as one load: texels
	// next to each other in memory, 4 bytes each (16 for
	// r32g32b32a32_sfloat). d32_sfloat_s8_uint's depth, 4 bytes of an
	// 8-byte texel, runs the stages, which read each texel by itself.
	op, xs := k.Compare, lv0.XS
	switch {
	case k.Dec == lanes.DecodeBC:
	case k.Loop == LoopGather && k.Compare != lanes.CompareNone && k.Dec == lanes.DecodeR32Float && xs == 4:
		p.level = lanes.LevelKernel{Kind: lanes.LevelGatherDepth, Op: op, T: k.CmpTrue, F: k.CmpFalse}
	case k.Loop == LoopGather && k.Compare == lanes.CompareNone && k.Dec == lanes.DecodeRGBA8Unorm:
		p.level.Kind = lanes.LevelGather8
	case k.Loop == LoopFilter && k.Compare != lanes.CompareNone && k.Dec == lanes.DecodeR32Float && xs == 4:
		p.level = lanes.PCFKernel(op, &k.CmpTrue, &k.CmpFalse)
	case k.Loop == LoopFilter && k.Compare == lanes.CompareNone && k.Dec == lanes.DecodeRGBA8Unorm:
		p.level.Kind = lanes.LevelBilinear32
	case k.Loop == LoopFilter && k.Compare == lanes.CompareNone && k.Dec == lanes.DecodeRGBA32Float:
		p.level.Kind = lanes.LevelBilinear128
	}
}

// Run is the one-level road for a whole request of n lanes (whole groups
// of eight, every lane active, untraced) of a 2D view whose set-up chose a
// kernel for the single call and whose result rows bits have room for
// whole chunks: one call per chunk (lanes.PlainLevelV where
// lanes.PlainLevel512 holds, else lanes.PlainLevel8: a package variable's
// test, the same at every call, so always predicted, and no call of its
// own), with the operands' rows sliced and the
// result's rows found once per request rather than per chunk. The texel
// data start at d; coord are the request's coordinate rows (s and t read),
// ref its compare references, read only with a compare; b the result's
// rows. taken is false where it does not take the request (the caller then
// runs its chunks one by one); ok is false where a chunk declined (a
// coordinate beyond ±2^30 or NaN), having written some of the lanes' rows
// or none. (The rows come as the request's and result's own arrays, by
// pointer, and the data as its first byte, so that the arguments fit
// Go's nine integer argument registers: the data and the three operand
// slices one by one would take thirteen words.)
func (p *Plan) Run(d *byte, coord *[4][]float32, ref []float32, n int, b *[4][]uint32) (ok, taken bool) {
	if p.level.Kind == lanes.LevelNone || p.Key.Array || min(cap(b[0]), cap(b[1]), cap(b[2]), cap(b[3])) < (n+lanes.Chunk-1)/lanes.Chunk*lanes.Chunk {
		return false, false
	}
	if n > 0 && n <= lanes.Chunk {
		// One call (texbench's requests): no loop to carry the rows and
		// operands across calls, which cost a chunk a dozen spills.
		var rp *float32
		if p.Key.Compare != lanes.CompareNone {
			rp = &ref[:n][0]
		}
		rows := lanes.Out{(*[lanes.Chunk]float32)(unsafe.Pointer(unsafe.SliceData(b[0]))), (*[lanes.Chunk]float32)(unsafe.Pointer(unsafe.SliceData(b[1]))),
			(*[lanes.Chunk]float32)(unsafe.Pointer(unsafe.SliceData(b[2]))), (*[lanes.Chunk]float32)(unsafe.Pointer(unsafe.SliceData(b[3])))}
		if lanes.PlainLevel512 {
			return lanes.PlainLevelV(&p.foot, &p.level, d, &coord[0][:n][0], &coord[1][:n][0], rp, nil, n, &rows), true
		}
		return lanes.PlainLevel8(&p.foot, &p.level, d, &coord[0][:n][0], &coord[1][:n][0], rp, nil, n, &rows), true
	}
	s, t := coord[0][:n], coord[1][:n]
	if p.Key.Compare == lanes.CompareNone {
		ref = nil
	} else {
		ref = ref[:n]
	}
	r0, r1, r2, r3 := unsafe.Pointer(unsafe.SliceData(b[0])), unsafe.Pointer(unsafe.SliceData(b[1])), unsafe.Pointer(unsafe.SliceData(b[2])), unsafe.Pointer(unsafe.SliceData(b[3]))
	for i := 0; i < n; i += lanes.Chunk {
		rows := lanes.Out{(*[lanes.Chunk]float32)(unsafe.Add(r0, 4*i)), (*[lanes.Chunk]float32)(unsafe.Add(r1, 4*i)),
			(*[lanes.Chunk]float32)(unsafe.Add(r2, 4*i)), (*[lanes.Chunk]float32)(unsafe.Add(r3, 4*i))}
		var rp *float32
		if ref != nil {
			rp = &ref[i]
		}
		if lanes.PlainLevel512 {
			ok = lanes.PlainLevelV(&p.foot, &p.level, d, &s[i], &t[i], rp, nil, min(lanes.Chunk, n-i), &rows)
		} else {
			ok = lanes.PlainLevel8(&p.foot, &p.level, d, &s[i], &t[i], rp, nil, min(lanes.Chunk, n-i), &rows)
		}
		if !ok {
			return false, true
		}
	}
	return true, true
}

// RunChunk is the one-level road's single call for one chunk of m lanes
// (a multiple of 8, at most lanes.Chunk) of a set-up where Single holds:
// their footprints at level 0 straight from the coordinates s and t (and
// on array views the layer coordinates a, rounded into c's layers), the
// kernel and the stores into rows; ref is the lanes' compare references,
// nil without a compare. It reports false when a coordinate is beyond
// ±2^30 or NaN, having written some of the lanes' rows or none. The form
// is Run's: PlainLevelV where lanes.PlainLevel512 holds, else PlainLevel8.
func (p *Plan) RunChunk(d *byte, s, t, ref, a *float32, m int, c *lanes.Set, rows *lanes.Out) bool {
	var layer *int32
	if p.Key.Array {
		lp := p.Key.LayerParams(1)
		lanes.LayersAsm(&lp, a, nil, m, &c.Layer[0])
		layer = &c.Layer[0]
	}
	if lanes.PlainLevel512 {
		return lanes.PlainLevelV(&p.foot, &p.level, d, s, t, ref, layer, m, rows)
	}
	return lanes.PlainLevel8(&p.foot, &p.level, d, s, t, ref, layer, m, rows)
}

// Footprints is the one-level road's staged form up to its kernel: it
// fills c with the entries of m lanes (a multiple of 8, at most
// lanes.Chunk; Entries) and their footprints at level 0 straight from the
// coordinates s and t (lanes.PlainFootprintsAsm), none slow, or reports
// false when a coordinate is beyond ±2^30 or NaN. The caller runs the
// kernel over c.NP entries (package sampler's kernel, which reads every
// footprint inside the data here).
func (p *Plan) Footprints(s, t, ref, a *float32, m int, c *lanes.Set) bool {
	Entries(&p.Key, a, m, c)
	if !lanes.PlainFootprintsAsm(&p.foot, s, t, ref, m, c) {
		return false
	}
	c.FP.NSlow = 0
	c.N, c.NP, c.Lanes = m, m, m
	return true
}

// Entries writes a plain chunk's entries for m lanes: one a lane, at the
// view's base layer, or on array views at each lane's layer from its
// layer coordinate in a, clamp(RNE(a), 0, layers − 1) + base_layer
// (lanes.LayersAsm).
func Entries(k *Key, a *float32, m int, c *lanes.Set) {
	if !k.Array {
		lanes.PlainEntriesVec(c, k.BaseLayer)
		return
	}
	lanes.PlainEntriesVec(c, -1)
	lp := k.LayerParams(1)
	lanes.LayersAsm(&lp, a, nil, m, &c.Layer[0])
}

// LayerParams returns lanes.LayersAsm's constants for the view, mul layers
// a step of the coordinate.
func (k *Key) LayerParams(mul int32) lanes.LayerParams {
	return lanes.LayerParams{Top: float32(k.Layers - 1), Base: k.BaseLayer, Mul: mul}
}
