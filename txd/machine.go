package txd

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Machine is the state TXD reads besides the warp's registers: the texture
// header and sampler pools, the constant bank that holds the bound handles,
// the binding mode and the SR18 value. The zero value has empty pools (every
// texture invalid). Exec and Run may be called concurrently on different
// warps as long as the Machine is not modified meanwhile.
type Machine struct {
	// Engine runs the sampling (its Precision selects exact or hardware
	// arithmetic).
	Engine sampler.Engine
	// Headers is the texture header pool: header i binds Headers[i]
	// (nil: no header). HeaderMax is SetTexHeaderPoolC.MaximumIndex: a
	// header pointer greater than it is an invalid texture.
	Headers   []*surface.View
	HeaderMax uint32
	// Samplers is the sampler pool; SamplerMax is
	// SetSamplerHeaderPoolC.MaximumIndex.
	Samplers   []*sampler.State
	SamplerMax uint32
	// ViaHeaderBinding is SetSamplerBinding.ViaHeaderBinding (OpenGL): the
	// header pointer is used as the sampler pointer as well.
	ViaHeaderBinding bool
	// ConstBank is the constant bank the bundle state selects for handles:
	// word i is read by #tsPtrIdxU13 = i.
	ConstBank []uint32
	// SR18 is the value S2R reads from SR18 (OpenGL's origin-aware DDY sign,
	// +1 or −1); see the OpenGL note of the specification.
	SR18 float32
	// Arch is the architecture the instructions run on (zero: DefaultArch,
	// sm_52): Exec refuses what it lacks (Inst.CheckArch).
	Arch Arch
}

// LaneStatus says what became of one thread in an Exec.
type LaneStatus uint8

// Lane statuses.
const (
	LaneOff      LaneStatus = iota // inactive or guard false: nothing written
	LaneSampled                    // sampled; results written
	LaneInvalid                    // invalid texture (header or sampler beyond its pool, or unbound): zeros written
	LaneMismatch                   // #paramA does not match the header's texture type: zeros written
	LaneError                      // the core rejected the lane: nothing written, see Outcome.Err
)

var laneStatusNames = [...]string{"off", "sampled", "invalid texture", "coordinate mismatch", "error"}

// String returns the status in words ("invalid texture").
func (s LaneStatus) String() string {
	if int(s) < len(laneStatusNames) {
		return laneStatusNames[s]
	}
	return fmt.Sprintf("LaneStatus(%d)", uint8(s))
}

// Outcome reports what one TXD did, thread by thread.
type Outcome struct {
	Status  [WarpSize]LaneStatus
	Err     [WarpSize]error // LaneError: why
	Written []Reg           // the registers written from Rd, in order (empty for RZ)
	Ps      Pred            // the sparse predicate written (PT: none)
	// NonResident is the value written to Ps per thread: a texel of the
	// thread's footprint came from a non-resident tile.
	NonResident [WarpSize]bool
	// Requests is the number of sampler requests issued: one per distinct
	// (header, sampler) among the sampling threads.
	Requests int
}

// ErrConstBank is wrapped when #tsPtrIdxU13 is beyond the constant bank.
var ErrConstBank = errors.New("constant bank")

// key groups threads that share a texture and a sampler into one
// sampler.Request; each thread's LOD clamp is its lane's MinLod operand.
type key struct {
	header, sampler uint32
}

// Runnable reports why in cannot run on architecture a, or nil: a reserved
// #paramA (3D, CUBE and their arrays: TXD has no such derivative path), the
// undefined phase 3, or a feature a lacks (CheckArch). Such instructions
// still encode, decode and print, as nvdisasm prints them.
func (in Inst) Runnable(a Arch) error {
	if !in.Param.Valid() {
		return errReserved(in.Param)
	}
	if in.Phase == PhaseInvalid3 {
		return errors.New("phase .INVALIDPHASE3: the control slot's phase value 3 is not defined; TXD does not run with it")
	}
	return in.CheckArch(a)
}

