package txd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Reg is a general-purpose register number: 0..254 are R0..R254 and RZ (255)
// reads zero and discards writes.
type Reg uint8

// RZ is the zero register.
const RZ Reg = 255

// String returns "R12" or "RZ".
func (r Reg) String() string {
	if r == RZ {
		return "RZ"
	}
	return "R" + strconv.Itoa(int(r))
}

// Pred is a predicate register number: 0..6 are P0..P6 and PT (7) reads true
// and discards writes.
type Pred uint8

// PT is the always-true predicate.
const PT Pred = 7

// String returns "P3" or "PT".
func (p Pred) String() string {
	if p == PT {
		return "PT"
	}
	return "P" + strconv.Itoa(int(p))
}

// Param is the #paramA source coordinate description: the hardware's 3-bit
// field (bit 0 array, bits 2:1 the dimensionality 1D, 2D, 3D, CUBE). TXD
// executes only Param1D, ParamArray1D, Param2D and ParamArray2D; the other
// four values are RESERVED for TXD, which cannot sample 3D and cube
// textures. They are still instruction words the hardware's decoder sees,
// and nvdisasm prints them (3D, ARRAY_3D, CUBE, ARRAY_CUBE): Parse, Encode,
// Decode and String take them, Machine.Exec refuses them.
type Param uint8

// Coordinate descriptions, numbered as in the instruction word.
const (
	Param1D        Param = 0
	ParamArray1D   Param = 1
	Param2D        Param = 2
	ParamArray2D   Param = 3
	Param3D        Param = 4 // reserved for TXD
	ParamArray3D   Param = 5 // reserved for TXD
	ParamCube      Param = 6 // reserved for TXD
	ParamArrayCube Param = 7 // reserved for TXD
)

var paramNames = [8]string{"1D", "ARRAY_1D", "2D", "ARRAY_2D", "3D", "ARRAY_3D", "CUBE", "ARRAY_CUBE"}

// String returns the specifier as written in the instruction ("ARRAY_2D").
func (p Param) String() string {
	if p < 8 {
		return paramNames[p]
	}
	return fmt.Sprintf("Param(%d)", uint8(p))
}

// Valid reports whether TXD executes the specifier (1D, ARRAY_1D, 2D,
// ARRAY_2D).
func (p Param) Valid() bool { return p <= ParamArray2D }

// IsArray reports whether the specifier carries an array index.
func (p Param) IsArray() bool { return p&1 != 0 }

// Dims returns the number of floating-point coordinates: 1 or 2 for the
// valid specifiers (3 for the reserved 3D and CUBE forms).
func (p Param) Dims() int {
	switch p >> 1 {
	case 0:
		return 1
	case 1:
		return 2
	}
	return 3
}

// errReserved is the message for the four reserved specifiers.
func errReserved(p Param) error {
	return fmt.Errorf("#paramA %s: TXD cannot sample %s textures (the specifier is RESERVED for TXD; "+
		"the hardware has no 3D or CUBE derivative path, emulate it with SHFL/TEX)", p, p)
}

// Phase is the .phase modifier: the texture-hash increment used for
// scheduling. It has no effect on results.
type Phase uint8

// Phases.
const (
	PhaseNone Phase = iota // no modifier
	PhaseT                 // .T: increment the 3-bit texture component of the hash
	PhaseP                 // .P: increment the 5-bit phase component, zero the texture component
	// PhaseInvalid3 is the fourth value of the control slot's two phase
	// bits, which the specification does not define; nvdisasm prints it as
	// .INVALIDPHASE3, and so does this package. Machine.Exec refuses it.
	PhaseInvalid3
)

// String returns "", "T", "P" or "INVALIDPHASE3".
func (p Phase) String() string {
	switch p {
	case PhaseT:
		return "T"
	case PhaseP:
		return "P"
	case PhaseInvalid3:
		return "INVALIDPHASE3"
	}
	return ""
}

// Arch is an SM 5.x/6.x architecture, numbered as in sm_52. The TXD word is
// the same on all of them; sm_50 (GM10x) lacks the LOD clamp (.LC) and the
// sparse predicate (nvdisasm -b SM50 refuses both). The zero value means
// DefaultArch.
type Arch int

// The architectures nvdisasm 11.8 reads this encoding for.
const (
	SM50 Arch = 50
	SM52 Arch = 52
	SM53 Arch = 53
	SM60 Arch = 60
	SM61 Arch = 61
	SM62 Arch = 62
)

// DefaultArch is sm_52, the architecture the package's encoding was first
// checked against.
const DefaultArch = SM52

// Archs lists the architectures, oldest first.
var Archs = []Arch{SM50, SM52, SM53, SM60, SM61, SM62}

// String returns "sm_52".
func (a Arch) String() string { return "sm_" + strconv.Itoa(int(a.orDefault())) }

func (a Arch) orDefault() Arch {
	if a == 0 {
		return DefaultArch
	}
	return a
}

// ParseArch reads "sm_52" (or "52", "SM52"; case-insensitive).
func ParseArch(s string) (Arch, error) {
	t := strings.ToLower(s)
	t = strings.TrimPrefix(strings.TrimPrefix(t, "sm_"), "sm")
	n, err := strconv.Atoi(t)
	if err == nil {
		for _, a := range Archs {
			if int(a) == n {
				return a, nil
			}
		}
	}
	return 0, fmt.Errorf("architecture %q: want one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62", s)
}

// ErrArch is wrapped by the errors of CheckArch.
var ErrArch = errors.New("architecture")

