package msaa

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/texcache"
)

// Mode is the loading mode of the multisample load (the patent's "loading
// mode").
type Mode uint8

// The loading modes.
const (
	// SameComponent loads one colour component of several samples (the
	// patent's "color buffer load – same component").
	SameComponent Mode = iota
	// SameSample loads the components of one sample ("color buffer load –
	// same sample").
	SameSample
	// DepthSamples loads the depth value of several samples ("depth buffer
	// load").
	DepthSamples
)

var modeNames = [...]string{"same_component", "same_sample", "depth"}

// String returns "same_component", "same_sample" or "depth".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("invalid(%d)", uint8(m))
}

// ParseMode parses a mode name as String prints it.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, &Error{Field: "mode", Value: s, Reason: "is not a loading mode (same_component, same_sample, depth)"}
}

// Fill is the policy for the elements of a register that the load has no
// source element for (fewer samples, or components, than elements).
type Fill uint8

// The fill policies.
const (
	FillRepeat   Fill = iota // repeat the loaded elements: element k = loaded[k mod loaded]
	FillZero                 // zeros
	FillConstant             // Instruction.Constant
)

var fillNames = [...]string{"repeat", "zero", "constant"}

// String returns "repeat", "zero" or "constant".
func (f Fill) String() string {
	if int(f) < len(fillNames) {
		return fillNames[f]
	}
	return fmt.Sprintf("invalid(%d)", uint8(f))
}

// ParseFill parses a fill policy name as String prints it.
func ParseFill(s string) (Fill, error) {
	for i, n := range fillNames {
		if n == s {
			return Fill(i), nil
		}
	}
	return 0, &Error{Field: "fill", Value: s, Reason: "is not a fill policy (repeat, zero, constant)"}
}

// DefaultElements is the number of elements of a destination register
// unless an instruction says otherwise: four, as in every figure.
const DefaultElements = 4

// MaxElements is the largest number of elements of a destination register.
const MaxElements = 16

// Instruction is one multisample load, as the shader issues it.
type Instruction struct {
	Mode      Mode
	Component int  // SameComponent: the component loaded
	Elements  int  // elements per destination register; 0 means DefaultElements
	Fill      Fill // for register elements without a source element
	// Constant is the value FillConstant writes, as a 32-bit result
	// pattern of the surface's value kind (converted like a loaded element
	// for half-precision results).
	Constant uint32
	// Phase picks the group of Elements samples (SameComponent,
	// DepthSamples) or components (SameSample) loaded when the source has
	// more than fit in a register: group p holds items p·E … p·E+E−1.
	Phase int
	// AllPhases makes one instruction write every group, group p into
	// destination register p (Phase is then ignored).
	AllPhases bool
	// GroupFromSample takes the group from each lane's sample index
	// instead of Phase: the group of Elements samples containing it, that
	// is samples E·⌊index/E⌋ … (the RDNA image_msaa_load, with E = 4).
	// SameComponent and DepthSamples only.
	GroupFromSample bool
	Half            bool // results as 16-bit values, two per 32-bit register word (d16)
	Residency       bool // one more word per lane with the residency code (tfe): 0 resident, 1 not
}

// Wave holds the per-lane operands of one load: a wave of 16 lanes (the
// patent's SIMD unit of 16 lanes running a wavefront of its own width), 32
// or 64 lanes with an exec mask, an unnormalized pixel coordinate (X, Y, Slice) and a
// sample index per lane. Slice and Sample may be nil (all 0).
type Wave struct {
	Size   int    // 16, 32 or 64
	Exec   uint64 // lane i executes when bit i is set
	X, Y   []int32
	Slice  []int32
	Sample []int32
}

// Plan is what the unit determines before loading (the patent's step 604
// and the stride of step 606): it depends on the surface and the
// instruction, not on the lanes.
type Plan struct {
	Mode       Mode
	Layout     Layout
	Samples    int // sampling rate
	Stored     int // samples or fragments stored per pixel
	Components int
	// Stride is the distance in elements between consecutive elements of
	// one load in the pixel's block (between fragments on FMASK surfaces).
	Stride int
	// Base is the element index, within the pixel's block, of the first
	// element of group 0 (for SameSample: of sample 0).
	Base int
	// Items is how many source elements there are to load: samples for
	// SameComponent and DepthSamples, components for SameSample.
	Items     int
	Elements  int // elements per register
	Phases    int // ⌈Items / Elements⌉
	Registers int // destination registers written: Phases with AllPhases, else 1
	// RegisterDwords is the size of one destination register in 32-bit
	// words: Elements, or ⌈Elements/2⌉ for half-precision results.
	RegisterDwords int
	Dwords         int // words written per lane, the residency word included
}

