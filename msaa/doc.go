// Package msaa models AMD's multisample load instruction and the resolve it
// exists for, as the patent "Load instruction for multi-sample
// anti-aliasing" (US 2021/0407182 A1, US 12,141,915 B2, JP7793553B2;
// ../shared/spec/amd-msaa-load-patent.txt) describes it, and RDNA's
// image_msaa_load, its shipping form, in LLVM's assembly syntax for gfx10.3
// (gfx1030) and gfx11 (gfx1100).
//
// It owns:
//
//   - Surface: a multisample colour or depth surface in the model's own
//     storage — 1, 2, 4, 8 or 16 samples, array slices, any number of
//     components per sample (1–16), and both storage layouts of the patent
//     (SampleContiguous: the components of a sample together, Figures
//     5A–5C; ComponentContiguous: the same component of the samples of a
//     pixel together, Figure 5D), with optional spacing (padding between
//     samples or components, pixels and rows: the stride then matches the
//     spacing, as the patent says) and optional FMASK compression (4 bits
//     per sample naming the stored fragment, identity 0x76543210, 8 meaning
//     unknown and reading fragment 0), per-pixel residency and the
//     samples-identical query. FromCore copies a core 2d_ms or 2d_ms_array
//     surface into it, so that loads agree with the core's fetch_ms.
//   - The load (Surface.Plan, Surface.Load): the patent's three loading
//     modes (same component of several samples, all components of one
//     sample, depth of several samples), the stride chosen from the
//     sampling rate, the layout and the mode (Stride), a destination
//     register of a configurable number of elements with the fill policies
//     of the description (repeat, zeros, a constant), phases (a phase
//     field, or one instruction writing several registers), the RDNA rule
//     that a sample index loads the group of four at 4·⌊index/4⌋, a wave of
//     16 (the patent's example), 32 or 64 lanes under an exec mask, half-precision results, the
//     residency code, and memory accounting (bytes and 64-byte lines each
//     instruction touches).
//   - Resolve: average (in linear space for sRGB), min, max, sample 0 and a
//     weighted resolve over the standard sample positions
//     (sampler.SamplePosition), built on the load as the patent's
//     "decomposition operation" is; CompareLoads, the cache argument.
//   - The RDNA instruction: Parse, Inst.String, Inst.Encode, Decode and
//     Machine.Execute for image_msaa_load on gfx1030 and gfx1100, held to
//     LLVM 15's llvm-mc (testdata/llvm) as the referee.
//
// Where the patent is silent, this package follows Vulkan (out-of-range
// coordinates, slices and sample indices read zero memory, as the core's
// fetch_ms under robustImageAccess2) and hardware practice; docs/MSAA.md
// lists every such choice and how each figure is reproduced.
package msaa
