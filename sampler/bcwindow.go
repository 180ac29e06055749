package sampler

// Windows of decoded blocks: the lane loop's kernels for the BC formats
// (the windows are the lane pipeline's, pipeline.Plan.Kernel's; the
// request's cache of decoded blocks, for the chunks that make none, is
// this package's).
// A chunk's footprints at one level (the hi or the lo level of its
// entries) read texels of a few neighbouring blocks — a 64-lane request of
// 2×2 quads covers a strip of them. When every footprint of the chunk
// lies at one level and layer and the blocks they touch fit in a rectangle
// of at most lanes.BCWindowSlots blocks (the window), the kernel
//
//  1. maps each footprint texel's virtual offset to the window slot of its
//     block and its index in the block (bcWindowIndex, with the window's
//     bounds),
//  2. decodes each of the window's blocks once into a table of texels,
//     one row per channel (bc1DecodeWindow for BC1: its palette from the
//     exact-fraction tables, lanes' bc1tables.go; the format's block decoder for
//     the others), and
//  3. filters or gathers from the table (bcFilterWindow, bcGatherWindow:
//     the texels by their table indices, the bilinear kernels' arithmetic).
//
// Other chunks (footprints on two levels, a cube footprint across a face
// edge, a wrap from one side of the level to the other that makes the
// rectangle too large) read their texels through the request's bcCache
// (bilinearBCLanesGo, gatherBCLanesGo). The window's kernels (steps 1 to 3
// for BC1–BC3) are package lanes' (lanes.BCWindowIndex,
// BC1Decode.DecodeWindow, lanes.BCFilterWindow, lanes.BCGatherWindow),
// on amd64 with AVX2 in assembly (bcwindow_amd64.s) with Go forms as their
// reference, eight entries or blocks per instruction. The window is the
// working set's (laneSet.BCW) and is rebuilt for every chunk and level:
// nothing decoded outlives the request.

// bcKernel is the lane loop's kernel for the BC formats' chunks whose
// blocks make no window (pipeline.Plan.Kernel declined them): the chunk's
// footprints, filtered or gathered into out through the request's cache
// of decoded blocks.
func (x *exec) bcKernel(c *laneSet, out *chunkOut) {
	fp, n := &c.FP, c.NP
	if x.fast.lanes == laneGather {
		x.gatherBCLanesGo(fp, n, &c.Ch, out)
	} else {
		x.bilinearBCLanesGo(fp, n, out)
	}
}