// Loaded returns how many source elements group p holds (the rest of the
// register is filled).
func (p *Plan) Loaded(phase int) int {
	return max(0, min(p.Elements, p.Items-phase*p.Elements))
}

// Stride returns the stride the patent chooses for a load in mode m on a
// surface with the given layout, stored samples (or fragments) per pixel and
// components per sample:
//
//	                  sample-contiguous   component-contiguous
//	same component    components          1
//	same sample       1                   stored samples
//	depth             1                   1
//
// on a surface without spacing; Desc.Stride gives it with spacing.
func Stride(layout Layout, m Mode, stored, components int) int {
	switch {
	case m == DepthSamples:
		return 1
	case layout == SampleContiguous && m == SameComponent:
		return components
	case layout == ComponentContiguous && m == SameSample:
		return stored
	}
	return 1
}

// Stride returns the stride of a load in mode m on the surface d
// describes, its spacing included: where the table of the function Stride
// gives the length of a group (components, or stored samples), the
// stride is the distance from one group to the next, Spacing — the
// patent's stride "set to match the spacing between those non-contiguous
// elements". d's Spacing must be resolved (a Surface's is).
func (d *Desc) Stride(m Mode) int {
	switch {
	case m == DepthSamples && d.Layout == SampleContiguous:
		// One component per sample: consecutive samples are a group apart.
		return d.Spacing
	case m == DepthSamples:
		return 1
	case d.Layout == SampleContiguous && m == SameComponent,
		d.Layout == ComponentContiguous && m == SameSample:
		return d.Spacing
	}
	return 1
}

// Plan validates in against s and returns the plan of the load.
func (s *Surface) Plan(in *Instruction) (Plan, error) {
	p := Plan{Mode: in.Mode, Layout: s.Layout, Samples: s.Samples, Stored: s.Stored(), Components: s.Components}
	p.Elements = in.Elements
	if p.Elements == 0 {
		p.Elements = DefaultElements
	}
	if p.Elements < 1 || p.Elements > MaxElements {
		return p, errf("elements", in.Elements, "is out of range (1..%d)", MaxElements)
	}
	switch in.Mode {
	case SameComponent:
		if in.Component < 0 || in.Component >= s.Components {
			return p, errf("component", in.Component, "is out of range (the surface has %d components)", s.Components)
		}
		p.Items = s.Samples
		p.Base = s.ElementIndex(0, in.Component)
	case SameSample:
		if in.GroupFromSample {
			return p, errf("group_from_sample", true, "needs mode same_component or depth (same_sample loads one sample)")
		}
		if s.Depth {
			return p, errf("mode", in.Mode, "loads colour components, but the surface is a depth surface")
		}
		p.Items = s.Components
	case DepthSamples:
		if !s.Depth {
			return p, errf("mode", in.Mode, "needs a depth surface")
		}
		p.Items = s.Samples
	default:
		return p, errf("mode", in.Mode, "is not a loading mode")
	}
	if in.AllPhases && in.GroupFromSample {
		return p, errf("all_phases", true, "and group_from_sample exclude each other (every group, or the lane's group)")
	}
	if in.Fill > FillConstant {
		return p, errf("fill", in.Fill, "is not a fill policy")
	}
	p.Stride = s.Desc.Stride(in.Mode)
	p.Phases = (p.Items + p.Elements - 1) / p.Elements
	if !in.AllPhases && !in.GroupFromSample && (in.Phase < 0 || in.Phase >= p.Phases) {
		return p, errf("phase", in.Phase, "is out of range (0..%d: %d %s in groups of %d)", p.Phases-1, p.Items, itemName(in.Mode), p.Elements)
	}
	p.Registers = 1
	if in.AllPhases {
		p.Registers = p.Phases
	}
	p.RegisterDwords = p.Elements
	if in.Half {
		p.RegisterDwords = (p.Elements + 1) / 2
	}
	p.Dwords = p.Registers * p.RegisterDwords
	if in.Residency {
		p.Dwords++
	}
	return p, nil
}

