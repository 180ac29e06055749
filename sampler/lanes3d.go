package sampler

import (
	"math"

	"github.com/texunit/texunit/sampler/internal/lanes"
	"github.com/texunit/texunit/sampler/internal/pipeline"
)

// The 3D lane loop: trilinear sampling (linear magnification and
// minification, weighted average, no compare) of 3D views in
// r8g8b8a8_unorm, r8g8b8a8_srgb, b8g8r8a8_unorm, b8g8r8a8_srgb and
// r32g32b32a32_sfloat, in either precision, every LOD source, mipmap
// mode, offsets and anisotropic probes. It works in chunks of up to 64
// entries as the 2D lane loop does (runChunk's stages, laneSet): the
// lanes' operands, LODs and levels (gatherVolLanes, through the
// reference's own laneLod), the footprints at the finer level — eight
// texels, (i0 + i, j0 + j, k0 + k) at byte offset o[i + 2j + 4k], each
// axis wrapped once per footprint (repeat, clamp-to-edge), and the
// fractions α, β, γ — a kernel that reads and filters every footprint,
// for trilinear lanes the coarser level's and the blend, and the stores.
// The kernel's arithmetic is filterLevel's for three dimensions: weights
// ((w_i·w_j)·w_k) rounded to float32, the eight products added from zero
// in the order k outer, j, i; so results are bit-identical to the
// reference (TestVolumeLanesAgree, FuzzExecute). A footprint with a
// coordinate beyond ±2^30 (or NaN) or another address mode takes
// filterLevel on its own.

// volDecodes reports whether the 3D kernels decode the view's texels:
// r32g32b32a32_sfloat and the four-byte 8-bit formats (the kernels read a
// texel's four bytes; the one- and two-channel formats and the half floats
// take the reference path).
func (x *exec) volDecodes() bool {
	if x.fast.dec == decodeRGBA32Float {
		return true
	}
	dec := x.fast.dec.RGBA8()
	return dec != nil && dec.Size == 4
}

// volInside reports whether every texel of every level of the 3D view lies
// inside the texel data.
func (x *exec) volInside() bool {
	size := x.fast.texelBytes()
	for l := range x.levels {
		lv := &x.fast.levels[l]
		last := lv.Off + int(lv.W-1)*lv.XS + int(lv.H-1)*lv.YS + int(lv.D-1)*lv.ZS
		if lv.Off < 0 || last+size > len(x.surf.Data) {
			return false
		}
	}
	return true
}

// runLanes3D is runSample for requests setupVolLoop accepts.
func (x *exec) runLanes3D(req *Request, res *Result) {
	c := res.work
	if c == nil {
		c = new(laneSet)
		res.work = c
	}
	if c.Vol == nil {
		c.Vol = new(volSet)
	}
	for i := 0; i < req.Lanes; {
		i = x.gatherVolLanes(req, res, c, i)
		switch {
		case c.N == 0:
		case x.tr != nil:
			x.runVolChunkTraced(res, c) // tracelanes.go
		default:
			x.runVolChunk(res, c)
		}
	}
}

// gatherVolLanes fills the chunk with entries for the active lanes from
// lane first on whose offsets are valid — coordinates, LODs (laneLod),
// levels, and a lane's anisotropic probes, placed as sampleAt places them
// — until the request or the chunk ends, and returns the next lane.
func (x *exec) gatherVolLanes(req *Request, res *Result, c *laneSet, first int) int {
	c.Plain = false
	v := c.Vol
	src := req.Op.LodSource()
	noOffsets := req.Offset[0] == nil && req.Offset[1] == nil && req.Offset[2] == nil
	room := max(1, int(math.Ceil(float64(x.st.MaxAnisotropy)))) // the most probes a lane can have
	n, nl := 0, 0
	var lastLambda uint32
	var sel levelSel
	i := first
	for ; i < req.Lanes; i++ {
		if n+room > laneChunk {
			break
		}
		if !req.active(i) {
			continue
		}
		var off [3]int32
		if !noOffsets && !x.laneOffsets(req, i, &off, res) {
			continue
		}
		dir := x.laneCoord(req, i)
		p := x.project(dir, req, i)
		var lr lodResult
		x.laneLod(req, i, src, &dir, &p, &lr)
		if lb := math.Float32bits(lr.lambda); lb != lastLambda || nl == 0 {
			lastLambda = lb
			sel = x.selectLevels(lr.lambda)
		}
		probes := max(lr.probes, 1)
		c.Lane[nl], c.First[nl], c.Count[nl] = int32(i), int32(n), int32(probes)
		nl++
		for k := 1; k <= probes; k++ {
			s := p.s
			if probes > 1 {
				t := pipeline.ProbeSteps[probes][k-1]
				for d := range s {
					s[d] = p.s[d] + float32(t*lr.axis[d])
				}
			}
			c.S[n], c.T[n], v.R[n] = s[0], s[1], s[2]
			c.OffU[n], c.OffV[n], v.OffW[n] = off[0], off[1], off[2]
			c.Layer[n], c.Face[n], c.Ref[n], c.Ch[n] = p.layer, -1, 0, 0
			c.Hi[n], c.Lo[n], c.Delta[n] = sel.hi, sel.lo, sel.delta
			n++
		}
	}
	c.N, c.Lanes = n, nl
	pipeline.Pad(c)
	for k := c.N; k < c.NP; k++ {
		v.R[k], v.OffW[k] = v.R[0], v.OffW[0]
	}
	return i
}

// runVolChunk filters the chunk's entries at their levels, blends the
// trilinear ones and stores its lanes' results: the lane pipeline's
// stages (pipeline.Plan.RunVolChunk), which return where a level's
// footprints need the reference (volSlow) for this to fill before they
// resume.
func (x *exec) runVolChunk(res *Result, c *laneSet) {
	var r pipeline.ChunkRun
	for x.fast.plan.RunVolChunk(x.surf.Data, c, &res.Bits, &r) {
		x.volSlow(c, r.Level, &r.Out)
	}
}

// volSlow runs the entries the footprint stage could not take
// (pipeline.Plan.VolFootprints: c.Vol.Slow) through
// filterLevel, one by one.
func (x *exec) volSlow(c *laneSet, lvl *[laneChunk]int32, out *chunkOut) {
	v := c.Vol
	for _, k := range v.Slow[:v.NSlow] {
		if int(k) >= c.N {
			break // the padding
		}
		p := point{s: [3]float32{c.S[k], c.T[k], v.R[k]}, layer: c.Layer[k], face: -1}
		off := [3]int32{c.OffU[k], c.OffV[k], v.OffW[k]}
		r := x.filterLevel(lvl[k], &p, Linear, off, 0)
		out[0][k], out[1][k], out[2][k], out[3][k] = lanes.Canonical(r[0]), lanes.Canonical(r[1]), lanes.Canonical(r[2]), lanes.Canonical(r[3])
	}
}
