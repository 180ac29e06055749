package visa

import (
	"fmt"

	"github.com/texunit/texunit/sampler"
)

// Opcode is a vISA instruction opcode (the first byte of an instruction in
// the bytecode).
type Opcode uint8

// The opcodes this package knows. Ret only ends a kernel; the three sampler
// opcodes are the ones it executes.
const (
	OpcodeRet      Opcode = 0x34 // ret: end of the kernel
	OpcodeSample3D Opcode = 0x6d // 3D_SAMPLE
	OpcodeSample4  Opcode = 0x6f // 3D_SAMPLE4 (gather4)
	OpcodeInfo     Opcode = 0x70 // INFO (resinfo, sampleinfo)
	opcodeLoad3D   Opcode = 0x6e // 3D_LOAD: named in errors only
)

// String returns the opcode's name in the vISA specification.
func (o Opcode) String() string {
	switch o {
	case OpcodeRet:
		return "RET"
	case OpcodeSample3D:
		return "3D_SAMPLE"
	case OpcodeSample4:
		return "3D_SAMPLE4"
	case OpcodeInfo:
		return "INFO"
	case opcodeLoad3D:
		return "3D_LOAD"
	}
	return fmt.Sprintf("opcode 0x%02x", uint8(o))
}

// SubOp is the sampler operation in an instruction's Op field (IGC's
// VISASampler3DSubOpCode).
type SubOp uint8

// Sampler operations. The values are the encodings of the Op field.
const (
	Sample      SubOp = 0x00 // sample_3d
	SampleB     SubOp = 0x01 // sample_b
	SampleL     SubOp = 0x02 // sample_l
	SampleC     SubOp = 0x03 // sample_c
	SampleD     SubOp = 0x04 // sample_d
	SampleBC    SubOp = 0x05 // sample_b_c
	SampleLC    SubOp = 0x06 // sample_l_c
	Gather4     SubOp = 0x08 // sample4
	Lod         SubOp = 0x09 // lod
	ResInfo     SubOp = 0x0a // resinfo
	SampleInfo  SubOp = 0x0b // sampleinfo
	Gather4L    SubOp = 0x0d // sample4_l
	Gather4B    SubOp = 0x0e // sample4_b (the document lists 0x0f; see docs/VISA.md)
	Gather4I    SubOp = 0x0f // sample4_i (the document lists 0x0e; see docs/VISA.md)
	Gather4C    SubOp = 0x10 // sample4_c
	Gather4PO   SubOp = 0x11 // sample4_po
	Gather4POC  SubOp = 0x12 // sample4_po_c
	SampleDC    SubOp = 0x14 // sample_d_c
	Gather4IC   SubOp = 0x15 // sample4_i_c
	SampleLZ    SubOp = 0x18 // sample_lz
	SampleCLZ   SubOp = 0x19 // sample_c_lz
	Gather4POL  SubOp = 0x2d // sample4_po_l
	Gather4POB  SubOp = 0x2e // sample4_po_b
	Gather4POI  SubOp = 0x2f // sample4_po_i
	Gather4POIC SubOp = 0x35 // sample4_po_i_c
	Gather4POLC SubOp = 0x37 // sample4_po_l_c
)

// Param names one parameter slot of a sampler operation.
type Param uint8

// Parameter kinds, in the specification's names.
const (
	ParamU         Param = iota // u: normalized x (per surface type, see the package documentation)
	ParamV                      // v
	ParamR                      // r
	ParamAI                     // ai: cube array index
	ParamRef                    // ref: depth reference
	ParamBias                   // bias: LOD bias
	ParamLod                    // lod: explicit LOD
	ParamDudx                   // dudx
	ParamDudy                   // dudy
	ParamDvdx                   // dvdx
	ParamDvdy                   // dvdy
	ParamDrdx                   // drdx
	ParamDrdy                   // drdy
	ParamOffU                   // offu: programmable U offset, type D
	ParamOffV                   // offv: programmable V offset, type D
	ParamOffUV                  // OffUV: packed U and V offsets
	ParamOffUVR                 // OffUV_R: packed U and V offsets (compare form)
	ParamLodOffUV               // LodOffUV: LOD with packed U and V offsets
	ParamBiasOffUV              // BiasOffUV: bias with packed U and V offsets
)