func itemName(m Mode) string {
	if m == SameSample {
		return "components"
	}
	return "samples"
}

// Traffic is the memory accounting of one instruction: the distinct bytes
// and 64-byte lines it touched (colour or depth data and FMASK together;
// the FMASK lives at Surface.FMaskBase), and the element and FMASK reads it
// made; with a cache model (LoadCached), what the model counted for it.
type Traffic struct {
	Bytes        int
	Lines        int
	ElementReads int
	FMaskReads   int
	// Cache is the cache model's counts for this instruction's reads (zero
	// without one): lines looked up, hits, misses, bytes from memory.
	Cache texcache.Stats
}

// LineBytes is the size of the cache lines memory accounting counts.
const LineBytes = 64

// Result is the outcome of one load over a wave.
type Result struct {
	Kind ValueKind
	Plan Plan
	// Dword[d][lane] is word d of the lane's destination: register r's
	// words are r·RegisterDwords …, and with Residency the last word is the
	// residency code. Lanes outside the exec mask are not written.
	Dword    [][]uint32
	Resident []bool // per lane; false when the pixel was not resident
	Traffic  Traffic

	touched texcache.Footprint // the byte ranges read, reused
	cache   *texcache.Model    // LoadCached's model, nil for Load
}

// Load executes in over the lanes of w and writes res. Errors concern the
// whole instruction (an invalid operand, a wave of the wrong size or short
// operand slices); out-of-range coordinates, slices and sample indices read
// zero memory, as fetch_ms does under robustImageAccess2.
func (s *Surface) Load(in *Instruction, w *Wave, res *Result) error {
	res.cache = nil
	return s.load(in, w, res)
}

// LoadCached is Load with the instruction's reads fed through the cache
// model c, in the order the unit makes them: lanes in order and, per lane,
// its FMASK entry, then its elements register by register; res.Traffic.Cache
// holds what c counted for them. c keeps its state from one call to the
// next, so a sequence of instructions shows their reuse.
func (s *Surface) LoadCached(in *Instruction, w *Wave, res *Result, c *texcache.Model) error {
	res.cache = c
	err := s.load(in, w, res)
	res.cache = nil
	return err
}

func (s *Surface) load(in *Instruction, w *Wave, res *Result) error {
	p, err := s.Plan(in)
	if err != nil {
		return err
	}
	if w.Size != 16 && w.Size != 32 && w.Size != 64 {
		return errf("wave", w.Size, "is not a wave size (16, 32 or 64)")
	}
	if w.Size < 64 && w.Exec>>w.Size != 0 {
		return errf("exec", fmt.Sprintf("%#x", w.Exec), "has bits above lane %d of a wave of %d", w.Size-1, w.Size)
	}
	for _, op := range []struct {
		name string
		v    []int32
		need bool
	}{{"x", w.X, true}, {"y", w.Y, true}, {"slice", w.Slice, false}, {"sample", w.Sample, false}} {
		if (op.need || op.v != nil) && len(op.v) < w.Size {
			return errf(op.name, len(op.v), "lanes given, the wave has %d", w.Size)
		}
	}
	res.Kind = s.Element.Kind()
	res.Plan = p
	res.Traffic = Traffic{}
	res.touched.Reset()
	var before texcache.Stats
	if res.cache != nil {
		before = res.cache.Stats()
	}
	if cap(res.Dword) < p.Dwords {
		res.Dword = make([][]uint32, p.Dwords)
	}
	res.Dword = res.Dword[:p.Dwords]
	for d := range res.Dword {
		if len(res.Dword[d]) < w.Size {
			res.Dword[d] = append(res.Dword[d], make([]uint32, w.Size-len(res.Dword[d]))...)
		}
	}
	if len(res.Resident) < w.Size {
		res.Resident = append(res.Resident, make([]bool, w.Size-len(res.Resident))...)
	}
	var loaded [MaxElements]uint32
	for lane := 0; lane < w.Size; lane++ {
		if w.Exec>>lane&1 == 0 {
			continue
		}
		x, y := int(w.X[lane]), int(w.Y[lane])
		layer, sample := 0, 0
		if w.Slice != nil {
			layer = int(w.Slice[lane])
		}
		if w.Sample != nil {
			sample = int(w.Sample[lane])
		}
		inside := s.inRange(x, y, layer)
		resident := !inside || s.Resident(x, y, layer)
		res.Resident[lane] = resident
		readable := inside && resident
		if readable && s.Fragments > 0 && (in.Mode != SameSample || (sample >= 0 && sample < s.Samples)) {
			o := s.FMaskBase() + s.pixel(x, y, layer)*s.FMaskBytes()
			res.read(o, s.FMaskBytes())
			res.Traffic.FMaskReads++
		}
		for r := 0; r < p.Registers; r++ {
			group := in.Phase
			switch {
			case in.AllPhases:
				group = r
			case in.GroupFromSample:
				group = -1
				if sample >= 0 && sample < s.Samples {
					group = sample / p.Elements
				}
			}
			n := s.loadGroup(in, &p, x, y, layer, sample, group, readable, loaded[:], res)
			s.writeRegister(in, &p, res, lane, r, loaded[:], n)
		}
		if in.Residency {
			code := uint32(0)
			if !resident {
				code = 1
			}
			res.Dword[p.Dwords-1][lane] = code
		}
	}
	res.Traffic.Bytes, res.Traffic.Lines = res.touched.Count(LineBytes)
	if res.cache != nil {
		res.Traffic.Cache = res.cache.Stats().Sub(before)
	}
	return nil
}

