package visa

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Machine executes a kernel's instructions on one thread's registers: it
// binds the kernel's surface and sampler variables, turns each sampler
// instruction into one sampler.Request over its lanes, runs the core and
// writes the results back into the registers.
type Machine struct {
	Kernel   *Kernel
	Platform Platform
	Engine   sampler.Engine
	// Surfaces and Samplers are indexed like Kernel.Surfaces and
	// Kernel.Samplers. A surface whose View has a nil Surface is unbound:
	// an instruction that uses it fails.
	Surfaces []surface.View
	// Quilts holds each surface's quilting, the surface-state fields
	// (QuiltWidth, QuiltHeight): a quilted 2D surface is (QuiltWidth+1) ×
	// (QuiltHeight+1) copies of its view side by side, which only resinfo
	// sees (INFO's table multiplies its width and height). Missing entries
	// are 0 (not quilted). The fields are 5 bits wide, so values are 0..31.
	Quilts   [][2]uint32
	Samplers []sampler.State
	Regs     *Regs
	// CoarsePixel is the thread's coarse pixel size (width, height) under
	// coarse pixel shading: each lane is a fragment of that many pixels.
	// Instructions with .cps divide their quads' derivatives by it (the
	// CPS LOD compensation: λ drops by log2 of the size for a square one);
	// others use the derivatives as they are. Each value is 1, 2 or 4
	// (Intel's coarse pixel sizes, 1×1 to 4×4); 0 means 1.
	CoarsePixel [2]int

	// Buffers reused across Exec calls, so that executing allocates nothing.
	req   sampler.Request
	res   sampler.Result
	st    sampler.State
	buf   [16][]uint32             // parameter bits per slot and lane
	fl    [numParamKinds][]float32 // parameter values per kind and lane
	lod   []float32
	level []int32
	ch    []uint8
	off   [3][]int32
	act   []bool
}

// NewMachine returns a machine for k on platform p with zeroed registers, no
// surfaces bound and every sampler at sampler.DefaultState.
func NewMachine(k *Kernel, p Platform) (*Machine, error) {
	if err := k.ValidateFor(p); err != nil {
		return nil, err
	}
	m := &Machine{Kernel: k, Platform: p, Surfaces: make([]surface.View, len(k.Surfaces)),
		Samplers: make([]sampler.State, len(k.Samplers)), Regs: NewRegs(k)}
	for i := range m.Samplers {
		m.Samplers[i] = sampler.DefaultState()
	}
	return m, nil
}

// LaneError is a per-lane failure reported by the core (an offset out of
// range, a bad gather channel): the lane's results were not written, the
// other lanes' were.
type LaneError struct {
	Inst int // index in Kernel.Insts
	Lane int // the instruction's lane (0..exec size−1)
	Err  error
}

// Error returns "instruction I, lane L: message".
func (e LaneError) Error() string {
	return fmt.Sprintf("instruction %d, lane %d: %v", e.Inst, e.Lane, e.Err)
}

// ErrExec is wrapped by every error Exec returns for an instruction that
// could not run (as opposed to a lane error).
var ErrExec = errors.New("instruction failed")

// Run executes the kernel's instructions in order until ret or the end, and
// returns the lane errors of all of them. It stops at the first instruction
// that cannot run.
func (m *Machine) Run() ([]LaneError, error) {
	var lanes []LaneError
	for i := range m.Kernel.Insts {
		if m.Kernel.Insts[i].Opcode == OpcodeRet {
			break
		}
		le, err := m.Exec(i)
		lanes = append(lanes, le...)
		if err != nil {
			return lanes, err
		}
	}
	return lanes, nil
}

func (m *Machine) fail(in *Inst, format string, args ...any) error {
	e := instErr(in, format, args...)
	return fmt.Errorf("%w: %w", ErrExec, e)
}

