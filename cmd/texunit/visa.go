package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/texunit/texunit/batch"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/visa"
)

func init() {
	register(command{
		name:    "visa",
		summary: "Intel vISA sampler kernels: run, asm, disasm",
		run:     runVisa,
	})
}

const visaUsage = `Usage:

	texunit visa run KERNEL --state STATE.json [-platform P]
	texunit visa asm [-o OUT.isa] [-version 3.6|4.1] [-platform P] KERNEL.visaasm
	texunit visa disasm [-o OUT.visaasm] [-platform P] KERNEL

KERNEL is vISA assembly text or vISA bytecode (recognised by its "CISA"
magic). The instructions are IGC's 3D_SAMPLE (sample_3d, sample_b, ...,
lod), 3D_SAMPLE4 (sample4, sample4_c, sample4_po, ...) and INFO (resinfo,
sampleinfo), and ret; see docs/VISA.md.

run executes the kernel on one thread: STATE.json binds the surfaces and
samplers, sets the variables and the dispatch mask, and the variables the
kernel wrote are printed as JSON. asm writes bytecode; disasm writes IGC's
canonical text. All three check the platform's rules (GRF alignment, the
parameter types, .pixel_null_mask from SKL, .cps from ICLLP) for -platform
P, default TGLLP (run: the state's platform, then TGLLP).

Exit status: 0 ok, 1 an instruction or lane failed, 2 usage or input error.
`

func runVisa(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, visaUsage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, visaUsage)
		return 0
	case "run":
		return visaRun(args[1:], stdout, stderr)
	case "asm":
		return visaAsm(args[1:], stdout, stderr)
	case "disasm":
		return visaDisasm(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "texunit visa: unknown subcommand %q\n\n%s", args[0], visaUsage)
	return 2
}

// parseInterleaved parses flags that may come before or after the one
// positional argument.
func parseInterleaved(fs *flag.FlagSet, usage func(io.Writer), args []string, stdout, stderr io.Writer) (string, int) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage(stdout)
				return "", 0
			}
			usage(stderr)
			return "", 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "texunit visa %s: want exactly one KERNEL file, got %d\n", fs.Name(), len(pos))
		usage(stderr)
		return "", 2
	}
	return pos[0], -1
}

// newVisaFlags returns a flag set whose parse errors go to stderr and the
// function that prints its usage.
func newVisaFlags(name, synopsis string, stderr io.Writer) (*flag.FlagSet, func(io.Writer)) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	return fs, func(w io.Writer) {
		fmt.Fprintf(w, "Usage: texunit visa %s\n\nFlags:\n", synopsis)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
}

// loadKernel reads a kernel from text or bytecode.
func loadKernel(name string) (*visa.Kernel, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(b, []byte("CISA")) {
		k, err := visa.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return k, nil
	}
	k, err := visa.Assemble(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return k, nil
}

// loadKernelFor reads a kernel and checks it against the rules of the
// platform called platName (TGLLP when empty).
func loadKernelFor(name, platName string) (*visa.Kernel, error) {
	p := visa.DefaultPlatform
	if platName != "" {
		var err error
		if p, err = visa.LookupPlatform(platName); err != nil {
			return nil, fmt.Errorf("-platform: %w", err)
		}
	}
	k, err := loadKernel(name)
	if err != nil {
		return nil, err
	}
	if err := k.ValidateFor(p); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return k, nil
}

func writeOut(name string, data []byte, stdout io.Writer) error {
	if name == "" || name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

func visaAsm(args []string, stdout, stderr io.Writer) int {
	fs, usage := newVisaFlags("asm", "asm [-o OUT.isa] [-version V] [-platform P] KERNEL.visaasm", stderr)
	out := fs.String("o", "-", "write the bytecode to `file` (-: standard output)")
	ver := fs.String("version", "", "write bytecode of vISA `version` 3.6 or 4.1 (default: the kernel's .version)")
	platName := fs.String("platform", "", "check the rules of `platform` P (default TGLLP)")
	in, rc := parseInterleaved(fs, usage, args, stdout, stderr)
	if rc >= 0 {
		return rc
	}
	k, err := loadKernelFor(in, *platName)
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa asm: %v\n", err)
		return 2
	}
	if *ver != "" {
		found := false
		for _, v := range visa.SupportedVersions {
			if v.String() == *ver {
				k.Version, found = v, true
			}
		}
		if !found {
			fmt.Fprintf(stderr, "texunit visa asm: -version %s: want 3.6 or 4.1\n", *ver)
			return 2
		}
	}
	k.Canonicalize()
	b, err := k.Encode()
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa asm: %s: %v\n", in, err)
		return 2
	}
	if err := writeOut(*out, b, stdout); err != nil {
		fmt.Fprintf(stderr, "texunit visa asm: %v\n", err)
		return 1
	}
	return 0
}