// Exec executes one TXD instruction on the warp. Instruction-level problems
// (a register rule broken, #tsPtrIdxU13 beyond the constant bank) are
// returned as errors and nothing is written. Otherwise every executing thread
// (active, guard true) is resolved to a header and a sampler; threads that
// share them are sampled with one sampler.Request of op
// sample_d, and each thread's four-vector is written through the write mask
// to consecutive registers from Rd. Ps is set when a texel came from a
// non-resident tile.
func (m *Machine) Exec(w *Warp, in Inst) (*Outcome, error) {
	if err := in.Runnable(m.Arch); err != nil {
		return nil, err
	}
	if err := in.Check(); err != nil {
		return nil, err
	}
	l := in.Layout()
	var bound uint32
	if !in.Bindless {
		if int(in.TsPtrIdx) >= len(m.ConstBank) {
			return nil, fmt.Errorf("%w: #tsPtrIdxU13 %#x is beyond the constant bank (%d words)", ErrConstBank, in.TsPtrIdx, len(m.ConstBank))
		}
		bound = m.ConstBank[in.TsPtrIdx]
	}
	out := &Outcome{Ps: in.Ps}
	var vals [WarpSize][4]uint32
	var nonResident [WarpSize]bool
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	groups := sc.groups[:0] // threads sharing a texture and a sampler
	for t := 0; t < WarpSize; t++ {
		if w.Active>>t&1 == 0 || w.Pred(t, in.Guard) == in.GuardNot {
			continue
		}
		h := Handle(bound)
		if in.Bindless {
			h = Handle(w.Reg(t, in.Ra+Reg(l.Handle)))
		}
		hdr, smp := h.Header(), h.Sampler()
		if m.ViaHeaderBinding {
			smp = hdr
		}
		view, _ := m.resolve(hdr, smp)
		if view == nil {
			out.Status[t] = LaneInvalid
			continue
		}
		if !matches(in.Param, view.Surface.Kind) {
			out.Status[t] = LaneMismatch
			continue
		}
		k := key{hdr, smp}
		g := 0
		for g < len(groups) && groups[g].key != k {
			g++
		}
		if g == len(groups) {
			groups = append(groups, group{key: k})
		}
		groups[g].mask |= 1 << t
		out.Status[t] = LaneSampled
	}
	sc.groups = groups
	res := &sc.res
	for _, g := range groups {
		k := g.key
		view, st := m.resolve(k.header, k.sampler)
		if err := m.sample(w, in, l, *view, *st, g.mask, sc); err != nil {
			for t := 0; t < WarpSize; t++ {
				if g.mask>>t&1 != 0 {
					out.Status[t], out.Err[t] = LaneError, err
				}
			}
			continue
		}
		out.Requests++
		for t := 0; t < WarpSize; t++ {
			if g.mask>>t&1 == 0 {
				continue
			}
			if res.LaneErr != nil && res.LaneErr[t] != nil {
				out.Status[t], out.Err[t] = LaneError, res.LaneErr[t]
				continue
			}
			for c := 0; c < 4; c++ {
				vals[t][c] = res.Bits[c][t]
			}
			nonResident[t] = !res.Resident[t]
		}
	}
	// Write back: enabled components to consecutive registers from Rd.
	if in.Rd != RZ {
		for c, n := 0, 0; c < 4; c++ {
			if in.WriteMask>>c&1 != 0 {
				out.Written = append(out.Written, in.Rd+Reg(n))
				n++
			}
		}
	}
	for t := 0; t < WarpSize; t++ {
		switch out.Status[t] {
		case LaneOff, LaneError:
			continue
		}
		if in.Rd != RZ { // RZ discards every component (Rd+n must not wrap to R0)
			n := 0
			for c := 0; c < 4; c++ {
				if in.WriteMask>>c&1 != 0 {
					w.SetReg(t, in.Rd+Reg(n), vals[t][c])
					n++
				}
			}
		}
		w.SetPred(t, in.Ps, nonResident[t])
		out.NonResident[t] = nonResident[t]
	}
	return out, nil
}

// resolve returns the view and sampler state of a header and sampler
// pointer, or nil when either is invalid: beyond its pool's maximum index,
// beyond the pool, or unbound.
func (m *Machine) resolve(hdr, smp uint32) (*surface.View, *sampler.State) {
	if hdr > m.HeaderMax || smp > m.SamplerMax || int(hdr) >= len(m.Headers) || int(smp) >= len(m.Samplers) {
		return nil, nil
	}
	v, s := m.Headers[hdr], m.Samplers[smp]
	if v == nil || s == nil || v.Surface == nil {
		return nil, nil
	}
	return v, s
}