// Lanes returns the lanes of instruction i that execute: the channels
// selected by the execution mask that the dispatch mask enables (all of them
// for _NM), and-ed with the predicate.
func (m *Machine) Lanes(i int) ([]bool, error) {
	if i < 0 || i >= len(m.Kernel.Insts) {
		return nil, fmt.Errorf("%w: instruction index %d is out of range (%d instructions)", ErrExec, i, len(m.Kernel.Insts))
	}
	return m.lanes(i, make([]bool, m.Kernel.Insts[i].ExecSize))
}

func (m *Machine) lanes(i int, act []bool) ([]bool, error) {
	in := &m.Kernel.Insts[i]
	n, off := in.ExecSize, in.EMask.Offset()
	if off+n > 32 {
		return nil, m.fail(in, "%s with exec size %d reaches channel %d (at most 31)", in.EMask, n, off+n-1)
	}
	var pbits uint32
	if in.Pred.Var >= 0 {
		d := &m.Kernel.Preds[in.Pred.Var]
		if off+n > d.Elems {
			return nil, m.fail(in, "predicate %s has %d elements; (%s, %d) reads channels %d..%d", d.Name, d.Elems, in.EMask, n, off, off+n-1)
		}
		pbits = m.Regs.Preds[in.Pred.Var] >> uint(off)
		if n < 32 {
			pbits &= 1<<uint(n) - 1
		}
		full := uint32(1<<uint(n) - 1)
		if n == 32 {
			full = 0xffffffff
		}
		switch in.Pred.Control {
		case PredAny:
			if pbits != 0 {
				pbits = full
			}
		case PredAll:
			if pbits != full {
				pbits = 0
			}
		}
		if in.Pred.Invert {
			pbits = ^pbits & full
		}
	}
	for l := 0; l < n; l++ {
		on := in.EMask.NoMask() || m.Regs.Dispatch>>uint(off+l)&1 == 1
		if in.Pred.Var >= 0 {
			on = on && pbits>>uint(l)&1 == 1
		}
		act[l] = on
	}
	return act, nil
}

// operandName names parameter slot j of an instruction (−1: the LOD operand
// of resinfo) in errors.
func operandName(in *Inst, j int) string {
	if j < 0 {
		return "lod"
	}
	return fmt.Sprintf("parameter %d (%s)", j, in.Op.Params[j])
}

// readRaw reads n elements of the raw operand r (parameter slot j) into dst
// as 32-bit patterns (see element).
func (m *Machine) readRaw(in *Inst, j int, r Raw, n int, dst []uint32) error {
	if r.Var < 0 {
		clear(dst[:n])
		return nil
	}
	d := &m.Kernel.Vars[r.Var]
	s := d.Type.Size()
	if end := r.Offset + n*s; end > len(m.Regs.Vars[r.Var]) {
		return m.fail(in, "%s %s.%d: %d elements of type %s read bytes %d..%d, but %s has %d bytes", operandName(in, j), d.Name, r.Offset, n, d.Type, r.Offset, end-1, d.Name, d.Bytes())
	}
	b := m.Regs.Vars[r.Var]
	for i := 0; i < n; i++ {
		dst[i] = element(b, r.Offset+i*s, d.Type)
	}
	return nil
}

