package batch

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// operands says which lane fields an operation takes.
type operands struct {
	coord, lod, bias, grad, ref bool
	offset, channel, texel      bool
	level, sample               bool
	minLod                      bool
}

func operandsOf(op sampler.Op) operands {
	k := op.Kind()
	return operands{
		coord:   k == sampler.KindSample || k == sampler.KindLodQuery || k == sampler.KindGather,
		lod:     op.LodSource() == sampler.LodExplicit,
		bias:    op.LodSource() == sampler.LodBias,
		grad:    op.LodSource() == sampler.LodGradient,
		ref:     op.Compare(),
		offset:  k == sampler.KindSample || k == sampler.KindGather || k == sampler.KindFetch,
		channel: k == sampler.KindGather && !op.Compare(),
		texel:   k == sampler.KindFetch,
		level:   op == sampler.OpFetch || op == sampler.OpResInfo,
		sample:  op == sampler.OpFetchMS || op == sampler.OpSamplePos,
		minLod: k == sampler.KindSample || k == sampler.KindLodQuery ||
			(k == sampler.KindGather && op.LodSource() != sampler.LodBaseLevel),
	}
}

// laneError prefixes err (whose message starts with ".field: " or ": ")
// with "lanes[i]".
func laneError(i int, err error) error { return fmt.Errorf("lanes[%d]%w", i, err) }

// The lane-level helpers take the field name and build the ".field" part
// of an error's path only when there is an error.

// fieldOf prefixes err, a ": ..." message, with ".field".
func fieldOf(field string, err error) error { return fmt.Errorf(".%s%w", field, err) }

// vector checks that v, lane field `field`, is an array of exactly n values
// for a surface of kind k.
func vector(field string, v value, n int, k surface.Kind) (list, error) {
	if !isArray(v) {
		return list{}, fmt.Errorf(".%s: want an array, got %s", field, describe(v))
	}
	l := listOf(v)
	if l.len() != n {
		return list{}, fmt.Errorf(".%s: want %s for %s, got %d", field, count(n, n), k, l.len())
	}
	return l, nil
}

// floats converts v, an array of n numbers, into dst[c][i] for c < n.
// nums holds the parser's float32 reading of kindNumbers arrays.
func floats(field string, v value, n int, k surface.Kind, dst [][]float32, i int, nums []float32) error {
	a, err := vector(field, v, n, k)
	if err != nil {
		return err
	}
	if v.fi > 0 {
		for c, f := range nums[v.fi-1 : int(v.fi-1)+n] {
			dst[c][i] = f
		}
		return nil
	}
	for c, e := range a.all() {
		if dst[c][i], err = float32Value("", e); err != nil {
			return fieldOf(field, elemError("", c, err))
		}
	}
	return nil
}

// resultLaneBytes is about what the engine's Result holds per lane: four
// 32-bit channels, the residency flag and the lane's error.
const resultLaneBytes = 40

// laneShape is what decodeLanes needs to know to allocate a request's
// operands.
type laneShape struct {
	use           operands
	nCoord, nGrad int
}

func shapeOf(op sampler.Op, k surface.Kind, projective bool) laneShape {
	sh := laneShape{use: operandsOf(op), nCoord: k.Dims(), nGrad: k.Dims()}
	if k.IsArray() { // the layer
		sh.nCoord++
	}
	if projective { // q
		sh.nCoord++
	}
	return sh
}

// allocate reserves and allocates the operand slices of n lanes that every
// job of the operation has (the optional ones are made when a lane gives
// them). It returns what it reserved.
func (sh *laneShape) allocate(req *sampler.Request, n int, mem *budget.Budget) (int64, error) {
	use := &sh.use
	// Every operand slice is 4 bytes a lane; offsets, channels, levels,
	// samples, MinLod and the active mask at most 4·4 + 4 + 4 + 4 + 4 + 1
	// more; the engine's Result holds about resultLaneBytes a lane.
	floats := 0
	if use.coord {
		floats += sh.nCoord
	}
	if use.grad {
		floats += 2 * sh.nGrad
	}
	for _, b := range []bool{use.lod, use.bias, use.ref} {
		if b {
			floats++
		}
	}
	ints := 0
	if use.texel {
		ints += sh.nCoord
	}
	need := int64(n) * int64(4*(floats+ints)+33+resultLaneBytes)
	if err := mem.Reserve("lanes", need); err != nil {
		return 0, fmt.Errorf("lanes: %d lanes: %w", n, err)
	}
	req.Lanes = n
	// One block for the float operands and one for the integer ones; each
	// slice is capped so that none can grow into the next.
	fb := make([]float32, floats*n)
	f32 := func() []float32 {
		s := fb[:n:n]
		fb = fb[n:]
		return s
	}
	if use.coord {
		for c := 0; c < sh.nCoord; c++ {
			req.Coord[c] = f32()
		}
	}
	if use.lod {
		req.Lod = f32()
	}
	if use.bias {
		req.Bias = f32()
	}
	if use.ref {
		req.Ref = f32()
	}
	if use.grad {
		for c := 0; c < sh.nGrad; c++ {
			req.DDX[c], req.DDY[c] = f32(), f32()
		}
	}
	if use.texel {
		ib := make([]int32, ints*n)
		for c := 0; c < sh.nCoord; c++ {
			req.Texel[c] = ib[c*n : (c+1)*n : (c+1)*n]
		}
	}
	return need, nil
}

