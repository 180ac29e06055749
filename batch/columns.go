package batch

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Columnar lanes (protocol version 2): "lanes" is an object whose members
// are the lane fields, each an array with one entry per lane, and, for the
// fields with components (coord, ddx, ddy, offset, texel), an array of
// component arrays: component-major, as the engine holds them
// ({"coord": [[u…], [v…]]}).

// componentRange returns how many component arrays a columnar field takes.
func componentRange(key string, sh *laneShape) (lo, hi int, ok bool) {
	switch key {
	case "coord", "texel":
		return sh.nCoord, sh.nCoord, true
	case "ddx", "ddy":
		return sh.nGrad, sh.nGrad, true
	case "offset":
		return 1, 3, true
	}
	return 0, 0, false
}

// usesField reports whether an operation with operands use takes the lane
// field key.
func usesField(use *operands, key string) bool {
	switch key {
	case "coord":
		return use.coord
	case "lod":
		return use.lod
	case "bias":
		return use.bias
	case "ref":
		return use.ref
	case "ddx", "ddy":
		return use.grad
	case "offset":
		return use.offset
	case "channel":
		return use.channel
	case "texel":
		return use.texel
	case "level":
		return use.level
	case "sample":
		return use.sample
	case "min_lod":
		return use.minLod
	}
	return true // active
}

// decodeColumns fills the lane operands of req from a columnar "lanes"
// object. Every array has one entry per lane (the lane count is their
// common length: an object without arrays has no lanes); every entry must
// be a value (null is not an absent operand here: an inactive lane still
// takes a placeholder such as 0). Errors name the member, the component and
// the lane: lanes.coord[1][5].
func decodeColumns(req *sampler.Request, k surface.Kind, v value, mem *budget.Budget, nums []float32) (err error) {
	m, err := object("lanes", v, laneFields)
	if err != nil {
		return err
	}
	op := req.Op
	sh := shapeOf(op, k, req.Projective)
	use := &sh.use

	// First the shapes and the lane count, so that the operands are
	// reserved and allocated once at their size.
	n := -1
	firstKey, firstComp := "", -1 // the array that set n
	path := func(key string, c int) string {
		if c < 0 {
			return "lanes." + key
		}
		return fmt.Sprintf("lanes.%s[%d]", key, c)
	}
	lanes := func(key string, c int, l list) error {
		switch {
		case n < 0:
			n, firstKey, firstComp = l.len(), key, c
		case l.len() != n:
			return fmt.Errorf("%s: %d values, but %s has %d (columnar lanes: one value per lane in every array)", path(key, c), l.len(), path(firstKey, firstComp), n)
		}
		return nil
	}
	for _, mb := range m {
		key, v := mb.key, mb.val
		if v.kind == kindNull {
			continue // absent
		}
		if !usesField(use, key) {
			return fmt.Errorf("lanes.%s: %s does not use %s", key, op, key)
		}
		if lo, hi, ok := componentRange(key, &sh); ok {
			comps, err := components(key, v, lo, hi, k)
			if err != nil {
				return err
			}
			for c, e := range comps.all() {
				if err := lanes(key, c, listOf(e)); err != nil {
					return err
				}
			}
			continue
		}
		if !isArray(v) {
			return fmt.Errorf("lanes.%s: want an array with a value per lane, got %s", key, describe(v))
		}
		if err := lanes(key, -1, listOf(v)); err != nil {
			return err
		}
	}
	n = max(n, 0)
	need, err := sh.allocate(req, n, mem)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			mem.Release(need) // the operands are dropped with the job
		}
	}()

	// Then the values.
	have := 0
	for _, mb := range m {
		key, v := mb.key, mb.val
		if v.kind == kindNull {
			continue
		}
		switch key {
		case "coord", "ddx", "ddy":
			dst, bit := req.Coord[:], hasCoord
			switch key {
			case "ddx":
				dst, bit = req.DDX[:], hasDDX
			case "ddy":
				dst, bit = req.DDY[:], hasDDY
			}
			have |= bit
			for c, e := range listOf(v).all() {
				if err := columnFloats(key, c, e, dst[c], nums); err != nil {
					return err
				}
			}
		case "lod":
			have |= hasLod
			err = columnFloats(key, -1, v, req.Lod, nums)
		case "bias":
			have |= hasBias
			err = columnFloats(key, -1, v, req.Bias, nums)
		case "ref":
			have |= hasRef
			err = columnFloats(key, -1, v, req.Ref, nums)
		case "min_lod":
			req.MinLod = make([]float32, n)
			err = columnFloats(key, -1, v, req.MinLod, nums)
		case "offset":
			for c := range req.Offset {
				req.Offset[c] = make([]int32, n)
			}
			for c, e := range listOf(v).all() {
				if err := columnInts(path(key, c), e, req.Offset[c]); err != nil {
					return err
				}
			}
		case "texel":
			have |= hasTexel
			for c, e := range listOf(v).all() {
				if err := columnInts(path(key, c), e, req.Texel[c]); err != nil {
					return err
				}
			}
		case "level":
			req.Level = make([]int32, n)
			err = columnInts(path(key, -1), v, req.Level)
		case "sample":
			req.Sample = make([]int32, n)
			err = columnInts(path(key, -1), v, req.Sample)
		case "channel":
			req.Channel = make([]uint8, n)
			for i, e := range listOf(v).all() {
				ch, err := integer("", e, 0, math.MaxUint8)
				if err != nil {
					return elemError(path(key, -1), i, err)
				}
				req.Channel[i] = uint8(ch)
			}
		case "active":
			req.Active = make([]bool, n)
			all := true
			for i, e := range listOf(v).all() {
				if req.Active[i], err = boolean("", e); err != nil {
					return elemError(path(key, -1), i, err)
				}
				all = all && req.Active[i]
			}
			if all {
				req.Active = nil // every lane active, as rows without "active" give
			}
		}
		if err != nil {
			return err
		}
	}
	// Required operands: coord always (implicit-LOD operations read the
	// coordinates of inactive lanes too), the others when a lane is active.
	active := req.Active == nil
	for _, a := range req.Active {
		active = active || a
	}
	for _, r := range []struct {
		name string
		bit  int
		need bool
	}{
		{"coord", hasCoord, use.coord},
		{"lod", hasLod, use.lod && active},
		{"bias", hasBias, use.bias && active},
		{"ref", hasRef, use.ref && active},
		{"ddx", hasDDX, use.grad && active},
		{"ddy", hasDDY, use.grad && active},
		{"texel", hasTexel, use.texel && active},
	} {
		if r.need && have&r.bit == 0 && n > 0 {
			return fmt.Errorf("lanes.%s: missing (%s needs it)", r.name, op)
		}
	}
	return nil
}