// aoffimmi returns the instruction's Aoffimmi value.
func (m *Machine) aoffimmi(in *Inst) (uint16, error) {
	if in.Aoffimmi.Imm {
		return in.Aoffimmi.Value, nil
	}
	d := &m.Kernel.Vars[in.Aoffimmi.Var]
	off := in.Aoffimmi.Row*m.Platform.GRFSize + in.Aoffimmi.Col*d.Type.Size()
	if off+2 > len(m.Regs.Vars[in.Aoffimmi.Var]) {
		return 0, m.fail(in, "aoffimmi %s(%d,%d) is beyond the variable's %d bytes", d.Name, in.Aoffimmi.Row, in.Aoffimmi.Col, d.Bytes())
	}
	if off+d.Type.Size() > len(m.Regs.Vars[in.Aoffimmi.Var]) {
		return 0, m.fail(in, "aoffimmi %s(%d,%d) is beyond the variable's %d bytes", d.Name, in.Aoffimmi.Row, in.Aoffimmi.Col, d.Bytes())
	}
	// A 32-bit register is or-ed whole into the message header by IGC: bits
	// 31..12 must be zero as bits 15..12 of a 16-bit one.
	v := uint32(binary.LittleEndian.Uint16(m.Regs.Vars[in.Aoffimmi.Var][off:]))
	if d.Type.Size() == 4 {
		v = binary.LittleEndian.Uint32(m.Regs.Vars[in.Aoffimmi.Var][off:])
	}
	if v&^0xfff != 0 {
		return 0, m.fail(in, "aoffimmi %s(%d,%d) = 0x%04x: bits %d..12 are reserved and must be zero", d.Name, in.Aoffimmi.Row, in.Aoffimmi.Col, v, 8*d.Type.Size()-1)
	}
	return uint16(v), nil
}

// AoffimmiOffsets splits an Aoffimmi value into its U (bits 11..8), V
// (bits 7..4) and R (bits 3..0) offsets, each a signed 4-bit value −8..7.
func AoffimmiOffsets(v uint16) (u, vv, r int32) {
	s4 := func(x uint16) int32 { return int32(int8(uint8(x&0xf)<<4) >> 4) }
	return s4(v >> 8), s4(v >> 4), s4(v)
}

// PackAoffimmi packs U, V and R offsets (each −8..7) into an Aoffimmi value.
func PackAoffimmi(u, v, r int) (uint16, error) {
	for _, x := range []int{u, v, r} {
		if x < -8 || x > 7 {
			return 0, fmt.Errorf("aoffimmi: offset %d is out of range (-8..7)", x)
		}
	}
	return uint16(u&0xf)<<8 | uint16(v&0xf)<<4 | uint16(r&0xf), nil
}

// UnpackOffUV returns the programmable U and V offsets of a packed OffUV,
// LodOffUV or BiasOffUV parameter: U in bits 5..0 and V in bits 11..6, each
// a signed 6-bit value −32..31.
func UnpackOffUV(bits uint32) (u, v int32) {
	return sext6(bits), sext6(bits >> 6)
}

// PackOffUV packs programmable offsets (each −32..31) into the low 12 bits
// of a parameter.
func PackOffUV(u, v int) (uint32, error) {
	if u < -32 || u > 31 || v < -32 || v > 31 {
		return 0, fmt.Errorf("OffUV: offsets (%d, %d) out of range (-32..31)", u, v)
	}
	return uint32(u&0x3f) | uint32(v&0x3f)<<6, nil
}

// PackedLod returns the LOD or bias of a packed LodOffUV or BiasOffUV
// parameter: the float32 whose bits are bits 31..12 of the parameter, with
// the low 12 bits zero.
func PackedLod(bits uint32) float32 { return math.Float32frombits(bits &^ 0xfff) }

func sext6(x uint32) int32 { return int32(x<<26) >> 26 }

func f32(b uint32) float32 { return math.Float32frombits(b) }