func visaDisasm(args []string, stdout, stderr io.Writer) int {
	fs, usage := newVisaFlags("disasm", "disasm [-o OUT.visaasm] [-platform P] KERNEL", stderr)
	out := fs.String("o", "-", "write the text to `file` (-: standard output)")
	platName := fs.String("platform", "", "check the rules of `platform` P (default TGLLP)")
	in, rc := parseInterleaved(fs, usage, args, stdout, stderr)
	if rc >= 0 {
		return rc
	}
	k, err := loadKernelFor(in, *platName)
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa disasm: %v\n", err)
		return 2
	}
	k.Canonicalize()
	if err := writeOut(*out, []byte(k.Text()), stdout); err != nil {
		fmt.Fprintf(stderr, "texunit visa disasm: %v\n", err)
		return 1
	}
	return 0
}

// visaState is the STATE.json file of "texunit visa run".
type visaState struct {
	Platform     string                     `json:"platform"`
	DispatchMask json.RawMessage            `json:"dispatch_mask"`
	Surfaces     map[string]json.RawMessage `json:"surfaces"`
	Quilts       map[string][]int64         `json:"quilts"`       // surface → [QuiltWidth, QuiltHeight]
	CoarsePixel  []int64                    `json:"coarse_pixel"` // [width, height]: 1, 2 or 4 each
	Samplers     map[string]json.RawMessage `json:"samplers"`
	Vars         map[string]json.RawMessage `json:"vars"`
	Precision    *visaPrecision             `json:"precision"`
}

// visaPrecision is the batch protocol's "precision" object.
type visaPrecision struct {
	Mode         string `json:"mode"`
	SubtexelBits int    `json:"subtexel_bits"`
	LodBits      int    `json:"lod_bits"`
}

func visaRun(args []string, stdout, stderr io.Writer) int {
	fs, usage := newVisaFlags("run", "run KERNEL --state STATE.json [-platform P]", stderr)
	stateName := fs.String("state", "", "the state `file` (JSON): surfaces, samplers, vars, dispatch_mask, platform, precision")
	platName := fs.String("platform", "", "the `platform` (overrides the state's; default TGLLP)")
	in, rc := parseInterleaved(fs, usage, args, stdout, stderr)
	if rc >= 0 {
		return rc
	}
	if *stateName == "" {
		fmt.Fprintln(stderr, "texunit visa run: --state is required")
		return 2
	}
	k, err := loadKernel(in)
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa run: %v\n", err)
		return 2
	}
	sb, err := os.ReadFile(*stateName)
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa run: %v\n", err)
		return 2
	}
	var st visaState
	if err := decodeStrict(sb, &st, "state"); err != nil {
		fmt.Fprintf(stderr, "texunit visa run: %s: %v\n", *stateName, err)
		return 2
	}
	m, err := buildMachine(k, &st, *platName)
	if err != nil {
		fmt.Fprintf(stderr, "texunit visa run: %s: %v\n", *stateName, err)
		return 2
	}
	lanes, err := m.Run()
	for _, le := range lanes {
		fmt.Fprintf(stderr, "texunit visa run: %v\n", le)
	}
	if err != nil {
		// The kernel stopped: its variables are not a result.
		fmt.Fprintf(stderr, "texunit visa run: %v\n", err)
		return 1
	}
	stdout.Write(appendVars(nil, m))
	if len(lanes) > 0 {
		return 1
	}
	return 0
}