// CheckArch reports whether architecture a has everything in uses: sm_50
// has no .LC and no sparse predicate (Ps must be PT), as nvdisasm -b SM50
// says ("Unrecognized operation"); sm_52 and later have both.
func (in Inst) CheckArch(a Arch) error {
	a = a.orDefault()
	if a != SM50 {
		return nil
	}
	if in.LodClamp {
		return fmt.Errorf("%w: %s has no .LC (the LOD clamp is sm_52 and later)", ErrArch, a)
	}
	if in.Ps != PT {
		return fmt.Errorf("%w: %s has no sparse predicate (Ps %s; sm_52 and later)", ErrArch, a, in.Ps)
	}
	return nil
}

// Barrier names one of the six scoreboard barriers SB0..SB5 in an &rd or
// &wr annotation; NoBarrier (the zero value) means the annotation is absent.
type Barrier uint8

// NoBarrier is the absent annotation.
const NoBarrier Barrier = 0

// SB returns the barrier with index n (0..5).
func SB(n int) Barrier { return Barrier(n + 1) }

// Index returns the barrier's index 0..5, and false for NoBarrier.
func (b Barrier) Index() (int, bool) { return int(b) - 1, b != NoBarrier }

// Sched holds the scheduling annotations written after the operands. They do
// not change what the instruction computes; they are kept so that a parsed
// program prints back as written, and (except Hint) travel in the Maxwell
// control word.
type Sched struct {
	Req  uint8   // &req={…}: bit n set = wait on barrier SBn (6 bits)
	Rd   Barrier // &rd=0xN: the barrier released when the sources have been read
	Wr   Barrier // &wr=0xN: the barrier released when the results have been written
	Hint string  // ?NAME: the scheduling hint, without the '?'; "" when absent
}

// Inst is one TXD instruction. Use Parse or Decode to build one; the zero
// value is "@P0 TXD.…" with every register R0, so set Guard and Ps to PT for
// an unguarded instruction without a sparse predicate.
type Inst struct {
	Guard     Pred   // guard predicate; PT (with GuardNot false) when absent
	GuardNot  bool   // @!Pg
	Bindless  bool   // .B: Ra+0 holds the handle; TsPtrIdx is ignored
	LodClamp  bool   // .LC: the packed word carries a u4.8 LOD clamp
	Offsets   bool   // .AOFFI: the packed word carries texel offsets
	NoDep     bool   // .NODEP
	Phase     Phase  // .T / .P
	Ps        Pred   // sparse predicate; PT when absent
	Rd        Reg    // first destination register
	Ra        Reg    // first parameter register (handle, s, t, packed word)
	Rb        Reg    // first derivative register (dsdx, dsdy, dtdx, dtdy)
	TsPtrIdx  uint16 // #tsPtrIdxU13: constant-bank word index of the handle (13 bits); 0 with .B
	Param     Param  // #paramA
	WriteMask uint8  // #wmskU04: bit c enables component c (R, G, B, A)
	Sched     Sched
}

// MaxTsPtrIdx is the largest #tsPtrIdxU13.
const MaxTsPtrIdx = 1<<13 - 1

// String returns the canonical text, which is what NVIDIA's nvdisasm and
// cuobjdump print for the same instruction, followed by the scheduling
// annotations in the notation NVIDIA's tools use for newer architectures
// (they print none for SM 5.x): for example
//
//	@!P1 TXD.B.AOFFI.T P0, R4, R8, R12, 0x0, ARRAY_2D, 0x9 &wr=0x1 ;
//	TXD R0, R2, R4, 0x5, 2D, 0xf &req={0,1} &rd=0x2 ?trans1;
func (in Inst) String() string {
	var b strings.Builder
	if in.Guard != PT || in.GuardNot {
		b.WriteByte('@')
		if in.GuardNot {
			b.WriteByte('!')
		}
		b.WriteString(in.Guard.String())
		b.WriteByte(' ')
	}
	b.WriteString("TXD")
	for _, m := range []struct {
		on   bool
		name string
	}{{in.Bindless, ".B"}, {in.LodClamp, ".LC"}, {in.Offsets, ".AOFFI"}, {in.NoDep, ".NODEP"}} {
		if m.on {
			b.WriteString(m.name)
		}
	}
	if in.Phase != PhaseNone {
		b.WriteByte('.')
		b.WriteString(in.Phase.String())
	}
	b.WriteByte(' ')
	if in.Ps != PT {
		b.WriteString(in.Ps.String())
		b.WriteString(", ")
	}
	ts := in.TsPtrIdx
	if in.Bindless {
		ts = 0
	}
	fmt.Fprintf(&b, "%s, %s, %s, %#x, %s, %#x", in.Rd, in.Ra, in.Rb, ts, in.Param, in.WriteMask&0xf)
	if in.Sched.Req != 0 {
		b.WriteString(" &req={")
		first := true
		for i := 0; i < 6; i++ {
			if in.Sched.Req&(1<<i) != 0 {
				if !first {
					b.WriteByte(',')
				}
				first = false
				b.WriteString(strconv.Itoa(i))
			}
		}
		b.WriteByte('}')
	}
	if n, ok := in.Sched.Rd.Index(); ok {
		fmt.Fprintf(&b, " &rd=%#x", n)
	}
	if n, ok := in.Sched.Wr.Index(); ok {
		fmt.Fprintf(&b, " &wr=%#x", n)
	}
	if in.Sched.Hint != "" {
		// NVIDIA's listings put the hint right before the semicolon:
		// "LDC R6, c[0x0][0x2f8] &wr=0x1 ?trans3;".
		b.WriteString(" ?")
		b.WriteString(in.Sched.Hint)
		b.WriteString(";")
		return b.String()
	}
	b.WriteString(" ;")
	return b.String()
}