// Exec executes instruction i and returns its lane errors. An error means
// the instruction did not run and wrote nothing.
func (m *Machine) Exec(i int) ([]LaneError, error) {
	k := m.Kernel
	if i < 0 || i >= len(k.Insts) {
		return nil, fmt.Errorf("%w: instruction index %d is out of range (%d instructions)", ErrExec, i, len(k.Insts))
	}
	in := &k.Insts[i]
	if in.Opcode == OpcodeRet {
		return nil, nil
	}
	o := in.Op
	var view surface.View
	if in.Surface < len(m.Surfaces) {
		view = m.Surfaces[in.Surface]
	}
	if view.Surface == nil {
		return nil, m.fail(in, "%s: surface %s is not bound", o.Mnemonic, stateName(&k.Surfaces[in.Surface]))
	}
	n := in.ExecSize
	// SIMD1 and SIMD2 requests of the implicit-LOD operations are completed
	// to a 2×2 quad by helper lanes (see quadLanes).
	nq := quadLanes(o.Core, n)
	if cap(m.act) < 32 {
		m.act = make([]bool, 32)
	}
	act, err := m.lanes(i, m.act[:n])
	if err != nil {
		return nil, err
	}
	act = m.act[:nq]
	clear(act[n:])
	req := &m.req
	*req = sampler.Request{Op: o.Core, Lanes: nq, Active: act}
	for s := range m.buf {
		if cap(m.buf[s]) < 32 {
			m.buf[s] = make([]uint32, 32)
		}
		m.buf[s] = m.buf[s][:nq]
	}
	st := &m.st
	*st = sampler.DefaultState()
	if in.Opcode == OpcodeInfo {
		if o.Sub == ResInfo {
			lv := m.buf[0]
			if err := m.readRaw(in, -1, in.LOD, n, lv); err != nil {
				return nil, err
			}
			level := grow(&m.level, n)
			for l := range level {
				level[l] = int32(lv[l])
			}
			req.Level = level
		}
	} else {
		if in.Sampler < len(m.Samplers) {
			*st = m.Samplers[in.Sampler]
		}
		if err := m.buildSample(in, view, req, nq); err != nil {
			return nil, err
		}
		if in.CPS {
			for a, v := range m.CoarsePixel {
				switch v {
				case 0, 1, 2, 4:
				default:
					return nil, m.fail(in, "%s: coarse pixel size %v: each of width and height must be 1, 2 or 4", o.Mnemonic, m.CoarsePixel)
				}
				req.CoarsePixel[a] = float32(v)
			}
		}
	}
	// Check the destination before running, so that a failure writes nothing.
	var chanBuf [4]int
	chans := m.channels(in, &chanBuf)
	if err := m.checkDst(in, len(chans)); err != nil {
		return nil, err
	}
	res := &m.res
	if err := m.Engine.Execute(view, st, req, res); err != nil {
		return nil, m.fail(in, "%s: %v", o.Mnemonic, err)
	}
	var lanes []LaneError
	for l := 0; l < n; l++ {
		if res.LaneErr != nil && res.LaneErr[l] != nil {
			lanes = append(lanes, LaneError{Inst: i, Lane: l, Err: res.LaneErr[l]})
		}
	}
	if in.Opcode == OpcodeInfo && o.Sub == ResInfo {
		infoSizes(view, act, req.Level, res)
		m.quilt(in.Surface, view, act, res)
	}
	m.writeBack(in, act, chans, res)
	return lanes, nil
}

// infoSizes applies INFO's size rule to resinfo's results: a size is
// (Width+1)>>LOD, the surface state's Width+1 (the size of the surface's
// level 0) shifted by the level (the view's base level plus the lane's
// LOD), which reaches 0 where the mip chain is longer than that dimension
// (a 64×4 surface's level 3 is 8×0), not max(1, size>>LOD) as Vulkan's
// textureSize. IGC 1.0.12504 folds resinfo to exactly this when it knows
// the surface (IGC/Compiler/DynamicTextureFolding.cpp, FoldResInfoValue:
// (WidthOrBufferSize + 1) >> lod, likewise height and depth). The core
// returns max(1, size>>level); lanes whose level is outside the view keep
// its zero sizes. Layer counts (1D and 2D arrays) and cube faces' array
// counts are not shifted.
func infoSizes(view surface.View, act []bool, level []int32, res *sampler.Result) {
	s := view.Surface
	var shifted int // how many of R, G, B are sizes
	switch s.Kind {
	case surface.Kind1D, surface.Kind1DArray:
		shifted = 1
	case surface.Kind2D, surface.Kind2DArray, surface.Kind2DMS, surface.Kind2DMSArray, surface.KindCube, surface.KindCubeArray:
		shifted = 2
	case surface.Kind3D:
		shifted = 3
	}
	size := [3]int{s.Width, s.Height, s.Depth}
	for l, on := range act {
		if !on || level == nil || level[l] < 0 || uint32(level[l]) >= res.Bits[3][l] {
			continue
		}
		shift := view.BaseLevel + int(level[l])
		for c := 0; c < shifted; c++ {
			v := uint32(0)
			if shift < 31 {
				v = uint32(size[c] >> shift)
			}
			res.Bits[c][l] = v
		}
	}
}

