package sampler

import "fmt"

// Op is a texture operation. The names are the Intel vISA ones, which are
// also Direct3D's: see the table in the package documentation.
//
// The gathers (OpGather4 and the others whose names start with gather4)
// return, per lane, one channel (Request.Channel, or the compare result)
// of the four texels of the bilinear footprint, in Vulkan's "Texel
// Gathering" order: Result channel 0 (R) is texel (i0, j1), 1 (G) is
// (i1, j1), 2 (B) is (i1, j0) and 3 (A) is (i0, j0), where (i0, j0) is the
// footprint's upper-left texel, i increasing to the right and j down.
type Op uint8

// Operations.
const (
	OpSample      Op = iota // implicit LOD (2×2 quads)
	OpSampleB               // implicit LOD + bias
	OpSampleL               // explicit LOD
	OpSampleLZ              // LOD 0
	OpSampleD               // explicit gradients
	OpSampleC               // compare, implicit LOD
	OpSampleBC              // compare, implicit LOD + bias
	OpSampleLC              // compare, explicit LOD
	OpSampleCLZ             // compare, LOD 0
	OpSampleDC              // compare, explicit gradients
	OpLod                   // LOD query: clamped and unclamped LOD
	OpGather4               // gather at the base level
	OpGather4C              // gather with compare at the base level
	OpGather4L              // gather at an explicit LOD
	OpGather4B              // gather at the implicit LOD + bias
	OpGather4I              // gather at the implicit LOD
	OpGather4IC             // gather with compare at the implicit LOD
	OpGather4PO             // gather with per-lane programmable offsets, base level
	OpGather4POC            // gather, programmable offsets, compare
	OpGather4POL            // gather, programmable offsets, explicit LOD
	OpGather4POB            // gather, programmable offsets, implicit LOD + bias
	OpGather4POI            // gather, programmable offsets, implicit LOD
	OpGather4POIC           // gather, programmable offsets, implicit LOD, compare
	OpGather4POLC           // gather, programmable offsets, explicit LOD, compare
	OpFetch                 // integer texel coordinates and level
	OpFetchMS               // integer texel coordinates and sample index
	OpResInfo               // size and level count at a level
	OpSampleInfo            // sample count and sample position palette
	OpSamplePos             // standard sample position of a sample index
	numOps
)

// LodSource says where an operation takes its level of detail from.
type LodSource uint8

// LOD sources.
const (
	LodNone      LodSource = iota // no LOD (fetch, queries)
	LodImplicit                   // from the 2×2 quad's derivatives
	LodBias                       // implicit plus the lane's bias
	LodExplicit                   // the lane's LOD
	LodZero                       // LOD 0
	LodGradient                   // from the lane's explicit gradients
	LodBaseLevel                  // the view's base level, no LOD computed (gather4, gather4_po)
)

// OpKind is the family of an operation.
type OpKind uint8

// Operation families.
const (
	KindSample OpKind = iota
	KindLodQuery
	KindGather
	KindFetch
	KindQuery
)

type opInfo struct {
	name    string
	kind    OpKind
	lod     LodSource
	compare bool
	po      bool // programmable (per-lane, wide) offsets
}

var opTable = [numOps]opInfo{
	OpSample:      {"sample", KindSample, LodImplicit, false, false},
	OpSampleB:     {"sample_b", KindSample, LodBias, false, false},
	OpSampleL:     {"sample_l", KindSample, LodExplicit, false, false},
	OpSampleLZ:    {"sample_lz", KindSample, LodZero, false, false},
	OpSampleD:     {"sample_d", KindSample, LodGradient, false, false},
	OpSampleC:     {"sample_c", KindSample, LodImplicit, true, false},
	OpSampleBC:    {"sample_b_c", KindSample, LodBias, true, false},
	OpSampleLC:    {"sample_l_c", KindSample, LodExplicit, true, false},
	OpSampleCLZ:   {"sample_c_lz", KindSample, LodZero, true, false},
	OpSampleDC:    {"sample_d_c", KindSample, LodGradient, true, false},
	OpLod:         {"lod", KindLodQuery, LodImplicit, false, false},
	OpGather4:     {"gather4", KindGather, LodBaseLevel, false, false},
	OpGather4C:    {"gather4_c", KindGather, LodBaseLevel, true, false},
	OpGather4L:    {"gather4_l", KindGather, LodExplicit, false, false},
	OpGather4B:    {"gather4_b", KindGather, LodBias, false, false},
	OpGather4I:    {"gather4_i", KindGather, LodImplicit, false, false},
	OpGather4IC:   {"gather4_i_c", KindGather, LodImplicit, true, false},
	OpGather4PO:   {"gather4_po", KindGather, LodBaseLevel, false, true},
	OpGather4POC:  {"gather4_po_c", KindGather, LodBaseLevel, true, true},
	OpGather4POL:  {"gather4_po_l", KindGather, LodExplicit, false, true},
	OpGather4POB:  {"gather4_po_b", KindGather, LodBias, false, true},
	OpGather4POI:  {"gather4_po_i", KindGather, LodImplicit, false, true},
	OpGather4POIC: {"gather4_po_i_c", KindGather, LodImplicit, true, true},
	OpGather4POLC: {"gather4_po_l_c", KindGather, LodExplicit, true, true},
	OpFetch:       {"fetch", KindFetch, LodNone, false, false},
	OpFetchMS:     {"fetch_ms", KindFetch, LodNone, false, false},
	OpResInfo:     {"resinfo", KindQuery, LodNone, false, false},
	OpSampleInfo:  {"sampleinfo", KindQuery, LodNone, false, false},
	OpSamplePos:   {"samplepos", KindQuery, LodNone, false, false},
}

// String returns the operation's name ("sample_l", "gather4_po", ...).
func (o Op) String() string {
	if o < numOps {
		return opTable[o].name
	}
	return fmt.Sprintf("op(%d)", uint8(o))
}

// Valid reports whether o is a defined operation.
func (o Op) Valid() bool { return o < numOps }

// Kind returns the operation's family.
func (o Op) Kind() OpKind { return opTable[o].kind }

// LodSource returns where the operation takes its LOD from.
func (o Op) LodSource() LodSource { return opTable[o].lod }

// Compare reports whether the operation is a depth-compare form.
func (o Op) Compare() bool { return opTable[o].compare }

// ProgrammableOffsets reports whether the operation takes per-lane offsets in −32..31.
func (o Op) ProgrammableOffsets() bool { return opTable[o].po }

// Implicit reports whether the operation derives its LOD from 2×2 quads.
func (o Op) Implicit() bool { l := opTable[o].lod; return l == LodImplicit || l == LodBias }

// Ops returns every operation in declaration order.
func Ops() []Op {
	ops := make([]Op, numOps)
	for i := range ops {
		ops[i] = Op(i)
	}
	return ops
}

// ParseOp parses an operation name.
func ParseOp(s string) (Op, error) {
	for i := range opTable {
		if opTable[i].name == s {
			return Op(i), nil
		}
	}
	return 0, fmt.Errorf("op: unknown operation %q", s)
}