var paramNames = [...]string{"u", "v", "r", "ai", "ref", "bias", "lod", "dudx", "dudy", "dvdx", "dvdy",
	"drdx", "drdy", "offu", "offv", "OffUV", "OffUV_R", "LodOffUV", "BiasOffUV"}

// String returns the parameter's name in the specification.
func (p Param) String() string {
	if int(p) < len(paramNames) {
		return paramNames[p]
	}
	return fmt.Sprintf("param(%d)", uint8(p))
}

// packed reports whether the parameter holds offsets packed into 32 bits.
func (p Param) packed() bool {
	return p == ParamOffUV || p == ParamOffUVR || p == ParamLodOffUV || p == ParamBiasOffUV
}

// integer reports whether the parameter is an integer (type D) operand.
func (p Param) integer() bool { return p == ParamOffU || p == ParamOffV }

// OpInfo describes one sampler operation.
type OpInfo struct {
	Sub      SubOp
	Opcode   Opcode
	Mnemonic string     // the vISA assembly mnemonic
	Core     sampler.Op // the core operation it runs
	Params   []Param    // the parameter table of the specification's Notes
	// CPS reports whether the CPS LOD compensation bit is allowed.
	CPS bool
	// Wide reports whether the encoding needs the 16-bit Op field of vISA 4
	// and later (sub-opcodes above 0x1f).
	Wide bool
}

