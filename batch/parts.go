package batch

import (
	"fmt"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// The functions here expose the protocol's "surface" and "sampler" objects
// on their own, so that other front-ends (instruction runners whose state
// files bind surfaces and samplers) describe them exactly as batch jobs do.

// DecodeSurface decodes one "surface" object (the JSON text of the object
// alone) with the same fields, defaults and checks as a job's surface.
func DecodeSurface(text []byte) (spec *SurfaceSpec, err error) {
	defer func() {
		if p := recover(); p != nil {
			spec, err = nil, panicError(p)
		}
	}()
	v, _, _, err := parseJSON(string(text))
	if err != nil {
		return nil, fmt.Errorf("surface: %w: %w", ErrJSON, err)
	}
	spec = new(SurfaceSpec)
	if err := spec.decode(v); err != nil {
		return nil, err
	}
	return spec, nil
}

// DecodeSampler decodes one "sampler" object (the JSON text of the object
// alone): absent fields keep sampler.DefaultState's values, and the result
// is validated.
func DecodeSampler(text []byte) (st sampler.State, err error) {
	defer func() {
		if p := recover(); p != nil {
			st, err = sampler.State{}, panicError(p)
		}
	}()
	v, _, _, err := parseJSON(string(text))
	if err != nil {
		return sampler.State{}, fmt.Errorf("sampler: %w: %w", ErrJSON, err)
	}
	st = sampler.DefaultState()
	if err := decodeSampler(&st, v); err != nil {
		return sampler.State{}, err
	}
	if err := st.Validate(); err != nil {
		return sampler.State{}, err
	}
	return st, nil
}

// View builds (or takes from the worker's cache) the surface spec describes,
// fills it with its data and returns its view.
func (w *Worker) View(spec *SurfaceSpec) (surface.View, error) {
	return w.view(spec)
}
