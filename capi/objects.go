package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
)

// The objects behind the handles, made from the batch protocol's JSON
// objects with the batch's own decoders, so that a surface, a sampler
// state or a precision means here what it means in a job.

// statusOf returns the status code an error is reported with.
func statusOf(err error) int {
	var se *statusError
	var te *texfile.Error
	switch {
	case errors.As(err, &se):
		return se.status
	case errors.Is(err, batch.ErrPanic):
		return statusInternal
	case errors.Is(err, budget.ErrExceeded):
		return statusMemory
	case errors.As(err, &te), errors.Is(err, batch.ErrOutside), errors.Is(err, os.ErrNotExist),
		errors.Is(err, os.ErrPermission):
		return statusFile
	case strings.HasPrefix(err.Error(), "surface.size: ") && strings.Contains(err.Error(), "exceeds the limit"):
		return statusMemory // the batch's limit on one surface's bytes
	}
	return statusInvalid
}

// newSurface makes a surface from a "surface" object; its file and image
// data are read under the current directory, as the batch reads them.
func newSurface(text string) (*surfaceObject, error) {
	spec, err := batch.DecodeSurface([]byte(text))
	if err != nil {
		return nil, err
	}
	w := &batch.Worker{CacheBytes: -1}
	if spec.Data.Source == batch.DataFile || spec.Data.Source == batch.DataImage {
		files, err := batch.OpenFiles(".")
		if err != nil {
			return nil, &statusError{statusFile, fmt.Errorf("the current directory: %w", err)}
		}
		defer files.Close()
		w.Files = files
	}
	return viewOf(w, spec)
}

func viewOf(w *batch.Worker, spec *batch.SurfaceSpec) (*surfaceObject, error) {
	v, err := w.View(spec)
	if err != nil {
		return nil, err
	}
	return &surfaceObject{view: v}, nil
}

// withData decodes a surface object that must not have "data" (the
// caller gives the data another way: how names it), with data, a "data"
// object as JSON text, put in its place (so that the fields the data
// makes optional, such as an image's format and size, may be left out).
func withData(text, data, how string) (*batch.SurfaceSpec, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil || m == nil {
		if err == nil {
			err = errors.New("want a JSON object")
		}
		return nil, invalid("surface: %w: %v", batch.ErrJSON, err)
	}
	if d, ok := m["data"]; ok && string(d) != "null" {
		return nil, invalid("surface.data: not allowed here: %s gives the data", how)
	}
	// text is one JSON object: put the data first within its braces.
	rest := strings.TrimSpace(strings.TrimSpace(text)[1:])
	if rest != "}" {
		rest = "," + rest
	}
	return batch.DecodeSurface([]byte(`{"data":` + data + rest))
}

// surfaceFromFile makes a surface from a texture file at path (any path:
// the caller names it). With a surface object, the file is read as a
// batch job's {"image": path} data with that object around it.
func surfaceFromFile(path string, text *string) (*surfaceObject, error) {
	if path == "" {
		return nil, invalid("path: empty")
	}
	if text == nil {
		f, err := texfile.ReadFile(path, nil)
		if err != nil {
			return nil, err
		}
		v, err := surface.NewView(f.Surface, 0, 0, 0, 0)
		if err != nil {
			return nil, err
		}
		return &surfaceObject{view: v}, nil
	}
	name, _ := json.Marshal(path)
	spec, err := withData(*text, `{"image":`+string(name)+`}`, "texunit_surface_from_file")
	if err != nil {
		return nil, err
	}
	// The file is read through a files directory of its own (regular files
	// only, opened without blocking, its size checked before it is read),
	// where it really lies.
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, &statusError{statusFile, fmt.Errorf("surface.data.image: %w", err)}
	}
	files, err := batch.OpenFiles(filepath.Dir(real))
	if err != nil {
		return nil, &statusError{statusFile, fmt.Errorf("surface.data.image: %w", err)}
	}
	defer files.Close()
	base := filepath.Base(real)
	w := &batch.Worker{CacheBytes: -1, Files: batch.NoFiles()}
	w.ReadFile = func(string) ([]byte, error) { return files.ReadFile(base, nil) }
	return viewOf(w, spec)
}

// memoryName stands for the caller's bytes in the batch's messages about
// {"file": ...} data.
const memoryName = "\x00memory"

// surfaceFromMemory makes a surface whose texels are data, in the
// surface's stream order.
func surfaceFromMemory(text string, data []byte) (*surfaceObject, error) {
	name, _ := json.Marshal(memoryName)
	spec, err := withData(text, `{"file":`+string(name)+`}`, "texunit_surface_from_memory")
	if err != nil {
		return nil, err
	}
	w := &batch.Worker{CacheBytes: -1, Files: batch.NoFiles()}
	w.ReadFile = func(string) ([]byte, error) { return data, nil }
	s, err := viewOf(w, spec)
	if err != nil {
		// The batch names the file; here the bytes are the caller's.
		msg := strings.ReplaceAll(err.Error(), fmt.Sprintf("surface.data.file: %q holds", memoryName), "data: the caller's")
		return nil, &statusError{statusOf(err), errors.New(msg)}
	}
	return s, nil
}

// newSampler decodes a "sampler" object (empty: the default state).
func newSampler(text string) (*sampler.State, error) {
	if strings.TrimSpace(text) == "" {
		st := sampler.DefaultState()
		return &st, nil
	}
	st, err := batch.DecodeSampler([]byte(text))
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// newEngine makes an engine with a "precision" object (empty: exact).
// The batch decodes the object as a job's: a job around it, on a
// one-texel surface, with no lanes.
func newEngine(text string) (*sampler.Engine, error) {
	if strings.TrimSpace(text) == "" {
		return &sampler.Engine{}, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil || m == nil {
		if err == nil {
			err = errors.New("want a JSON object")
		}
		return nil, invalid("precision: %v", err)
	}
	line := `{"surface":{"type":"1d","format":"r8_unorm","width":1},"op":"resinfo","lanes":[],"precision":` + text + `}`
	job, err := batch.Decode([]byte(line))
	if err != nil {
		var je *batch.JobError
		if errors.As(err, &je) {
			err = je.Err
		}
		return nil, err
	}
	return &sampler.Engine{Precision: job.Precision}, nil
}

// info describes a surface handle's view (texunit_surface_info).
type info struct {
	kind, format                      string
	width, height, depth              int
	layers, levels, samples           int
	baseLevel, levelCount, baseLayer  int
	layerCount, coordCount, gradCount int
	bytes                             int
}

func infoOf(s *surfaceObject) info {
	v := s.view
	d := v.Surface.Desc
	nCoord, nGrad := counts(d.Kind)
	return info{
		kind: d.Kind.String(), format: d.Format.String(),
		width: d.Width, height: d.Height, depth: d.Depth,
		layers: d.Layers, levels: d.Levels, samples: d.Samples,
		baseLevel: v.BaseLevel, levelCount: v.Levels, baseLayer: v.BaseLayer, layerCount: v.Layers,
		coordCount: nCoord, gradCount: nGrad, bytes: len(v.Surface.Data),
	}
}