// components checks that v, the columnar member key, is an array of lo..hi
// component arrays.
func components(key string, v value, lo, hi int, k surface.Kind) (list, error) {
	want := func() string {
		arrays := fmt.Sprintf("%d arrays", lo)
		switch {
		case lo != hi:
			arrays = fmt.Sprintf("%d to %d arrays", lo, hi)
		case lo == 1:
			arrays = "1 array"
		}
		return fmt.Sprintf("%s of per-lane values (component-major, such as [[u…], [v…]]) for %s", arrays, k)
	}
	if !isArray(v) {
		return list{}, fmt.Errorf("lanes.%s: want %s, got %s", key, want(), describe(v))
	}
	l := listOf(v)
	if v.kind == kindNumbers {
		return list{}, fmt.Errorf("lanes.%s: want %s, got an array of %d numbers", key, want(), l.len())
	}
	if l.len() < lo || l.len() > hi {
		return list{}, fmt.Errorf("lanes.%s: want %s, got %d", key, want(), l.len())
	}
	for c, e := range l.all() {
		if !isArray(e) {
			return list{}, fmt.Errorf("lanes.%s[%d]: want an array with a value per lane, got %s", key, c, describe(e))
		}
	}
	return l, nil
}

// columnFloats converts v, an array of len(dst) float values, into dst; its
// errors name lanes.key[c][i] (lanes.key[i] for c < 0). nums holds the
// parser's float32 reading of kindNumbers arrays.
func columnFloats(key string, c int, v value, dst []float32, nums []float32) error {
	if v.fi > 0 {
		copy(dst, nums[v.fi-1:int(v.fi-1)+len(dst)])
		return nil
	}
	for i, e := range listOf(v).all() {
		var err error
		if dst[i], err = float32Value("", e); err != nil {
			if c >= 0 {
				return fmt.Errorf("lanes.%s[%d][%d]%w", key, c, i, err)
			}
			return fmt.Errorf("lanes.%s[%d]%w", key, i, err)
		}
	}
	return nil
}

// columnInts converts v, an array of len(dst) integers within int32, into
// dst.
func columnInts(path string, v value, dst []int32) error {
	var err error
	for i, e := range listOf(v).all() {
		if dst[i], err = int32Value("", e); err != nil {
			return elemError(path, i, err)
		}
	}
	return nil
}
