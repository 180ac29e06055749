package sampler

import (
	"github.com/texunit/texunit/internal/samplerhooks"
	"github.com/texunit/texunit/surface"
)

func init() { samplerhooks.ExecuteShaped = executeShaped }

// executeShaped is Execute for a request of the shape of one e accepted on
// view and st (samplerhooks.ExecuteShaped): checkOperands, whose checks
// depend on the shape alone, is skipped where the set-up is cached.
func executeShaped(e *Engine, view surface.View, st *State, req *Request, res *Result) error {
	res.shaped = true
	err := e.Execute(view, st, req, res)
	res.shaped = false
	return err
}