// matches reports whether a coordinate description fits a header's texture
// type: the number of coordinates must match (1D with 1D and 1D array, 2D
// with 2D and 2D array); the array specifiers may be used with non-array
// textures and the other way round.
func matches(p Param, k surface.Kind) bool {
	switch k {
	case surface.Kind1D, surface.Kind1DArray:
		return p.Dims() == 1
	case surface.Kind2D, surface.Kind2DArray:
		return p.Dims() == 2
	}
	return false
}

// group is the threads (mask) that share a key.
type group struct {
	key  key
	mask uint32
}

// scratch is Exec's working memory, pooled so that an Exec allocates only
// its Outcome once the pool is warm.
type scratch struct {
	groups []group
	st     sampler.State
	active [WarpSize]bool
	coord  [4][WarpSize]float32
	ddx    [2][WarpSize]float32
	ddy    [2][WarpSize]float32
	off    [2][WarpSize]int32
	minLod [WarpSize]float32
	req    sampler.Request
	res    sampler.Result
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// sample runs one sampler.Request (op sample_d) over the threads in mask;
// the result is in sc.res.
func (m *Machine) sample(w *Warp, in Inst, l Layout, view surface.View, st sampler.State, mask uint32, sc *scratch) error {
	kind := view.Surface.Kind
	dims := in.Param.Dims()
	sc.active = [WarpSize]bool{}
	active, coord, ddx, ddy, off := &sc.active, &sc.coord, &sc.ddx, &sc.ddy, &sc.off
	req := &sc.req
	f := func(t int, r Reg) float32 { return math.Float32frombits(w.Reg(t, r)) }
	for t := 0; t < WarpSize; t++ {
		if mask>>t&1 == 0 {
			continue
		}
		active[t] = true
		coord[0][t] = f(t, in.Ra+Reg(l.S))
		ddx[0][t], ddy[0][t] = f(t, in.Rb+Reg(l.DSDX)), f(t, in.Rb+Reg(l.DSDY))
		if dims == 2 {
			coord[1][t] = f(t, in.Ra+Reg(l.T))
			ddx[1][t], ddy[1][t] = f(t, in.Rb+Reg(l.DTDX)), f(t, in.Rb+Reg(l.DTDY))
		}
		var p Packed
		if l.Packed >= 0 {
			p = UnpackWord(w.Reg(t, in.Ra+Reg(l.Packed)), in.LodClamp)
		}
		// The LOD clamp is the lane's MinLod operand: it raises the LOD from
		// below, and wins over the sampler's maximum (λ = max(max(minLod,
		// clamp), min(λ', maxLod))). A clamp of 0 (or none) leaves the
		// sampler's minimum.
		sc.minLod[t] = float32(math.NaN())
		if in.LodClamp && p.LodClamp != 0 {
			sc.minLod[t] = p.LodClamp
		}
		if kind.IsArray() {
			// The layer: the array index (exact in float32: at most 16
			// bits), or layer 0 without an array specifier. Always
			// written: the scratch arrays hold an earlier request's values.
			coord[dims][t] = 0
			if in.Param.IsArray() {
				coord[dims][t] = float32(p.Array)
			}
		}
		if in.Offsets {
			off[0][t], off[1][t] = p.Offset[0], p.Offset[1]
		}
	}
	*req = sampler.Request{Op: sampler.OpSampleD, Lanes: WarpSize, Active: active[:]}
	n := dims
	if kind.IsArray() {
		n++ // the layer: the packed array index, or 0 without an array specifier
	}
	for i := 0; i < n; i++ {
		req.Coord[i] = coord[i][:]
	}
	for i := 0; i < dims; i++ {
		req.DDX[i], req.DDY[i] = ddx[i][:], ddy[i][:]
		if in.Offsets {
			req.Offset[i] = off[i][:]
		}
	}
	if in.LodClamp {
		req.MinLod = sc.minLod[:]
	}
	sc.st = st
	if err := m.Engine.Execute(view, &sc.st, req, &sc.res); err != nil {
		return fmt.Errorf("sample_d on %s: %w", kind, err)
	}
	return nil
}
