//go:build amd64 && !purego

package sampler

import (
	"unsafe"

	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The footprint and fetch stages' assembly (footprints_amd64.s): the
// vector loops of the retired simd/archsimd footprintsVec, fetchVec and fetchAddrs,
// one AVX2 instruction for each archsimd operation, in the same order (no
// fused multiply-add, the same floor and the same truncating conversion),
// so that the results are the Go stages' bits (TestVectorKernelsAgree,
// TestFetchVecAgrees and the package's other agreement tests). The control
// around them — which chunks and requests they take, and the entries the
// vector test rejects, in order — stays here.

// footprintParams are footprints8's per-chunk values: the level's size as
// floats (the coordinates' scale) and less one (the wraps' masks and
// clamps), its strides and first byte, the first byte of a plain chunk's
// layer, and how to wrap.
type footprintParams struct {
	fw, fh     float32
	wm, hm     int32
	xs, ys, ls int32
	off        int32
	plainBase  int32 // plainLayer·ls + off (fpOneLayer)
	flags      uint32
	sub        float32 // 2^SubtexelBits and 2^−SubtexelBits (fpHW)
	subInv     float32
}

// footprintParams.flags.
const (
	fpPlain    = 1 << iota // a plain chunk: no offsets
	fpOneLayer             // and one layer (plainBase)
	fpRepeat0              // s wraps by repeat (a mask), else clamp-to-edge
	fpRepeat1              // t likewise
	fpCube                 // cube footprints: beyond the face is rejected, (i0, j0) kept
	fpHW                   // hardware precision: u and v rounded to SubtexelBits fraction bits (subtexel)
)

// footprints8 computes the footprints of the chunk's entries [0, c.np),
// eight at a time, all at the level p describes (footprintsVec's loop): the
// fractions to fp.FA, fp.FB and the byte offsets to fp.O. It returns the
// entries whose coordinates are not both within ±2^30 (or NaN) or, for a
// cube, whose footprint leaves the face (bit k for entry k), and among
// those the cube footprints with coordinates in range (edges), whose
// (i0, j0) it stores to ei, ej (a cube only; nil otherwise).
//
//go:noescape
func footprints8(c *laneSet, fp *footprints, p *footprintParams, ei, ej *[laneChunk]int32) (rejected, edges uint64)

// levelsUniform reports whether lvl[0, n) (n a multiple of 8) are all
// lvl[0].
//
//go:noescape
func levelsUniform(lvl *[laneChunk]int32, n int) bool

// The assembly takes the rows of [4][laneChunk] arrays to be 256 bytes apart.
var _ [4*laneChunk - 256]struct{}
var _ [256 - 4*laneChunk]struct{}

// The offsets of the kernels' arrays in footprints (lanes.Footprints'),
// for the assembly (go_asm.h's const_footprintsO, …).
const (
	footprintsO  = unsafe.Offsetof(footprints{}.O)
	footprintsFA = unsafe.Offsetof(footprints{}.FA)
	footprintsFB = unsafe.Offsetof(footprints{}.FB)
)

// footprintsAsm is footprintsVec in assembly: it computes the chunk's
// footprints eight entries at a time when every entry is at the same level
// and both address modes are repeat on a power-of-two size or
// clamp-to-edge (a cube's interior footprints: clamp-to-edge), and reports
// false (computing nothing) otherwise. A cube footprint beyond its face
// takes cubeEdge (or the reference) on its own, and an entry with a
// coordinate beyond ±2^30 or NaN footprintRange.
func (x *exec) footprintsAsm(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	if !lanes.AsmKernels || c.np&7 != 0 || c.np > laneChunk {
		return false
	}
	if !levelsUniform(lvl, c.np) {
		return false
	}
	l := lvl[0]
	lv := &x.fast.levels[l]
	am0, am1 := x.st.Address[0], x.st.Address[1]
	if x.cube { // interior footprints only, as footprintRange
		am0, am1 = WrapClampToEdge, WrapClampToEdge
	}
	if !vecWrap(am0, lv.w) || !vecWrap(am1, lv.h) {
		return false
	}
	ls, off := int32(lv.ls), int32(lv.off)
	p := footprintParams{
		fw: float32(lv.w), fh: float32(lv.h),
		wm: lv.w - 1, hm: lv.h - 1,
		xs: int32(lv.xs), ys: int32(lv.ys), ls: ls, off: off,
		plainBase: c.plainLayer*ls + off,
	}
	if c.plain {
		p.flags |= fpPlain
		if c.plainLayer >= 0 {
			p.flags |= fpOneLayer
		}
	}
	if x.hw {
		p.flags |= fpHW
		p.sub, p.subInv = x.q.sub, x.q.subInv
	}
	if am0 == WrapRepeat {
		p.flags |= fpRepeat0
	}
	if am1 == WrapRepeat {
		p.flags |= fpRepeat1
	}
	var ei, ej *[laneChunk]int32 // bit k of edges: entry k is a cube footprint beyond its face, at (ei[k], ej[k])
	if x.cube {
		p.flags |= fpCube
		ei, ej = new([laneChunk]int32), new([laneChunk]int32)
	}
	rejected, edges := footprints8(c, fp, &p, ei, ej)
	// The entries the test rejected, one by one and in order, so that
	// fp.slow stays sorted: a cube footprint beyond its face takes cubeEdge
	// (footprintRange's cube case, with the fractions stored above), or
	// the reference; a coordinate beyond ±2^30 or NaN footprintRange,
	// which rewrites all of its footprint.
	for ; rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		if edges&(1<<e) == 0 {
			x.footprintRange(c, lvl, fp, e, e+1)
		} else if !cubeEdge(lv, c.layer[e], c.face[e], ei[e], ej[e], fp, e) {
			fp.setSlow(e, lv)
		}
	}
	return true
}