// decodeLanes fills the lane operands of req (whose Op is set) from the
// "lanes" member, for a surface of kind k: an array of lane objects, or an
// object of per-lane arrays (columnar, see decodeColumns).
func decodeLanes(req *sampler.Request, k surface.Kind, v value, mem *budget.Budget, nums []float32) (err error) {
	if v.kind == kindObject {
		return decodeColumns(req, k, v, mem, nums)
	}
	if !isArray(v) {
		return fieldError("lanes", "want an array of lane objects or an object of per-lane arrays, got %s", describe(v))
	}
	lanes := listOf(v)
	sh := shapeOf(req.Op, k, req.Projective)
	need, err := sh.allocate(req, lanes.len(), mem)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			mem.Release(need) // the operands are dropped with the job
		}
	}()
	for i, lane := range lanes.all() {
		if err := decodeLane(req, &sh.use, k, sh.nCoord, sh.nGrad, &lane, i, nums); err != nil {
			return laneError(i, err)
		}
	}
	return nil
}

// The lane fields, as bits.
const (
	hasCoord = 1 << iota
	hasLod
	hasBias
	hasRef
	hasDDX
	hasDDY
	hasTexel
)

// decodeLane decodes lane i. Its errors start with ".field: " or ": ".
func decodeLane(req *sampler.Request, use *operands, k surface.Kind, nCoord, nGrad int, lv *value, i int, nums []float32) error {
	m, err := object("", *lv, laneFields)
	if err != nil {
		return err
	}
	op := req.Op
	have := 0
	active := true
	for j := range m {
		key, v := m[j].key, m[j].val
		if v.kind == kindNull {
			continue // absent
		}
		used := true
		switch key {
		case "coord":
			if used = use.coord; used {
				have |= hasCoord
				err = floats(key, v, nCoord, k, req.Coord[:], i, nums)
			}
		case "lod", "bias", "ref":
			var dst []float32
			switch key {
			case "lod":
				used, dst, have = use.lod, req.Lod, have|hasLod
			case "bias":
				used, dst, have = use.bias, req.Bias, have|hasBias
			default:
				used, dst, have = use.ref, req.Ref, have|hasRef
			}
			if used {
				if dst[i], err = float32Value("", v); err != nil {
					err = fieldOf(key, err)
				}
			}
		case "ddx":
			if used = use.grad; used {
				have |= hasDDX
				err = floats(key, v, nGrad, k, req.DDX[:], i, nums)
			}
		case "ddy":
			if used = use.grad; used {
				have |= hasDDY
				err = floats(key, v, nGrad, k, req.DDY[:], i, nums)
			}
		case "offset":
			if used = use.offset; used {
				err = decodeOffset(req, v, i)
			}
		case "channel":
			if used = use.channel; used {
				var ch int64
				if ch, err = integer(".channel", v, 0, math.MaxUint8); err == nil {
					if req.Channel == nil {
						req.Channel = make([]uint8, req.Lanes)
					}
					req.Channel[i] = uint8(ch)
				}
			}
		case "texel":
			if used = use.texel; used {
				have |= hasTexel
				err = decodeTexel(req, v, nCoord, k, i)
			}
		case "level", "sample":
			dst := &req.Level
			used = use.level
			if key == "sample" {
				dst, used = &req.Sample, use.sample
			}
			if used {
				var x int32
				if x, err = int32Value("", v); err != nil {
					err = fieldOf(key, err)
				} else {
					if *dst == nil {
						*dst = make([]int32, req.Lanes)
					}
					(*dst)[i] = x
				}
			}
		case "min_lod":
			if used = use.minLod; used {
				var x float32
				if x, err = float32Value("", v); err != nil {
					err = fieldOf(key, err)
				} else {
					if req.MinLod == nil {
						// Lanes without the operand read NaN: no clamp.
						req.MinLod = make([]float32, req.Lanes)
						for j := range req.MinLod {
							req.MinLod[j] = float32(math.NaN())
						}
					}
					req.MinLod[i] = x
				}
			}
		case "active":
			active, err = boolean(".active", v)
		}
		if !used {
			return fmt.Errorf(".%s: %s does not use %s", key, op, key)
		}
		if err != nil {
			return err
		}
	}
	// Required operands: coord always (implicit-LOD operations read the
	// coordinates of inactive lanes too), the others on active lanes.
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
		if r.need && have&r.bit == 0 {
			return fmt.Errorf(".%s: missing (%s needs it)", r.name, op)
		}
	}
	if !active && req.Active == nil {
		req.Active = make([]bool, req.Lanes)
		for j := 0; j < i; j++ {
			req.Active[j] = true
		}
	}
	if req.Active != nil {
		req.Active[i] = active
	}
	return nil
}

// decodeOffset reads lane i's offsets (1 to 3 integers; the missing ones 0).
func decodeOffset(req *sampler.Request, v value, i int) error {
	a, err := array(".offset", v, 1, 3)
	if err != nil {
		return err
	}
	if req.Offset[0] == nil {
		for c := range req.Offset {
			req.Offset[c] = make([]int32, req.Lanes)
		}
	}
	for c, e := range a.all() {
		if req.Offset[c][i], err = int32Value("", e); err != nil {
			return elemError(".offset", c, err)
		}
	}
	return nil
}

// decodeTexel reads lane i's integer texel coordinates.
func decodeTexel(req *sampler.Request, v value, n int, k surface.Kind, i int) error {
	a, err := vector("texel", v, n, k)
	if err != nil {
		return err
	}
	for c, e := range a.all() {
		if req.Texel[c][i], err = int32Value("", e); err != nil {
			return elemError(".texel", c, err)
		}
	}
	return nil
}
