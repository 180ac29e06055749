package sampler

import "math"

// runFetch executes fetch and fetch_ms: integer texel coordinates, a level
// relative to the view's base level (fetch) or a sample index (fetch_ms),
// and constant offsets. Out-of-range coordinates, levels, layers and sample
// indices read as Vulkan's robustImageAccess2 zero values (zeroTexelOf:
// R, G, B zero, A zero or one as the format has alpha or not).
func (x *exec) runFetch(req *Request, res *Result) {
	res.Kind = valueKind(x.finfo.Class)
	if x.fast.on && (x.tr == nil || tracesFetch2D(req)) {
		x.runFetch2D(req, res)
		if x.tr != nil {
			x.traceFetch2D(req) // tracelanes.go
		}
		return
	}
	n := req.Lanes
	dims := x.kind.Dims()
	for i := 0; i < n; i++ {
		if !req.active(i) {
			continue
		}
		if x.tr != nil {
			x.tr.startLane(i)
		}
		off, err := x.laneOffset(req, i)
		if err != nil {
			res.laneError(n, i, err)
			continue
		}
		x.residentOK = true
		v := x.fetchLane(req, i, dims, off)
		if x.swz {
			v = x.swizzled(v)
		}
		for c := 0; c < 4; c++ {
			res.Bits[c][i] = math.Float32bits(v[c])
		}
		res.Resident[i] = x.residentOK
	}
}

func (x *exec) fetchLane(req *Request, i, dims int, off [3]int32) [4]float32 {
	var level, sample int32
	if req.Op == OpFetch && req.Level != nil {
		level = req.Level[i]
	}
	if req.Op == OpFetchMS && req.Sample != nil {
		sample = req.Sample[i]
	}
	if level < 0 || int(level) >= x.levels || sample < 0 || int(sample) >= x.surf.Samples {
		return x.zeroTexel
	}
	abs, size := x.levelGeom(level)
	var t [3]int32
	for c := 0; c < dims; c++ {
		v := int64(req.Texel[c][i]) + int64(off[c])
		if v < 0 || v >= int64(size[c]) {
			return x.zeroTexel
		}
		t[c] = int32(v)
	}
	layer := int32(0)
	if x.array {
		layer = req.Texel[dims][i]
		if layer < 0 || int(layer) >= x.layers {
			return x.zeroTexel
		}
	}
	layer += int32(x.view.BaseLayer)
	if x.hooked && !x.fetchHooked(abs, t, layer, sample) {
		x.residentOK = false
		return x.zeroTexel
	}
	if x.compressed { // block-compressed surfaces are single-sample
		return x.readBlock(abs, t[0], t[1], t[2], layer)
	}
	o := x.surf.TexelOffset(abs, int(t[0]), int(t[1]), int(t[2]), int(layer), int(sample))
	return x.decode(x.surf.Data[o+x.aspectOff:])
}

// runFetch2D is runFetch on the specialised 2D path (fast.go): the same
// bounds checks, with the texel's offset from the level table and the hot
// formats decoded inline.
func (x *exec) runFetch2D(req *Request, res *Result) {
	n := req.Lanes
	if x.fetchVec(req, res) {
		return
	}
	tx, ty := req.Texel[0], req.Texel[1]
	var tl []int32
	if x.array {
		tl = req.Texel[2]
	}
	d := x.surf.Data
	base := int64(x.view.BaseLayer)
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	levels := x.fast.levels
	for i := 0; i < n; i++ {
		if !req.active(i) {
			continue
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		var level int32
		if req.Level != nil {
			level = req.Level[i]
		}
		v := x.zeroTexel
		if level >= 0 && int(level) < x.levels {
			lv := &levels[level]
			u := int64(tx[i]) + int64(off[0])
			w := int64(ty[i]) + int64(off[1])
			layer := base
			inside := u >= 0 && u < int64(lv.W) && w >= 0 && w < int64(lv.H)
			if tl != nil {
				inside = inside && tl[i] >= 0 && int(tl[i]) < x.layers
				layer += int64(tl[i])
			}
			if inside {
				o := lv.Off + int(layer)*lv.LS + int(u)*lv.XS + int(w)*lv.YS
				switch x.fast.dec {
				case decodeRGBA8Unorm:
					v = rgba8At(d, o)
				case decodeRGBA32Float:
					v = rgba32fAt(d, o)
				default:
					v = x.fastDecode(o)
				}
			}
		}
		if x.swz {
			v = x.swizzled(v)
		}
		r[i], g[i], b[i], a[i] = math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])
		res.Resident[i] = true
	}
}
