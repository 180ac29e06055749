// Package samplerhooks gives this module's front-ends what package
// sampler keeps out of its exported API, because only a caller that keeps
// its own guarantees may use it. Package sampler sets the hooks in its
// init; a package that imports sampler may call them.
package samplerhooks

// ShapedFlag returns a pointer to a sampler.Result's shaped flag. While
// the flag is set, sampler.Engine.Execute with that result takes its
// request for one of the shape of a request the same engine accepted
// (returned no error for) on the same view and sampler state — the same
// operation, lane count, options, and operand slices given and of the
// same lengths; only the slices' contents (and where they are) differ —
// and skips the engine's checks of the operands, which depend on that
// shape alone (where the engine's set-up is still cached; otherwise it
// checks them as always). A request of another shape may then read
// outside its slices: the caller must know the shape, as libtexunit's
// texunit_execute_many does for a request of the shape of the one before
// it (capi/many.go), and clear the flag for any other request.
//
// Its type is func(*sampler.Result) *bool (any here, since this package
// cannot import sampler).
var ShapedFlag any
