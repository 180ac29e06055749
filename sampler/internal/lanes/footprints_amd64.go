//go:build amd64 && !purego

package lanes

// The footprint stage in assembly (footprints_amd64.s): a chunk's
// bilinear footprints at one level, eight entries at a time. Package
// sampler's footprints_amd64.go decides which chunks it takes and keeps
// the entries it rejects.

// FootprintParams are Footprints8's per-chunk values: the level's size as
// floats (the coordinates' scale) and less one (the wraps' masks and
// clamps), its strides and first byte, the first byte of a plain chunk's
// layer, and how to wrap.
type FootprintParams struct {
	Fw, Fh     float32
	Wm, Hm     int32
	Xs, Ys, Ls int32
	Off        int32
	PlainBase  int32 // plainLayer·ls + off (FpOneLayer)
	Flags      uint32
	Sub        float32 // 2^SubtexelBits and 2^−SubtexelBits (FpHW)
	SubInv     float32
}

// FootprintParams.flags.
const (
	FpPlain    = 1 << iota // a plain chunk: no offsets
	FpOneLayer             // and one layer (plainBase)
	FpRepeat0              // s wraps by repeat (a mask), else clamp-to-edge
	FpRepeat1              // t likewise
	FpCube                 // cube footprints: beyond the face is rejected, (i0, j0) kept
	FpHW                   // hardware precision: u and v rounded to SubtexelBits fraction bits (subtexel)
)

// Footprints8 computes the footprints of the chunk's entries [0, c.np),
// eight at a time, all at the level p describes (footprintsVec's loop): the
// fractions to fp.FA, fp.FB and the byte offsets to fp.O. It returns the
// entries whose coordinates are not both within ±2^30 (or NaN) or, for a
// cube, whose footprint leaves the face (bit k for entry k), and among
// those the cube footprints with coordinates in range (edges), whose
// (i0, j0) it stores to ei, ej (a cube only; nil otherwise).
//
//go:noescape
func Footprints8(c *Set, fp *Footprints, p *FootprintParams, ei, ej *[Chunk]int32) (rejected, edges uint64)

// Footprints16 is Footprints8 in AVX-512 (footprints512_amd64.s), sixteen
// entries an instruction (a last group of eight under a mask), for CPUs
// where Wide512 holds: the same operations in the same order, so the same
// fractions, offsets, ei, ej and bit sets (TestFootprintsForms), and
// nothing written past c.NP.
//
//go:noescape
func Footprints16(c *Set, fp *Footprints, p *FootprintParams, ei, ej *[Chunk]int32) (rejected, edges uint64)

// LevelsUniform reports whether lvl[0, n) (n a multiple of 8) are all
// lvl[0].
//
//go:noescape
func LevelsUniform(lvl *[Chunk]int32, n int) bool