func buildMachine(k *visa.Kernel, st *visaState, platName string) (*visa.Machine, error) {
	p := visa.DefaultPlatform
	if platName == "" {
		platName = st.Platform
	}
	if platName != "" {
		var err error
		if p, err = visa.LookupPlatform(platName); err != nil {
			return nil, err
		}
	}
	m, err := visa.NewMachine(k, p)
	if err != nil {
		return nil, err
	}
	if pr := st.Precision; pr != nil {
		switch pr.Mode {
		case "", "exact":
			if pr.SubtexelBits != 0 || pr.LodBits != 0 {
				return nil, fmt.Errorf("precision: subtexel_bits and lod_bits need mode \"hardware\"")
			}
		case "hardware":
			m.Engine.Precision = sampler.HardwarePrecision()
			if pr.SubtexelBits != 0 {
				m.Engine.Precision.SubtexelBits = pr.SubtexelBits
			}
			if pr.LodBits != 0 {
				m.Engine.Precision.LodBits = pr.LodBits
			}
			if err := m.Engine.Precision.Validate(); err != nil {
				return nil, fmt.Errorf("precision: %v", err)
			}
		default:
			return nil, fmt.Errorf("precision.mode: unknown value %q (want exact or hardware)", pr.Mode)
		}
	}
	if len(st.DispatchMask) > 0 {
		v, err := jsonUint(st.DispatchMask, 32)
		if err != nil {
			return nil, fmt.Errorf("dispatch_mask: %v", err)
		}
		m.Regs.Dispatch = uint32(v)
	}
	w := &batch.Worker{}
	for _, name := range sortedKeys(st.Surfaces) {
		i := k.SurfaceIndex(name)
		if i < 0 {
			return nil, fmt.Errorf("surfaces.%s: the kernel has no surface variable %s", name, name)
		}
		spec, err := batch.DecodeSurface(st.Surfaces[name])
		if err != nil {
			return nil, fmt.Errorf("surfaces.%s: %v", name, err)
		}
		if m.Surfaces[i], err = w.View(spec); err != nil {
			return nil, fmt.Errorf("surfaces.%s: %v", name, err)
		}
	}
	if st.CoarsePixel != nil {
		ok := len(st.CoarsePixel) == 2
		for _, v := range st.CoarsePixel {
			ok = ok && (v == 1 || v == 2 || v == 4)
		}
		if !ok {
			return nil, fmt.Errorf("coarse_pixel: %v: want [width, height], each 1, 2 or 4", st.CoarsePixel)
		}
		m.CoarsePixel = [2]int{int(st.CoarsePixel[0]), int(st.CoarsePixel[1])}
	}
	for _, name := range sortedKeys(st.Quilts) {
		i := k.SurfaceIndex(name)
		if i < 0 {
			return nil, fmt.Errorf("quilts.%s: the kernel has no surface variable %s", name, name)
		}
		q := st.Quilts[name]
		if len(q) != 2 || q[0] < 0 || q[0] > 31 || q[1] < 0 || q[1] > 31 {
			return nil, fmt.Errorf("quilts.%s: %v: want [QuiltWidth, QuiltHeight], each 0..31", name, q)
		}
		if m.Quilts == nil {
			m.Quilts = make([][2]uint32, len(m.Surfaces))
		}
		m.Quilts[i] = [2]uint32{uint32(q[0]), uint32(q[1])}
	}
	for _, name := range sortedKeys(st.Samplers) {
		i := k.SamplerIndex(name)
		if i < 0 {
			return nil, fmt.Errorf("samplers.%s: the kernel has no sampler variable %s", name, name)
		}
		if m.Samplers[i], err = batch.DecodeSampler(st.Samplers[name]); err != nil {
			return nil, fmt.Errorf("samplers.%s: %v", name, err)
		}
	}
	for _, name := range sortedKeys(st.Vars) {
		if err := setVar(m, name, st.Vars[name]); err != nil {
			return nil, fmt.Errorf("vars.%s: %v", name, err)
		}
	}
	return m, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// jsonUint reads a JSON integer or a "0x..." string.
func jsonUint(raw json.RawMessage, bits int) (uint64, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strconv.ParseUint(s, 0, bits)
	}
	return strconv.ParseUint(strings.TrimSpace(string(raw)), 10, bits)
}

