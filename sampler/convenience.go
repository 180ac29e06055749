package sampler

import (
	"fmt"
	"sync"

	"github.com/texunit/texunit/surface"
)

// The convenience calls below build the Request themselves. They draw their
// one-request scratch (the Request's operand arrays and the Result) from a
// pool, so that a caller who calls them again and again allocates nothing
// once the pool holds a scratch per goroutine.

// scratch is one convenience call's request, result and operands.
type scratch struct {
	req   Request
	res   Result
	coord [4][laneChunk]float32
	val   [2][laneChunk]float32 // LOD or bias; the compare reference
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// SampleAt returns the result of op at one point: coord holds the
// coordinates the view's kind takes (as Request.Coord: u, v, then w or
// the array layer; a direction for cubes), lod the explicit LOD of the _l
// forms, the bias of the _b forms and the compare reference of the
// compare forms that take no LOD (it is ignored by the others). The
// implicit-LOD operations (sample, sample_c, gather4_i, ...) need a 2×2
// quad, so they are refused here: use SampleGrid. Per-lane errors are
// returned as the error.
//
//	v, err := eng.SampleAt(s.View(), &st, sampler.OpSampleL, [4]float32{0.25, 0.75}, 1.5)
func (e *Engine) SampleAt(view surface.View, st *State, op Op, coord [4]float32, lod float32) ([4]float32, error) {
	if op.Implicit() {
		return [4]float32{}, fmt.Errorf("%w: op: %v takes its LOD from a 2×2 quad; use SampleGrid", ErrRequest, op)
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	sc.req = Request{Op: op, Lanes: 1}
	for c := range 4 {
		sc.coord[c][0] = coord[c]
		sc.req.Coord[c] = sc.coord[c][:1]
	}
	sc.val[0][0], sc.val[1][0] = lod, lod
	e.operands(&sc.req, sc, 1)
	if err := e.Execute(view, st, &sc.req, &sc.res); err != nil {
		return [4]float32{}, err
	}
	if len(sc.res.LaneErr) > 0 && sc.res.LaneErr[0] != nil {
		return [4]float32{}, sc.res.LaneErr[0]
	}
	return sc.res.Vec(0), nil
}

// operands points the request's LOD, bias or reference at the scratch's
// values, as op takes them.
func (e *Engine) operands(req *Request, sc *scratch, n int) {
	switch req.Op.LodSource() {
	case LodExplicit:
		req.Lod = sc.val[0][:n]
	case LodBias:
		req.Bias = sc.val[0][:n]
	}
	if req.Op.Compare() {
		req.Ref = sc.val[1][:n]
	}
}

// SampleGrid samples op at the centres of a w×h grid of points over the
// view's [0, 1]² (point (x, y) at ((x + ½)/w, (y + ½)/h)), as a full-screen
// pass of 2×2 quads would, and writes point (x, y)'s four values to
// dst[y·w + x]; dst needs w·h elements. value is the explicit LOD of the
// _l forms, the bias of the _b forms and the compare reference of the
// compare forms, for every point. Implicit-LOD operations take their LOD
// from the quads' differences, so w and h must be even for them; 2D views
// only (coordinates u, v; an array view samples layer 0). The first
// per-lane error is returned, after every point was sampled.
func (e *Engine) SampleGrid(view surface.View, st *State, op Op, w, h int, value float32, dst [][4]float32) error {
	if w < 1 || h < 1 || len(dst) < w*h {
		return fmt.Errorf("%w: grid %dx%d needs %d results, dst has %d", ErrRequest, w, h, max(w*h, 0), len(dst))
	}
	if op.Implicit() && (w%2 != 0 || h%2 != 0) {
		return fmt.Errorf("%w: grid %dx%d: %v takes its LOD from 2×2 quads, so the size must be even", ErrRequest, w, h, op)
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	for k := range laneChunk {
		sc.val[0][k], sc.val[1][k] = value, value
	}
	var first error
	// Lanes in quads: lane 4q+j is pixel j ((0,0), (1,0), (0,1), (1,1)) of
	// quad q, quads along rows of 2×2 blocks; a grid of odd size (not
	// implicit) pads its last quads with lanes that are not kept.
	var xs, ys [laneChunk]int
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		sc.req = Request{Op: op, Lanes: n}
		sc.req.Coord[0], sc.req.Coord[1] = sc.coord[0][:n], sc.coord[1][:n]
		if view.Surface != nil && view.Surface.Kind.IsArray() {
			clear(sc.coord[2][:n])
			sc.req.Coord[2] = sc.coord[2][:n]
		}
		e.operands(&sc.req, sc, n)
		if err := e.Execute(view, st, &sc.req, &sc.res); err != nil {
			return err
		}
		for k := 0; k < n; k++ {
			if xs[k] < 0 {
				continue
			}
			if first == nil && len(sc.res.LaneErr) > 0 && sc.res.LaneErr[k] != nil {
				first = sc.res.LaneErr[k]
			}
			dst[ys[k]*w+xs[k]] = sc.res.Vec(k)
		}
		n = 0
		return nil
	}
	for by := 0; by < h; by += 2 {
		for bx := 0; bx < w; bx += 2 {
			for j := range 4 {
				x, y := bx+j&1, by+j>>1
				keep := x < w && y < h
				cx, cy := min(x, w-1), min(y, h-1)
				sc.coord[0][n] = (float32(cx) + 0.5) / float32(w)
				sc.coord[1][n] = (float32(cy) + 0.5) / float32(h)
				xs[n], ys[n] = x, y
				if !keep {
					xs[n] = -1
				}
				n++
			}
			if n == laneChunk {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	return first
}
