// Package samplerhooks gives this module's front-ends what package
// sampler keeps out of its exported API, because only a caller that keeps
// its own guarantees may use it. Package sampler sets the hooks in its
// init; a package that imports sampler may call them.
package samplerhooks

// ExecuteShaped is sampler.Engine.Execute for a request that has the
// shape of a request the same engine accepted (returned no error for) on
// the same view and sampler state: the same operation, lane count,
// options, and operand slices given and of the same lengths; only the
// slices' contents (and where they are) differ. It skips the engine's
// checks of the operands, which depend on that shape alone (where the
// engine's set-up is still cached; otherwise it checks them as Execute
// does). A request of another shape may read outside its slices: the
// caller must know the shape, as libtexunit's texunit_execute_many does
// for a request of the shape of the one before it (capi/many.go).
//
// Its type is func(*sampler.Engine, surface.View, *sampler.State,
// *sampler.Request, *sampler.Result) error (any here, since this package
// cannot import sampler).
var ExecuteShaped any