var (
	pUVRA = []Param{ParamU, ParamV, ParamR, ParamAI}
	ops   = []OpInfo{
		{Sub: Sample, Opcode: OpcodeSample3D, Mnemonic: "sample_3d", Core: sampler.OpSample, Params: pUVRA, CPS: true},
		{Sub: SampleB, Opcode: OpcodeSample3D, Mnemonic: "sample_b", Core: sampler.OpSampleB, Params: []Param{ParamBias, ParamU, ParamV, ParamR, ParamAI}, CPS: true},
		{Sub: SampleL, Opcode: OpcodeSample3D, Mnemonic: "sample_l", Core: sampler.OpSampleL, Params: []Param{ParamLod, ParamU, ParamV, ParamR, ParamAI}},
		{Sub: SampleC, Opcode: OpcodeSample3D, Mnemonic: "sample_c", Core: sampler.OpSampleC, Params: []Param{ParamRef, ParamU, ParamV, ParamR, ParamAI}, CPS: true},
		{Sub: SampleD, Opcode: OpcodeSample3D, Mnemonic: "sample_d", Core: sampler.OpSampleD, Params: []Param{ParamU, ParamDudx, ParamDudy, ParamV, ParamDvdx, ParamDvdy, ParamR, ParamDrdx, ParamDrdy, ParamAI}},
		{Sub: SampleBC, Opcode: OpcodeSample3D, Mnemonic: "sample_b_c", Core: sampler.OpSampleBC, Params: []Param{ParamRef, ParamBias, ParamU, ParamV, ParamR, ParamAI}, CPS: true},
		{Sub: SampleLC, Opcode: OpcodeSample3D, Mnemonic: "sample_l_c", Core: sampler.OpSampleLC, Params: []Param{ParamRef, ParamLod, ParamU, ParamV, ParamR, ParamAI}},
		{Sub: Lod, Opcode: OpcodeSample3D, Mnemonic: "lod", Core: sampler.OpLod, Params: pUVRA, CPS: true},
		{Sub: SampleDC, Opcode: OpcodeSample3D, Mnemonic: "sample_d_c", Core: sampler.OpSampleDC, Params: []Param{ParamRef, ParamU, ParamDudx, ParamDudy, ParamV, ParamDvdx, ParamDvdy, ParamR, ParamDrdx, ParamDrdy, ParamAI}},
		{Sub: SampleLZ, Opcode: OpcodeSample3D, Mnemonic: "sample_lz", Core: sampler.OpSampleLZ, Params: pUVRA},
		{Sub: SampleCLZ, Opcode: OpcodeSample3D, Mnemonic: "sample_c_lz", Core: sampler.OpSampleCLZ, Params: []Param{ParamRef, ParamU, ParamV, ParamR, ParamAI}},

		{Sub: Gather4, Opcode: OpcodeSample4, Mnemonic: "sample4", Core: sampler.OpGather4, Params: pUVRA},
		{Sub: Gather4C, Opcode: OpcodeSample4, Mnemonic: "sample4_c", Core: sampler.OpGather4C, Params: []Param{ParamRef, ParamU, ParamV, ParamR, ParamAI}},
		{Sub: Gather4L, Opcode: OpcodeSample4, Mnemonic: "sample4_l", Core: sampler.OpGather4L, Params: []Param{ParamLod, ParamU, ParamV, ParamR, ParamAI}},
		{Sub: Gather4B, Opcode: OpcodeSample4, Mnemonic: "sample4_b", Core: sampler.OpGather4B, Params: []Param{ParamBias, ParamU, ParamV, ParamR, ParamAI}},
		{Sub: Gather4I, Opcode: OpcodeSample4, Mnemonic: "sample4_i", Core: sampler.OpGather4I, Params: pUVRA},
		{Sub: Gather4IC, Opcode: OpcodeSample4, Mnemonic: "sample4_i_c", Core: sampler.OpGather4IC, Params: []Param{ParamRef, ParamU, ParamV, ParamR}},
		{Sub: Gather4PO, Opcode: OpcodeSample4, Mnemonic: "sample4_po", Core: sampler.OpGather4PO, Params: []Param{ParamU, ParamV, ParamOffU, ParamOffV, ParamR}},
		{Sub: Gather4POC, Opcode: OpcodeSample4, Mnemonic: "sample4_po_c", Core: sampler.OpGather4POC, Params: []Param{ParamRef, ParamU, ParamV, ParamOffU, ParamOffV, ParamR}},
		{Sub: Gather4POL, Opcode: OpcodeSample4, Mnemonic: "sample4_po_l", Core: sampler.OpGather4POL, Params: []Param{ParamLodOffUV, ParamU, ParamV, ParamR, ParamAI}, Wide: true},
		{Sub: Gather4POB, Opcode: OpcodeSample4, Mnemonic: "sample4_po_b", Core: sampler.OpGather4POB, Params: []Param{ParamBiasOffUV, ParamU, ParamV, ParamR}, Wide: true},
		{Sub: Gather4POI, Opcode: OpcodeSample4, Mnemonic: "sample4_po_i", Core: sampler.OpGather4POI, Params: []Param{ParamU, ParamV, ParamR, ParamOffUV}, Wide: true},
		{Sub: Gather4POIC, Opcode: OpcodeSample4, Mnemonic: "sample4_po_i_c", Core: sampler.OpGather4POIC, Params: []Param{ParamRef, ParamU, ParamV, ParamR, ParamOffUVR}, Wide: true},
		{Sub: Gather4POLC, Opcode: OpcodeSample4, Mnemonic: "sample4_po_l_c", Core: sampler.OpGather4POLC, Params: []Param{ParamRef, ParamLodOffUV, ParamU, ParamV, ParamR}, Wide: true},

		{Sub: ResInfo, Opcode: OpcodeInfo, Mnemonic: "resinfo", Core: sampler.OpResInfo},
		{Sub: SampleInfo, Opcode: OpcodeInfo, Mnemonic: "sampleinfo", Core: sampler.OpSampleInfo},
	}
	opBySub  = map[opKey]*OpInfo{}
	opByName = map[string]*OpInfo{}
)

type opKey struct {
	opcode Opcode
	sub    SubOp
}

func init() {
	for i := range ops {
		o := &ops[i]
		opBySub[opKey{o.Opcode, o.Sub}] = o
		opByName[o.Mnemonic] = o
	}
}

// Ops returns every sampler operation this package implements, 3D_SAMPLE
// first, then 3D_SAMPLE4, then INFO.
func Ops() []OpInfo { return append([]OpInfo(nil), ops...) }

// LookupOp returns the operation with the given opcode and sub-opcode.
func LookupOp(opcode Opcode, sub SubOp) (*OpInfo, bool) {
	o, ok := opBySub[opKey{opcode, sub}]
	return o, ok
}

// LookupMnemonic returns the operation with the given assembly mnemonic.
func LookupMnemonic(m string) (*OpInfo, bool) {
	o, ok := opByName[m]
	return o, ok
}

// Type is a vISA element type; the values are the bytecode's type codes.
type Type uint8

