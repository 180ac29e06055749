package sampler

import "github.com/texunit/texunit/internal/samplerhooks"

func init() { samplerhooks.ShapedFlag = shapedFlag }

// shapedFlag returns res's shaped flag (samplerhooks.ShapedFlag): while it
// is set, Execute with res takes the request for one of the shape of a
// request it accepted on the same view and state, and skips
// checkOperands, whose checks depend on the shape alone, where the set-up
// is cached.
func shapedFlag(res *Result) *bool { return &res.shaped }
