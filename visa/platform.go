package visa

import (
	"fmt"
	"strings"
)

// Platform holds the platform settings that change what an instruction
// means: the GRF size and the parameter types allowed.
type Platform struct {
	Name string
	// GRFSize is the size of one general register in bytes: 32, or 64 on
	// Xe-HPC.
	GRFSize int
	// ICLPlus is true for Ice Lake and later: sampler parameters may all be
	// HF instead of all F, and the CPS LOD compensation bit exists.
	ICLPlus bool
	// SKLPlus is true for Skylake and later: the pixel null mask exists.
	SKLPlus bool
}

// Platforms are the platforms GenX_IR 1.0.12504 names, with their settings.
var Platforms = []Platform{
	{"BDW", 32, false, false}, {"CHV", 32, false, false}, {"SKL", 32, false, true}, {"BXT", 32, false, true},
	{"ICLLP", 32, true, true}, {"TGLLP", 32, true, true}, {"XeHP_SDV", 32, true, true}, {"DG2", 32, true, true},
	{"MTL", 32, true, true}, {"PVC", 64, true, true}, {"PVCXT", 64, true, true},
}

// DefaultPlatform is TGLLP: 32-byte GRFs, HF or F parameters.
var DefaultPlatform = Platforms[5]

// LookupPlatform returns the platform with the given name (case-insensitive).
func LookupPlatform(name string) (Platform, error) {
	var names []string
	for _, p := range Platforms {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Platform{}, fmt.Errorf("platform: unknown platform %q (want one of %s)", name, strings.Join(names, ", "))
}

// Validate checks the settings.
func (p Platform) Validate() error {
	if p.GRFSize != 32 && p.GRFSize != 64 {
		return fmt.Errorf("platform %s: GRF size %d is not allowed (want 32 or 64)", p.Name, p.GRFSize)
	}
	return nil
}

// ValidateFor checks the kernel's platform rules: the parameter types (all F
// before ICL; all HF or all F from ICL on, with offu/offv of type D and the
// packed offset parameters 32 bits wide), the CPS bit (ICL and later), the
// pixel null mask (SKL and later), and the GRF alignment of raw operands
// (IGC's verifier: a raw operand into a variable of at least one GRF must
// start on a GRF boundary, counted from the variable that owns the storage;
// IGC's send lowering: Dst always).
func (k *Kernel) ValidateFor(p Platform) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := k.Validate(); err != nil {
		return err
	}
	for i := range k.Insts {
		in := &k.Insts[i]
		if in.Op == nil {
			continue
		}
		if err := k.checkAlign(in, p); err != nil {
			return err
		}
		if in.Opcode == OpcodeInfo {
			continue
		}
		if in.PixelNullMask && !p.SKLPlus {
			return instErr(in, "%s: .pixel_null_mask needs SKL or later (platform %s)", in.Op.Mnemonic, p.Name)
		}
		if in.CPS && !p.ICLPlus {
			return instErr(in, "%s: .cps needs ICLLP or later (platform %s)", in.Op.Mnemonic, p.Name)
		}
		var floatType Type
		floatName := ""
		for j, r := range in.Params {
			if r.Var < 0 {
				continue
			}
			d := &k.Vars[r.Var]
			pk := ParamU // a parameter beyond the table: a float, as the coordinates
			if j < len(in.Op.Params) {
				pk = in.Op.Params[j]
			}
			switch {
			case pk.integer():
				if d.Type != TypeD && d.Type != TypeUD {
					return instErr(in, "%s: parameter %d (%s) %s has type %s; offsets must have type d", in.Op.Mnemonic, j, pk, d.Name, d.Type)
				}
			case pk.packed():
				if d.Type.Size() != 4 || d.Type == TypeDF {
					return instErr(in, "%s: parameter %d (%s) %s has type %s; packed offsets need a 32-bit type (f, d or ud)", in.Op.Mnemonic, j, pk, d.Name, d.Type)
				}
			default:
				if d.Type != TypeF && d.Type != TypeHF {
					return instErr(in, "%s: %s %s has type %s; want f or hf", in.Op.Mnemonic, paramName(in.Op, j), d.Name, d.Type)
				}
				if d.Type == TypeHF && !p.ICLPlus {
					return instErr(in, "%s: %s %s has type hf; platform %s (before ICLLP) needs type f", in.Op.Mnemonic, paramName(in.Op, j), d.Name, p.Name)
				}
				if floatName == "" {
					floatType, floatName = d.Type, d.Name
				} else if d.Type != floatType {
					return instErr(in, "%s: %s %s has type %s but %s has type %s; all parameters must have the same type", in.Op.Mnemonic, paramName(in.Op, j), d.Name, d.Type, floatName, floatType)
				}
			}
		}
	}
	return nil
}

// checkAlign applies IGC's GRF alignment rules to an instruction's raw
// operands on platform p.
func (k *Kernel) checkAlign(in *Inst, p Platform) error {
	grf := p.GRFSize
	check := func(what string, r Raw, always bool) error {
		if r.Var < 0 {
			return nil
		}
		root := k.rootVar(r.Var)
		off := k.rootOffset(r.Var) + r.Offset
		if off%grf != 0 && (always || k.Vars[root].Bytes() >= grf) {
			d := &k.Vars[r.Var]
			why := "a raw operand into a variable of at least one GRF"
			if always {
				why = "the destination"
			}
			return instErr(in, "%s: %s %s.%d starts at byte %d of %s, not on a %d-byte GRF boundary of platform %s (%s must be GRF-aligned)",
				in.Op.Mnemonic, what, d.Name, r.Offset, off, k.Vars[root].Name, grf, p.Name, why)
		}
		return nil
	}
	if err := check("dst", in.Dst, true); err != nil {
		return err
	}
	if in.Opcode == OpcodeInfo {
		return check("lod", in.LOD, false)
	}
	for j, r := range in.Params {
		if err := check(paramName(in.Op, j), r, false); err != nil {
			return err
		}
	}
	return nil
}
