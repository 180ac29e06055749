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
}

// Platforms are the platforms GenX_IR 1.0.12504 names, with their settings.
var Platforms = []Platform{
	{"BDW", 32, false}, {"CHV", 32, false}, {"SKL", 32, false}, {"BXT", 32, false},
	{"ICLLP", 32, true}, {"TGLLP", 32, true}, {"XeHP_SDV", 32, true}, {"DG2", 32, true},
	{"MTL", 32, true}, {"PVC", 64, true}, {"PVCXT", 64, true},
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
// packed offset parameters 32 bits wide) and the CPS bit (ICL and later).
func (k *Kernel) ValidateFor(p Platform) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if err := k.Validate(); err != nil {
		return err
	}
	for i := range k.Insts {
		in := &k.Insts[i]
		if in.Op == nil || in.Opcode == OpcodeInfo {
			continue
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
			pk := in.Op.Params[j]
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
					return instErr(in, "%s: parameter %d (%s) %s has type %s; want f or hf", in.Op.Mnemonic, j, pk, d.Name, d.Type)
				}
				if d.Type == TypeHF && !p.ICLPlus {
					return instErr(in, "%s: parameter %d (%s) %s has type hf; platform %s (before ICLLP) needs type f", in.Op.Mnemonic, j, pk, d.Name, p.Name)
				}
				if floatName == "" {
					floatType, floatName = d.Type, d.Name
				} else if d.Type != floatType {
					return instErr(in, "%s: parameter %d (%s) %s has type %s but %s has type %s; all parameters must have the same type", in.Op.Mnemonic, j, pk, d.Name, d.Type, floatName, floatType)
				}
			}
		}
	}
	return nil
}