// read records a read of n bytes at byte offset o: in the instruction's
// footprint and, with a cache model, through it.
func (res *Result) read(o, n int) {
	res.touched.Add(uint64(o), n)
	if res.cache != nil {
		res.cache.Access(uint64(o), n)
	}
}

// loadGroup reads the elements of one group into loaded and returns how
// many it read. A group or sample outside the surface, or an unreadable
// pixel, reads zero memory for all Elements elements.
func (s *Surface) loadGroup(in *Instruction, p *Plan, x, y, layer, sample, group int, readable bool, loaded []uint32, res *Result) int {
	zero := s.decode(zero4[:], 0)
	if group < 0 || !readable || (in.Mode == SameSample && (sample < 0 || sample >= s.Samples)) {
		for k := 0; k < p.Elements; k++ {
			loaded[k] = zero
		}
		return p.Elements
	}
	n := p.Loaded(group)
	eb := s.Element.Bytes
	pix := s.pixelOffset(x, y, layer)
	for k := 0; k < n; k++ {
		item := group*p.Elements + k
		var f, comp int
		if in.Mode == SameSample {
			f, comp = s.Fragment(x, y, layer, sample), item
		} else {
			f, comp = s.Fragment(x, y, layer, item), in.Component
		}
		o := pix + s.ElementIndex(f, comp)*eb
		loaded[k] = s.decode(s.Data[o:], comp)
		res.read(o, eb)
		res.Traffic.ElementReads++
	}
	return n
}

// writeRegister applies the fill policy and the result precision and
// writes register r of the lane.
func (s *Surface) writeRegister(in *Instruction, p *Plan, res *Result, lane, r int, loaded []uint32, n int) {
	kind := s.Element.Kind()
	for k := n; k < p.Elements; k++ {
		switch in.Fill {
		case FillRepeat:
			loaded[k] = loaded[k%n]
		case FillZero:
			loaded[k] = 0
		case FillConstant:
			loaded[k] = in.Constant
		}
	}
	base := r * p.RegisterDwords
	if !in.Half {
		for k := 0; k < p.Elements; k++ {
			res.Dword[base+k][lane] = loaded[k]
		}
		return
	}
	for d := 0; d < p.RegisterDwords; d++ {
		lo := half(kind, loaded[2*d])
		var hi uint32
		if 2*d+1 < p.Elements {
			hi = half(kind, loaded[2*d+1])
		}
		res.Dword[base+d][lane] = lo | hi<<16
	}
}

// half converts a 32-bit result pattern to its 16-bit form: floats round
// to nearest even binary16; integers keep their low 16 bits.
func half(kind ValueKind, v uint32) uint32 {
	if kind == ValueFloat {
		return uint32(format.Float64ToHalf(float64(math.Float32frombits(v))))
	}
	return v & 0xffff
}