func setVar(m *visa.Machine, name string, raw json.RawMessage) error {
	k := m.Kernel
	if p := k.PredIndex(name); p >= 0 {
		var bools []bool
		if json.Unmarshal(raw, &bools) == nil {
			if len(bools) != k.Preds[p].Elems {
				return fmt.Errorf("%d values for %d elements (give every element, or a bit mask)", len(bools), k.Preds[p].Elems)
			}
			var v uint32
			for i, b := range bools {
				if b {
					v |= 1 << uint(i)
				}
			}
			m.Regs.Preds[p] = v
			return nil
		}
		v, err := jsonUint(raw, 32)
		if err != nil {
			return fmt.Errorf("want a bit mask (integer or \"0x...\") or an array of booleans: %v", err)
		}
		m.Regs.Preds[p] = uint32(v)
		return nil
	}
	v := k.VarIndex(name)
	if v < 0 {
		return fmt.Errorf("the kernel has no general or predicate variable %s", name)
	}
	var vals []json.RawMessage
	if err := json.Unmarshal(raw, &vals); err != nil {
		return fmt.Errorf("want an array of values: %v", err)
	}
	d := &k.Vars[v]
	if len(vals) != d.Elems {
		return fmt.Errorf("%d values for %d elements (give every element)", len(vals), d.Elems)
	}
	isFloat := d.Type == visa.TypeF || d.Type == visa.TypeHF || d.Type == visa.TypeDF
	for i, rv := range vals {
		var s string
		if json.Unmarshal(rv, &s) == nil {
			switch {
			case strings.HasPrefix(s, "@"):
				b, err := strconv.ParseUint(s[1:], 16, 64)
				if err != nil {
					return fmt.Errorf("[%d]: raw bits %q: %v", i, s, err)
				}
				m.Regs.SetBits(k, v, i, b)
				continue
			case isFloat && (s == "NaN" || s == "Inf" || s == "+Inf" || s == "-Inf"):
				f := float32(math.NaN())
				if s != "NaN" {
					f = float32(math.Inf(1))
					if s == "-Inf" {
						f = float32(math.Inf(-1))
					}
				}
				m.Regs.SetFloat32(k, v, i, f)
				continue
			}
			return fmt.Errorf("[%d]: %q: want a number, \"NaN\", \"+Inf\", \"-Inf\" or \"@HEXBITS\"", i, s)
		}
		if isFloat {
			var f float64
			if err := json.Unmarshal(rv, &f); err != nil {
				return fmt.Errorf("[%d]: %v", i, err)
			}
			if math.Abs(f) > math.MaxFloat32 {
				return fmt.Errorf("[%d]: %v is beyond the float32 range", i, f)
			}
			m.Regs.SetFloat32(k, v, i, float32(f))
			continue
		}
		x, err := strconv.ParseInt(strings.TrimSpace(string(rv)), 10, 64)
		if err != nil {
			return fmt.Errorf("[%d]: %s: want an integer for type %s", i, rv, d.Type)
		}
		m.Regs.SetInt(k, v, i, x)
	}
	return nil
}

// isNullMask reports whether element i of variable v holds (part of) a
// pixel null mask the kernel wrote.
func isNullMask(m *visa.Machine, v, i int) bool {
	d := &m.Kernel.Vars[v]
	size := d.Bytes() / d.Elems
	for _, at := range m.Regs.NullMasks {
		if at.Var == v && i*size < at.Offset+4 && at.Offset < (i+1)*size {
			return true
		}
	}
	return false
}

// appendVars writes the variables the kernel wrote as one JSON object, each
// an array of its elements read as its type; the elements that hold a
// pixel null mask are hex strings of their bits ("0x0000fffe").
func appendVars(dst []byte, m *visa.Machine) []byte {
	k := m.Kernel
	dst = append(dst, '{')
	first := true
	for v := range k.Vars {
		if !m.Regs.Written[v] {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		d := &k.Vars[v]
		dst = strconv.AppendQuote(dst, d.Name)
		dst = append(dst, ":["...)
		for i := 0; i < d.Elems; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			b := m.Regs.Bits(k, v, i)
			if isNullMask(m, v, i) {
				// A pixel null mask's bits, as the mask they are.
				dst = fmt.Appendf(dst, `"0x%0*x"`, 2*d.Bytes()/d.Elems, b)
				continue
			}
			switch d.Type {
			case visa.TypeF:
				dst = batch.AppendFloat32(dst, math.Float32frombits(uint32(b)))
			case visa.TypeHF:
				dst = batch.AppendFloat32(dst, format.HalfToFloat32(uint16(b)))
			case visa.TypeDF:
				dst = strconv.AppendFloat(dst, math.Float64frombits(b), 'g', -1, 64)
			case visa.TypeW:
				dst = strconv.AppendInt(dst, int64(int16(b)), 10)
			case visa.TypeD:
				dst = strconv.AppendInt(dst, int64(int32(b)), 10)
			case visa.TypeB:
				dst = strconv.AppendInt(dst, int64(int8(b)), 10)
			case visa.TypeQ:
				dst = strconv.AppendInt(dst, int64(b), 10)
			default:
				dst = strconv.AppendUint(dst, b, 10)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, "}\n"...)
}
