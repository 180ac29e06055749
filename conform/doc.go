// Package conform checks texunit against a reference implementation: the
// lavapipe oracle (texoracle, in the project's shared oracle directory),
// which runs sampling queries on Mesa's CPU Vulkan driver.
//
// It generates seeded random cases, runs each on texunit (package sampler)
// and on the oracle, and compares them per category with stated
// tolerances. docs/CONFORMANCE.md gives the categories, the tolerances and
// their justification, the oracle's deviations from the Vulkan
// specification's "Image Operations" chapter and how each is modelled, and
// the latest results.
//
// # Pieces
//
//   - Generate / GenerateGroup: the case generator. A Group is one oracle
//     run: a texture (type, format, size, levels, layers, samples, view,
//     data), a sampler, and 16–48 queries; every query is a case, named
//     "group.query". Group g of seed s depends only on (s, g), so any case
//     replays on its own.
//   - RequestText / ParseRequest: the oracle's request format (floats as raw
//     "@XXXXXXXX" bits, so both sides see identical inputs) and back.
//   - Oracle: runs the binary and parses its output (ParseOutput).
//   - Stream: the texel data in the oracle's stream order, which is also
//     surface.Surface's memory layout: the oracle's documented generators
//     (hash, coords) through surface.FillHash/FillCoords, and the
//     hex-uploaded ones.
//   - MeasureDecode: lavapipe's decode of every unorm8, snorm8, sRGB and
//     unorm16 code, measured once per run.
//   - the comparer: for each case, what lavapipe should return under the
//     deviation models, computed with texunit's own engine (on a "decode
//     twin" of the texture holding lavapipe's decoded texels, at the LOD
//     lavapipe computes, with lavapipe's level selection), compared with the
//     oracle; and texunit's own LOD checked against the exact float64 LOD.
//   - Report: per category, cases, passes, exclusions, the largest error and
//     the command that replays the worst case.
//
// Run it with "texunit conform" (cmd/texunit/conform.go). The tests that
// need the oracle run when TEXUNIT_ORACLE names the binary.
package conform
