package lanes

// Set is the lane loop's working set (a chunk): up to Chunk entries, each a
// footprint to filter — a lane's point, or one of its anisotropic probes —
// and the lanes they belong to.
type Set struct {
	N      int          // entries
	NP     int          // entries with the padding: n rounded up to a multiple of 8
	Lanes  int          // lanes
	Lane   [Chunk]int32 // the request lane of each lane
	First  [Chunk]int32 // its first entry
	Count  [Chunk]int32 // its entries (the probe count N)
	S, T   [Chunk]float32
	Layer  [Chunk]int32 // absolute layer
	Face   [Chunk]int32 // cube face, or −1
	OffU   [Chunk]int32 // texel offsets (zero without offsets)
	OffV   [Chunk]int32
	Ref    [Chunk]float32 // depth reference (compare)
	Ch     [Chunk]uint8   // gathered channel
	Hi, Lo [Chunk]int32   // selected levels (gather: hi)
	Delta  [Chunk]float32
	FP     Footprints
	// gatherLanes' lanes with derivatives: log2's argument, the shader
	// bias and the lower LOD clamp.
	Arg, Bias, MinLod [Chunk]float32
	Acc               [4][Chunk]float32 // the level hi's result, then the blend
	Lower             [4][Chunk]float32 // the level lo's result
	// plain reports that every entry's offU, offV, ch and face hold a
	// plain chunk's values (0, 0, 0, −1) and its layer plainLayer:
	// pipeline.Entries writes them once, and GatherPlain, GatherAniso
	// and runPlainLevel then only the entries' own operands, until another
	// gatherer writes them. A plainLayer of −1 (an array view's chunks)
	// says that the layers are the entries' own, which their gatherer
	// writes. (first and count are read only for chunks with
	// more entries than lanes, whose gatherer writes them.)
	Plain      bool
	PlainLayer int32
	// bcw is the BC kernels' window of decoded blocks (bcwindow.go),
	// made at the first BC chunk.
	BCW *BCWindow
	// vol is the 3D lane loop's own part (lanes3d.go), made by the first
	// 3D request.
	Vol *VolSet
	// Levels is the storage of the multi-level footprint stage's level
	// table (FootprintsLevels8), which a request fills at its first chunk
	// at several levels: here rather than in the request's own state, which
	// Go would clear on every request.
	Levels LevelTable
	// EdgeI and EdgeJ are the one-level footprint stage's (i0, j0) of a
	// cube chunk's entries (Footprints8's and Footprints16's ei and ej),
	// which pipeline.Plan.FootprintsAsm reads back for the footprints
	// beyond their faces: here rather than on its stack, where Go would
	// clear them on every cube chunk.
	EdgeI, EdgeJ [Chunk]int32
}

// VolSet is the 3D lane loop's part of the working set (Set.Vol): each
// entry's third coordinate and offset, and the footprints at one level.
type VolSet struct {
	R          [Chunk]float32
	OffW       [Chunk]int32
	O          [8][Chunk]int32 // texel (i0 + i, j0 + j, k0 + k) at o[i + 2j + 4k]
	FA, FB, FC [Chunk]float32
	NSlow      int
	Slow       [Chunk]int32 // the entries filterLevel takes
}
