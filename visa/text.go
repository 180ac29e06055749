package visa

import (
	"fmt"
	"strings"
)

var chanLetters = "RGBA"

// ChannelString returns a channel mask as IGC prints it ("RGBA", "RA").
func ChannelString(mask uint8) string {
	var sb strings.Builder
	for b := 0; b < 4; b++ {
		if mask>>uint(b)&1 == 1 {
			sb.WriteByte(chanLetters[b])
		}
	}
	return sb.String()
}

func (k *Kernel) rawString(r Raw) string {
	if r.Var < 0 {
		return "%null.0"
	}
	return fmt.Sprintf("%s.%d", k.Vars[r.Var].Name, r.Offset)
}

// InstText returns instruction i in vISA assembly, as IGC's disassembler
// prints it (up to runs of spaces).
func (k *Kernel) InstText(i int) string {
	in := &k.Insts[i]
	var sb strings.Builder
	if in.Pred.Var >= 0 {
		sb.WriteByte('(')
		if in.Pred.Invert {
			sb.WriteByte('!')
		}
		sb.WriteString(k.Preds[in.Pred.Var].Name)
		switch in.Pred.Control {
		case PredAny:
			sb.WriteString(".any")
		case PredAll:
			sb.WriteString(".all")
		}
		sb.WriteString(") ")
	}
	if in.Opcode == OpcodeRet {
		fmt.Fprintf(&sb, "ret (%s, %d)", in.EMask, in.ExecSize)
		return sb.String()
	}
	o := in.Op
	sb.WriteString(o.Mnemonic)
	if in.PixelNullMask {
		sb.WriteString(".pixel_null_mask")
	}
	if in.CPS {
		sb.WriteString(".cps")
	}
	if in.NonUniform {
		sb.WriteString(".divS")
	}
	sb.WriteByte('.')
	if in.Opcode == OpcodeSample4 {
		sb.WriteByte(chanLetters[in.Channels&3])
	} else {
		sb.WriteString(ChannelString(in.Channels))
	}
	fmt.Fprintf(&sb, " (%s, %d) ", in.EMask, in.ExecSize)
	if in.Opcode == OpcodeInfo {
		sb.WriteString(k.Surfaces[in.Surface].Name)
		if o.Sub == ResInfo {
			sb.WriteString(" " + k.rawString(in.LOD))
		}
		sb.WriteString(" " + k.rawString(in.Dst))
		return sb.String()
	}
	if in.Aoffimmi.Imm {
		fmt.Fprintf(&sb, "0x%x:%s", in.Aoffimmi.Value, in.Aoffimmi.Type)
	} else {
		fmt.Fprintf(&sb, "%s(%d,%d)<0;1,0>", k.Vars[in.Aoffimmi.Var].Name, in.Aoffimmi.Row, in.Aoffimmi.Col)
	}
	fmt.Fprintf(&sb, " %s %s %s", k.Samplers[in.Sampler].Name, k.Surfaces[in.Surface].Name, k.rawString(in.Dst))
	for _, p := range in.Params {
		sb.WriteString(" " + k.rawString(p))
	}
	return sb.String()
}

// DeclText returns a declaration line as IGC prints it.
func DeclText(d *Decl) string {
	switch d.Kind {
	case General:
		s := fmt.Sprintf(".decl %s v_type=G type=%s num_elts=%d", d.Name, d.Type, d.Elems)
		if d.Align != AlignByte {
			s += " align=" + d.Align.String()
		}
		if d.Alias != "" {
			s += fmt.Sprintf(" alias=<%s, %d>", d.Alias, d.AliasOffset)
		}
		return s
	case Predicate:
		return fmt.Sprintf(".decl %s v_type=P num_elts=%d", d.Name, d.Elems)
	}
	s := fmt.Sprintf(".decl %s v_type=%s num_elts=%d", d.Name, d.Kind, d.Elems)
	if d.VName != "" {
		s += " v_name=" + d.VName
	}
	return s
}

// Text returns the kernel in vISA assembly. For a kernel from Decode, or
// after Canonicalize, this is IGC's canonical text (what "GenX_IR
// -dumpcommonisa" writes) without its comments and with single spaces.
func (k *Kernel) Text() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, ".version %s\n.kernel \"%s\"\n", k.Version, k.Name)
	for _, ds := range [][]Decl{k.Vars, k.Preds, k.Samplers, k.Surfaces} {
		for i := range ds {
			sb.WriteString(DeclText(&ds[i]) + "\n")
		}
	}
	for _, in := range k.Inputs {
		fmt.Fprintf(&sb, ".input %s offset=%d size=%d\n", k.Vars[in.Var].Name, in.Offset, in.Size)
	}
	sb.WriteString(".kernel_attr Target=\"3d\"\n")
	for i := range k.Insts {
		sb.WriteString("    " + k.InstText(i) + "\n")
	}
	return sb.String()
}

// NormalizeText reduces vISA assembly to the form texunit compares with IGC's
// output: comments (from "//" to the end of the line) removed, runs of
// spaces and tabs collapsed, blank lines dropped, and IGC's habit of
// continuing the .kernel_attr line with the first instruction undone.
func NormalizeText(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if f[0] == ".kernel_attr" && len(f) > 2 {
			out = append(out, strings.Join(f[:2], " "))
			f = f[2:]
		}
		out = append(out, strings.Join(f, " "))
	}
	return strings.Join(out, "\n") + "\n"
}
