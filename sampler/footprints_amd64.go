//go:build amd64 && !purego

package sampler

import (
	"math/bits"

	"github.com/texunit/texunit/sampler/internal/lanes"
)

// The footprint stage's assembly (package lanes' footprints_amd64.s): the
// vector loop of the retired simd/archsimd footprintsVec,
// one AVX2 instruction for each archsimd operation, in the same order (no
// fused multiply-add, the same floor and the same truncating conversion),
// so that the results are the Go stages' bits (TestVectorKernelsAgree,
// TestFetchVecAgrees and the package's other agreement tests). The control
// around them — which chunks and requests they take, and the entries the
// vector test rejects, in order — stays here.

// footprintsAsm is footprintsVec in assembly: it computes the chunk's
// footprints eight entries at a time when every entry is at the same level
// and both address modes are repeat on a power-of-two size or
// clamp-to-edge (a cube's interior footprints: clamp-to-edge), and reports
// false (computing nothing) otherwise. A cube footprint beyond its face
// takes cubeEdge (or the reference) on its own, and an entry with a
// coordinate beyond ±2^30 or NaN footprintRange.
func (x *exec) footprintsAsm(c *laneSet, lvl *[laneChunk]int32, fp *footprints) bool {
	if !lanes.AsmKernels || c.NP&7 != 0 || c.NP > laneChunk {
		return false
	}
	if !lanes.LevelsUniform(lvl, c.NP) {
		return false
	}
	l := lvl[0]
	lv := &x.fast.levels[l]
	am0, am1 := x.st.Address[0], x.st.Address[1]
	if x.cube { // interior footprints only, as footprintRange
		am0, am1 = WrapClampToEdge, WrapClampToEdge
	}
	if !vecWrap(am0, lv.W) || !vecWrap(am1, lv.H) {
		return false
	}
	ls, off := int32(lv.LS), int32(lv.Off)
	p := lanes.FootprintParams{
		Fw: float32(lv.W), Fh: float32(lv.H),
		Wm: lv.W - 1, Hm: lv.H - 1,
		Xs: int32(lv.XS), Ys: int32(lv.YS), Ls: ls, Off: off,
		PlainBase: c.PlainLayer*ls + off,
	}
	if c.Plain {
		p.Flags |= lanes.FpPlain
		if c.PlainLayer >= 0 {
			p.Flags |= lanes.FpOneLayer
		}
	}
	if x.hw {
		p.Flags |= lanes.FpHW
		p.Sub, p.SubInv = x.q.sub, x.q.subInv
	}
	if am0 == WrapRepeat {
		p.Flags |= lanes.FpRepeat0
	}
	if am1 == WrapRepeat {
		p.Flags |= lanes.FpRepeat1
	}
	var ei, ej *[laneChunk]int32 // bit k of edges: entry k is a cube footprint beyond its face, at (ei[k], ej[k])
	if x.cube {
		p.Flags |= lanes.FpCube
		ei, ej = new([laneChunk]int32), new([laneChunk]int32)
	}
	rejected, edges := lanes.Footprints8(c, fp, &p, ei, ej)
	// The entries the test rejected, one by one and in order, so that
	// fp.slow stays sorted: a cube footprint beyond its face takes cubeEdge
	// (footprintRange's cube case, with the fractions stored above), or
	// the reference; a coordinate beyond ±2^30 or NaN footprintRange,
	// which rewrites all of its footprint.
	for ; rejected != 0; rejected &= rejected - 1 {
		e := bits.TrailingZeros64(rejected)
		if edges&(1<<e) == 0 {
			x.footprintRange(c, lvl, fp, e, e+1)
		} else if !cubeEdge(lv, c.Layer[e], c.Face[e], ei[e], ej[e], fp, e) {
			setSlow(fp, e, lv)
		}
	}
	return true
}
