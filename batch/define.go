package batch

import (
	"fmt"
	"sync"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/surface"
)

// Defined surfaces (protocol version 2). A line {"define": NAME, "surface":
// {...}} builds a surface once; a later job's "surface": NAME samples it.
// The definitions of a batch are shared, read-only, by all its workers, and
// their surfaces stay, reserved once in the batch's budget, until the batch
// ends. A name is defined once.

// definitions is a table of defined surfaces. Names are only ever added:
// Run's reader adds them in input order, before it hands any later line to
// a worker, so a worker that looks a name up sees every definition on the
// lines before its job (and perhaps some after it, which the line numbers
// tell apart).
type definitions struct {
	mu     sync.Mutex
	byName map[string]*definition
	// mem holds the defined surfaces' memory for the batch's lifetime (a
	// child of the batch's total); nil outside Run.
	mem *budget.Budget
}

// definition is one defined surface.
type definition struct {
	name string
	line int // the define line (0 outside Run)
	spec SurfaceSpec
	// ready is closed once surf or err is set; neither changes afterwards.
	ready chan struct{}
	surf  *surface.Surface
	size  int64 // what mem holds for surf
	err   error

	// redefined is the first later line that defined the name again (0:
	// none); guarded by definitions.mu.
	redefined int
}

// add registers the definition of name on line, or, when the name is
// already defined, records the redefinition on the first definition and
// returns the error for the line.
func (ds *definitions) add(name string, line int, spec *SurfaceSpec) (*definition, error) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d := ds.byName[name]; d != nil {
		if d.redefined == 0 {
			d.redefined = line
		}
		return nil, fmt.Errorf("already defined%s (a name is defined once; the jobs after this line that name it get an error)", onLine(d.line))
	}
	if ds.byName == nil {
		ds.byName = map[string]*definition{}
	}
	d := &definition{name: name, line: line, spec: *spec, ready: make(chan struct{})}
	ds.byName[name] = d
	return d, nil
}

// failed registers name as defined on line with an error (a definition
// whose surface object is invalid): the name is taken, and the jobs that
// name it get the error.
func (ds *definitions) failed(name string, line int, err error) {
	d, aerr := ds.add(name, line, &SurfaceSpec{})
	if aerr == nil {
		d.finish(nil, 0, err)
	}
}

// lookup returns the definition a job on line (0: outside Run) names, or
// the job's error: an unknown name, a name defined only after the job, or
// a name defined again before it.
func (ds *definitions) lookup(name string, line int) (*definition, error) {
	var d *definition
	redefined := 0
	if ds != nil {
		ds.mu.Lock()
		d = ds.byName[name]
		if d != nil {
			redefined = d.redefined
		}
		ds.mu.Unlock()
	}
	switch {
	case d == nil || line > 0 && d.line >= line:
		// The same message for a definition after the job, which the
		// reader may or may not have read yet.
		return nil, fmt.Errorf(`surface: %q is not defined (a job names a surface defined on an earlier line: {"define": %q, "surface": {...}})`, name, name)
	case redefined > 0 && (line == 0 || redefined < line):
		return nil, fmt.Errorf("surface: %q was defined again%s (first%s); a name is defined once", name, onLine(redefined), onLine(d.line))
	}
	<-d.ready
	if d.err != nil {
		return nil, fmt.Errorf("surface: %q: its definition%s failed: %w", name, onLine(d.line), d.err)
	}
	return d, nil
}

// finish sets the definition's outcome.
func (d *definition) finish(surf *surface.Surface, size int64, err error) {
	d.surf, d.size, d.err = surf, size, err
	close(d.ready)
}

// onLine returns " on line N", or "" for line 0 (outside Run).
func onLine(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(" on line %d", line)
}

// build builds the definition's surface with w, within w.Budget, and moves
// its reservation to mem (when both are set). It returns the surface, the
// bytes it holds in mem and the error.
func (w *Worker) buildDefinition(spec *SurfaceSpec, mem *budget.Budget) (*surface.Surface, int64, error) {
	surf, err := w.build(spec)
	if err != nil {
		return nil, 0, err
	}
	// The view must be valid for the jobs that name the definition.
	if _, err := w.viewOf(surf, spec); err != nil {
		w.Budget.Release(int64(len(surf.Data)))
		return nil, 0, err
	}
	size := int64(len(surf.Data))
	if mem != nil && w.Budget != nil {
		if err := w.Budget.MoveTo(mem, "defined surface", size); err != nil {
			w.Budget.Release(size)
			return nil, 0, err
		}
		return surf, size, nil
	}
	return surf, 0, nil
}