// Element types.
const (
	TypeUD Type = 0
	TypeD  Type = 1
	TypeUW Type = 2
	TypeW  Type = 3
	TypeUB Type = 4
	TypeB  Type = 5
	TypeDF Type = 6
	TypeF  Type = 7
	TypeUQ Type = 11
	TypeQ  Type = 13
	TypeHF Type = 14
)

var typeNames = map[Type]string{TypeUD: "ud", TypeD: "d", TypeUW: "uw", TypeW: "w", TypeUB: "ub", TypeB: "b",
	TypeDF: "df", TypeF: "f", TypeUQ: "uq", TypeQ: "q", TypeHF: "hf"}

// String returns the type's name in vISA assembly ("f", "hf", "ud", ...).
func (t Type) String() string {
	if s, ok := typeNames[t]; ok {
		return s
	}
	return fmt.Sprintf("type(%d)", uint8(t))
}

// Valid reports whether t is a type a general variable may have here.
func (t Type) Valid() bool { _, ok := typeNames[t]; return ok }

// Size returns the size of one element in bytes.
func (t Type) Size() int {
	switch t {
	case TypeUB, TypeB:
		return 1
	case TypeUW, TypeW, TypeHF:
		return 2
	case TypeUD, TypeD, TypeF:
		return 4
	}
	return 8
}

func parseType(s string) (Type, bool) {
	for t, n := range typeNames {
		if n == s {
			return t, true
		}
	}
	return 0, false
}

// Align is a variable's alignment; the values are the bytecode's codes.
type Align uint8

// Alignments. AlignByte is the default and is not printed.
const (
	AlignByte Align = iota
	AlignWord
	AlignDword
	AlignQword
	AlignOword
	AlignGRF
	AlignGRFx2
	AlignHword
	AlignWordx32
	AlignWordx64
)

var alignNames = [...]string{"byte", "word", "dword", "qword", "oword", "GRF", "GRFx2", "hword", "wordx32", "wordx64"}

// String returns the alignment's name in vISA assembly.
func (a Align) String() string {
	if int(a) < len(alignNames) {
		return alignNames[a]
	}
	return fmt.Sprintf("align(%d)", uint8(a))
}

// EMask is an instruction's execution mask control: M1..M8 select the
// first channel (0, 4, ..., 28) and the _NM forms ignore the dispatch mask.
type EMask uint8

// Execution masks, with the bytecode's values.
const (
	M1 EMask = iota
	M2
	M3
	M4
	M5
	M6
	M7
	M8
	M1NM
	M2NM
	M3NM
	M4NM
	M5NM
	M6NM
	M7NM
	M8NM
)

var emaskNames = [...]string{"M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8",
	"M1_NM", "M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM"}

// String returns the mask's name ("M1", "M5_NM", ...).
func (m EMask) String() string {
	if int(m) < len(emaskNames) {
		return emaskNames[m]
	}
	return fmt.Sprintf("emask(%d)", uint8(m))
}

// NoMask reports whether the mask ignores the dispatch mask.
func (m EMask) NoMask() bool { return m >= M1NM }

// Offset returns the first channel the mask selects: 4·(n−1) for Mn.
func (m EMask) Offset() int { return 4 * int(m&7) }

// validFor reports whether the mask can go with the execution size, as IGC's
// finalizer accepts them (Get_Gen4_Emask and the verifier's rule that the
// channels end by 31): SIMD1, SIMD2 and SIMD4 any of M1..M8; SIMD8 M1, M3,
// M5, M7; SIMD16 M1, M5; SIMD32 M1.
func (m EMask) validFor(size int) bool {
	n := m & 7
	switch size {
	case 8:
		return n%2 == 0
	case 16:
		return n == 0 || n == 4
	case 32:
		return n == 0
	case 1, 2, 4:
		return true
	}
	return false
}

// PredCtrl is a predicate's combining control.
type PredCtrl uint8

// Predicate controls: per channel, or any/all of the instruction's channels.
const (
	PredNone PredCtrl = iota
	PredAny
	PredAll
)

// Pred is an instruction's predicate. Var is the index of the predicate
// variable in Kernel.Preds, or −1 for an unpredicated instruction.
type Pred struct {
	Var     int
	Invert  bool
	Control PredCtrl
}

// NoPred is the predicate of an instruction that always executes.
var NoPred = Pred{Var: -1}