// quilt applies INFO's quilting rule to resinfo's results: on 2D and 2D
// array surfaces R = ((Width+1)>>LOD)·(QuiltWidth+1) and
// G = ((Height+1)>>LOD)·(QuiltHeight+1). Zero sizes (an out-of-range LOD)
// stay zero.
func (m *Machine) quilt(surf int, view surface.View, act []bool, res *sampler.Result) {
	if surf >= len(m.Quilts) {
		return
	}
	q := m.Quilts[surf]
	if q == [2]uint32{} {
		return
	}
	switch view.Surface.Kind {
	case surface.Kind2D, surface.Kind2DArray:
	default:
		return
	}
	for l, on := range act {
		if !on {
			continue
		}
		res.Bits[0][l] *= q[0] + 1
		res.Bits[1][l] *= q[1] + 1
	}
}

func stateName(d *Decl) string {
	if d.VName != "" && d.VName != d.Name {
		return fmt.Sprintf("%s (v_name=%s)", d.Name, d.VName)
	}
	return d.Name
}

// quadLanes returns the number of lanes of the core request for an
// instruction of n lanes: n, or 4 when an implicit-LOD operation runs on
// fewer lanes than a 2×2 quad (SIMD1, SIMD2). The sampler computes such an
// operation's derivatives from the whole quad of its message, whose other
// pixels neither vISA nor IGC define (IGC 1.0.12504 copies only exec_size
// elements of each parameter into the message); texunit completes the quad
// with helper lanes that repeat the instruction's lanes (lane l reads lane
// l mod n), so a SIMD2 request has horizontal derivatives and no vertical
// ones, and a SIMD1 request none (λ = −∞: the base level, magnified). The
// helper lanes are never written.
func quadLanes(op sampler.Op, n int) int {
	if op.Implicit() && n < 4 {
		return 4
	}
	return n
}

