// Package pipeline is the control of the sampler's lane pipeline: which
// requests and chunks its roads take and which of package lanes' stages
// and kernels they run, on a compiled key rather than on the sampler's
// state.
//
// Package sampler compiles a Key from a set-up its lane loop accepts (the
// lane loop — filtering, gathers or 3D —, the format's decoder kind, the
// wraps, the compare and its two results, the precision's quantization
// steps, the view's layers) and the level stage's constants (LevelStage),
// hands them with the level table (Level) to a Plan once per set-up
// (Plan.Setup; the set-up cache keeps the plan), and
// per request hands Plan.Run the plain slices of the request's operands
// and of the result's rows. Run takes the request whole or declines it,
// and reports a chunk it could not finish, so that the engine runs the
// request through its other road, which writes every lane with the same
// bits: the roads here perform the reference pipeline's binary32
// operations (Vulkan's "Image Operations" chapter: "Texel Coordinate
// Systems", "Texel Filtering", "Texel Gathering") in its order, through
// package lanes' kernels, and package sampler's agreement tests and
// fuzzer hold them to its reference pipeline.
//
// The package knows nothing of requests, sampler state or surfaces (it
// cannot import sampler, which imports it), and calls back into nothing:
// where a lane or footprint needs the reference pipeline, the stages
// report it (lanes.Footprints.Slow, Run's and RunChunk's ok) and sampler
// runs it. Package lanes keeps the data-parallel half — the working set,
// every kernel, all of the assembly and its CPU dispatch.
//
// What it holds today: the one-level road (a plain 2D request whose every
// lane reads level 0): lanes.PlainLevelV's single call per chunk, or
// lanes.PlainLevel8's where the CPU has AVX2 alone (Plan.Run,
// Plan.RunChunk) and the staged form's entries and footprints
// (Plan.Footprints, Entries); of the 2D lane loop, the vector gatherers on
// the request's operand rows (Operands: Plan.GatherPlain, GatherCube,
// GatherAniso), a chunk's stages (Plan.RunChunk2D: the footprint stage,
// Plan.ChunkFootprints with FootprintsAsm, FootprintsLevels,
// FootprintsOneLevel, FootprintRange and CubeEdge; the kernel,
// Plan.Kernel, for the BC formats through a window of decoded blocks,
// bcwindow.go; the blend; the stores, StoreChunk); the 3D loop's stages
// (vol.go: Plan.RunVolChunk, VolFootprints, VolKernel); and the fetches'
// kernel (FetchPlan). RunChunk2D and RunVolChunk hand back, a level at a
// time, the entries the reference must fill (ChunkRun), and for a traced
// chunk each level's footprints, and resume when called again. The
// per-lane gatherers, the chunk drivers that choose between them and the
// plan's, the fills, the BC chunks that make no window (the request's
// cache of decoded blocks) and the trace stage are package sampler's (ARCHITECTURE.md, "Where the lane pipeline's package
// boundary lies").
package pipeline
