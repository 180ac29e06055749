package msaa

import "fmt"

// Machine is the register model image_msaa_load executes on: a wave of 32
// or 64 lanes with an exec mask, 256 VGPRs of one 32-bit word per lane,
// and resource descriptors (s[N:N+7] or ttmp[N:N+7]) bound to surfaces.
// The descriptor's bits are not modelled: Bind says which surface the
// registers stand for.
type Machine struct {
	Target Target
	Wave   int    // 32 or 64
	Exec   uint64 // lane i executes when bit i is set
	VGPR   [256][]uint32
	// Fill is the policy for register elements whose samples the surface
	// does not have (a 2x surface read as a group of four): FillZero by
	// default, as out-of-range samples read zero memory.
	Fill     Fill
	Constant uint32
	// Traffic is the memory accounting of the last instruction.
	Traffic   Traffic
	resources map[uint8]*Surface
	res       Result
}

// NewMachine returns a machine for target t with a wave of `wave` lanes,
// all active, registers zero.
func NewMachine(t Target, wave int) (*Machine, error) {
	if wave != 32 && wave != 64 {
		return nil, errf("wave", wave, "is not a wave size (32 or 64)")
	}
	m := &Machine{Target: t, Wave: wave, Exec: ^uint64(0) >> (64 - wave), Fill: FillZero, resources: map[uint8]*Surface{}}
	for i := range m.VGPR {
		m.VGPR[i] = make([]uint32, wave)
	}
	return m, nil
}

// Bind makes the descriptor whose first register is srsrc (s0–s105 as
// 0–105, ttmp0–15 as 108–123, a multiple of 4) stand for surface s.
func (m *Machine) Bind(srsrc uint8, s *Surface) error {
	if int(srsrc)%4 != 0 || (int(srsrc)+7 > lastSGPR && srsrc < ttmpBase) || int(srsrc)+7 > ttmpBase+lastTTMP {
		return errf("srsrc", srsrc, "is not the first register of an aligned s[N:N+7] or ttmp[N:N+7]")
	}
	m.resources[srsrc] = s
	return nil
}

// Execute runs in on the machine. Per active lane it reads the address
// VGPRs — x, y, [slice,] fragment index, as 32-bit signed integers, or
// with a16 packed two per register as unsigned 16-bit halves, low half
// first — and loads the group of four samples that holds the fragment
// index (samples 4·⌊index/4⌋ …), of the component the dmask selects (its
// lowest set bit; depth surfaces have one), into vdata: four elements (two
// registers with d16), then the residency code with tfe. On gfx1030, where
// LLVM 15 sizes vdata by the dmask, the first VDataRegs−tfe words are
// written. unorm, glc, slc, dlc, r128 and lwe do not change the result.
func (m *Machine) Execute(in *Inst) error {
	if err := in.Validate(m.Target); err != nil {
		return err
	}
	s := m.resources[in.SRsrc]
	if s == nil {
		return errf("srsrc", in.SRsrc, "has no surface bound")
	}
	comp := 0
	for d := in.DMask & 15; d&1 == 0 && d != 0; d >>= 1 {
		comp++
	}
	if comp >= s.Components {
		return errf("dmask", hexImm(in.DMask), "selects component %d, but the surface has %d", comp, s.Components)
	}
	n := m.Wave
	w := &Wave{Size: n, Exec: m.Exec, X: make([]int32, n), Y: make([]int32, n), Slice: make([]int32, n), Sample: make([]int32, n)}
	array := in.Dim == Dim2DMSAAArray
	for lane := 0; lane < n; lane++ {
		var a [4]int32
		if in.A16 {
			for i := 0; i < len(in.VAddr); i++ {
				v := m.VGPR[in.VAddr[i]][lane]
				a[2*i] = int32(v & 0xffff)
				if 2*i+1 < 4 {
					a[2*i+1] = int32(v >> 16)
				}
			}
		} else {
			for i, r := range in.VAddr {
				a[i] = int32(m.VGPR[r][lane])
			}
		}
		w.X[lane], w.Y[lane] = a[0], a[1]
		if array {
			w.Slice[lane], w.Sample[lane] = a[2], a[3]
		} else {
			w.Sample[lane] = a[2]
		}
	}
	ins := Instruction{Mode: SameComponent, Component: comp, GroupFromSample: true, Fill: m.Fill,
		Constant: m.Constant, Half: in.D16, Residency: in.TFE}
	if s.Depth {
		ins.Mode = DepthSamples
	}
	if err := s.Load(&ins, w, &m.res); err != nil {
		return fmt.Errorf("msaa: executing %s: %w", in, err)
	}
	m.Traffic = m.res.Traffic
	data := in.VDataRegs
	if in.TFE {
		data--
	}
	data = min(data, m.res.Plan.RegisterDwords)
	for lane := 0; lane < n; lane++ {
		if m.Exec>>lane&1 == 0 {
			continue
		}
		for d := 0; d < data; d++ {
			m.VGPR[int(in.VData)+d][lane] = m.res.Dword[d][lane]
		}
		if in.TFE {
			m.VGPR[int(in.VData)+in.VDataRegs-1][lane] = m.res.Dword[m.res.Plan.Dwords-1][lane]
		}
	}
	return nil
}