// buildSample fills req's operands for a 3D_SAMPLE or 3D_SAMPLE4
// instruction from its parameters, over lanes ≥ ExecSize lanes (see
// quadLanes).
func (m *Machine) buildSample(in *Inst, view surface.View, req *sampler.Request, lanes int) error {
	o := in.Op
	n := in.ExecSize
	if len(in.Params) > len(o.Params) {
		return m.fail(in, "%s: %s: the operation's table has %d parameters (%s); IGC passes further parameters to the sampler message as phases the vISA documents do not define, so texunit cannot run them",
			o.Mnemonic, paramName(o, len(o.Params)), len(o.Params), paramList(o.Params))
	}
	// Read the parameters; missing trailing parameters read as 0.
	var slot [numParamKinds][]uint32
	var have [numParamKinds]bool
	for j, p := range o.Params {
		b := m.buf[j]
		if j < len(in.Params) {
			if err := m.readRaw(in, j, in.Params[j], n, b); err != nil {
				return err
			}
			for l := n; l < lanes; l++ {
				b[l] = b[l%n]
			}
			have[p] = true
		} else {
			clear(b)
		}
		slot[p] = b
	}
	n = lanes
	floats := func(p Param) []float32 {
		out := grow(&m.fl[p], n)
		if b := slot[p]; b != nil {
			for l := range out {
				out[l] = f32(b[l])
			}
		} else {
			clear(out)
		}
		return out
	}
	kind := view.Surface.Kind
	// The per-surface-type meaning of u, v, r, ai.
	switch kind {
	case surface.Kind1D:
		req.Coord[0] = floats(ParamU)
	case surface.Kind1DArray, surface.Kind2D, surface.Kind2DMS:
		req.Coord[0], req.Coord[1] = floats(ParamU), floats(ParamV)
	case surface.Kind2DArray, surface.Kind3D, surface.KindCube, surface.Kind2DMSArray:
		req.Coord[0], req.Coord[1], req.Coord[2] = floats(ParamU), floats(ParamV), floats(ParamR)
	case surface.KindCubeArray:
		req.Coord[0], req.Coord[1], req.Coord[2], req.Coord[3] = floats(ParamU), floats(ParamV), floats(ParamR), floats(ParamAI)
	}
	dims := kind.Dims()
	switch o.Core.LodSource() {
	case sampler.LodExplicit:
		if slot[ParamLodOffUV] != nil {
			req.Lod = grow(&m.lod, n)
			for l := range req.Lod {
				req.Lod[l] = PackedLod(slot[ParamLodOffUV][l])
			}
		} else {
			req.Lod = floats(ParamLod)
		}
	case sampler.LodBias:
		if slot[ParamBiasOffUV] != nil {
			req.Bias = grow(&m.lod, n)
			for l := range req.Bias {
				req.Bias[l] = PackedLod(slot[ParamBiasOffUV][l])
			}
		} else {
			req.Bias = floats(ParamBias)
		}
	case sampler.LodGradient:
		grads := [3][2]Param{{ParamDudx, ParamDudy}, {ParamDvdx, ParamDvdy}, {ParamDrdx, ParamDrdy}}
		for a := 0; a < dims; a++ {
			req.DDX[a], req.DDY[a] = floats(grads[a][0]), floats(grads[a][1])
		}
	}
	if o.Core.Compare() {
		req.Ref = floats(ParamRef)
	}
	if in.Opcode == OpcodeSample4 {
		ch := grow(&m.ch, n)
		for l := range ch {
			ch[l] = in.Channels
		}
		req.Channel = ch
	}
	aoff, err := m.aoffimmi(in)
	if err != nil {
		return err
	}
	if o.Core.ProgrammableOffsets() {
		if aoff != 0 {
			return m.fail(in, "%s: aoffimmi must be 0 for the programmable-offset gathers, got 0x%x", o.Mnemonic, aoff)
		}
		ou, ov := grow(&m.off[0], n), grow(&m.off[1], n)
		var packed []uint32
		for _, p := range []Param{ParamOffUV, ParamOffUVR, ParamLodOffUV, ParamBiasOffUV} {
			if slot[p] != nil {
				packed = slot[p]
			}
		}
		for l := 0; l < n; l++ {
			if packed != nil {
				ou[l], ov[l] = UnpackOffUV(packed[l])
			} else {
				// offu and offv: type D, of which the sampler honours the 6
				// low bits as a signed value.
				ou[l], ov[l] = sext6(slot[ParamOffU][l]), sext6(slot[ParamOffV][l])
			}
		}
		req.Offset[0], req.Offset[1] = ou, ov
	} else if aoff != 0 && !kind.IsCube() {
		u, v, r := AoffimmiOffsets(aoff)
		axis := [3]int32{u, v, r}
		for a := 0; a < dims && a < 3; a++ {
			s := grow(&m.off[a], n)
			for l := range s {
				s[l] = axis[a]
			}
			req.Offset[a] = s
		}
	}
	return nil
}

const numParamKinds = int(ParamBiasOffUV) + 1

// grow returns (*b)[:n], reallocating *b when it is too short.
func grow[T any](b *[]T, n int) []T {
	if cap(*b) < n {
		*b = make([]T, 32)
	}
	*b = (*b)[:n]
	return *b
}

// channels returns the result channels an instruction writes, in order.
func (m *Machine) channels(in *Inst, buf *[4]int) []int {
	if in.Opcode == OpcodeSample4 {
		*buf = [4]int{0, 1, 2, 3}
		return buf[:]
	}
	c := buf[:0]
	for b := 0; b < 4; b++ {
		if in.Channels>>uint(b)&1 == 1 {
			c = append(c, b)
		}
	}
	return c
}

// dstLayout returns the byte stride between channels and the element size.
func (m *Machine) dstLayout(in *Inst) (stride, size int) {
	size = m.Kernel.Vars[in.Dst.Var].Type.Size()
	grf := m.Platform.GRFSize
	stride = (in.ExecSize*size + grf - 1) / grf * grf
	return stride, size
}

func (m *Machine) checkDst(in *Inst, nch int) error {
	if in.Dst.Var < 0 {
		return nil
	}
	d := &m.Kernel.Vars[in.Dst.Var]
	if (m.Kernel.rootOffset(in.Dst.Var)+in.Dst.Offset)%m.Platform.GRFSize != 0 {
		return m.fail(in, "dst %s.%d: the destination must start on a GRF boundary (%d bytes; aliases count from their root variable)", d.Name, in.Dst.Offset, m.Platform.GRFSize)
	}
	stride, size := m.dstLayout(in)
	end := in.Dst.Offset + (nch-1)*stride + in.ExecSize*size
	if in.PixelNullMask {
		end = in.Dst.Offset + nch*stride + 4
	}
	if end > d.Bytes() {
		extra := ""
		if in.PixelNullMask {
			extra = " and the pixel null mask GRF"
		}
		return m.fail(in, "dst %s.%d: %d channels of %d %s elements (one per %d-byte GRF)%s need bytes %d..%d, but %s has %d bytes",
			d.Name, in.Dst.Offset, nch, in.ExecSize, d.Type, m.Platform.GRFSize, extra, in.Dst.Offset, end-1, d.Name, d.Bytes())
	}
	return nil
}

// writeBack stores the enabled channels of the enabled lanes, each channel
// starting in the next GRF, then the pixel null mask.
func (m *Machine) writeBack(in *Inst, act []bool, chans []int, res *sampler.Result) {
	if in.Dst.Var < 0 {
		return
	}
	b := m.Regs.Vars[in.Dst.Var]
	m.Regs.Written[in.Dst.Var] = true
	stride, size := m.dstLayout(in)
	ok := func(l int) bool { return act[l] && (res.LaneErr == nil || res.LaneErr[l] == nil) }
	for k, c := range chans {
		base := in.Dst.Offset + k*stride
		for l := 0; l < in.ExecSize; l++ {
			if !ok(l) {
				continue
			}
			v := res.Bits[c][l]
			off := base + l*size
			if size == 4 {
				binary.LittleEndian.PutUint32(b[off:], v)
			} else {
				binary.LittleEndian.PutUint16(b[off:], Narrow16(res.Kind, v))
			}
		}
	}
	if in.PixelNullMask {
		var mask uint32
		for l := 0; l < in.ExecSize; l++ {
			if !(ok(l) && !res.Resident[l]) {
				mask |= 1 << uint(l)
			}
		}
		at := in.Dst.Offset + len(chans)*stride
		binary.LittleEndian.PutUint32(b[at:], mask)
		m.Regs.NullMasks = append(m.Regs.NullMasks, NullMaskAt{Var: in.Dst.Var, Offset: at})
	}
}

// Narrow16 converts a 32-bit result channel to the sampler's 16-bit return
// format (Dst types hf, w, uw): floats round to the nearest half (ties to
// even), unsigned integers saturate to 0..65535 and signed ones to
// −32768..32767.
func Narrow16(kind sampler.ValueKind, v uint32) uint16 {
	switch kind {
	case sampler.ValueUint:
		if v > 0xffff {
			return 0xffff
		}
		return uint16(v)
	case sampler.ValueSint:
		x := int32(v)
		if x > math.MaxInt16 {
			x = math.MaxInt16
		} else if x < math.MinInt16 {
			x = math.MinInt16
		}
		return uint16(int16(x))
	}
	return format.Float64ToHalf(float64(math.Float32frombits(v)))
}
