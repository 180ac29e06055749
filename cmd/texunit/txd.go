package main

import (
	"bufio"
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
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/txd"
)

func init() {
	register(command{
		name:    "txd",
		summary: "NVIDIA TXD: run programs over a warp, assemble, disassemble",
		run:     runTXD,
	})
}

const txdUsage = `Usage:

	texunit txd run [-arch A] PROGRAM --state STATE.json
	texunit txd asm [-arch A] [-o FILE] [-hex] PROGRAM
	texunit txd disasm [-arch A] [-hex] FILE

run executes a program of TXD instructions (and the S2R R, SR18 / FMUL of the
specification's OpenGL note) over a 32-thread warp and prints, for each
instruction, the registers and predicates it wrote in every thread that ran.
asm encodes a program into SM 5.x code (32-byte groups: a control word and three
64-bit instruction words, as nvdisasm -b SM52 reads it); disasm prints it back.
PROGRAM and FILE may be - for standard input. -arch is sm_50, sm_52 (the
default), sm_53, sm_60, sm_61 or sm_62: sm_50 has no .LC and no sparse
predicate, which all three refuse there, as nvdisasm -b SM50 does. The state
file and the syntax are described in docs/TXD.md.

Exit status: 0 ok, 1 an instruction or thread failed, 2 usage or input error.
`

func runTXD(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, txdUsage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, txdUsage)
		return 0
	case "run":
		return txdRun(args[1:], stdin, stdout, stderr)
	case "asm":
		return txdAsm(args[1:], stdin, stdout, stderr)
	case "disasm":
		return txdDisasm(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "texunit txd: unknown command %q\n\n%s", args[0], txdUsage)
	return 2
}

// parseFlags parses a txd subcommand's flags, allowing them after the
// positional argument, and returns the single positional argument.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, usage string) (string, int) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, usage)
				fs.SetOutput(stdout)
				fs.PrintDefaults()
				return "", 0
			}
			fmt.Fprintf(stderr, "texunit txd %s: %v\n%s", fs.Name(), err, usage)
			return "", 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "texunit txd %s: want exactly one file argument, have %d\n%s", fs.Name(), len(pos), usage)
		return "", 2
	}
	return pos[0], -1
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

func txdRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	statePath := fs.String("state", "", "the machine and warp state `file` (JSON)")
	arch := archFlag(fs)
	name, rc := parseFlags(fs, args, stdout, stderr, "Usage: texunit txd run [-arch A] PROGRAM --state STATE.json\n\nFlags:\n")
	if rc >= 0 {
		return rc
	}
	if *statePath == "" {
		fmt.Fprintln(stderr, "texunit txd run: --state is required")
		return 2
	}
	src, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd run: %v\n", err)
		return 2
	}
	prog, err := txd.ParseProgram(string(src))
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd run: %s: %v\n", name, err)
		return 2
	}
	stateText, err := os.ReadFile(*statePath)
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd run: %v\n", err)
		return 2
	}
	m, w, err := decodeTXDState(stateText)
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd run: %s: %v\n", *statePath, err)
		return 2
	}
	m.Arch = *arch
	for _, st := range prog {
		if st.Kind == txd.StmtTXD {
			if err := st.TXD.Runnable(*arch); err != nil {
				fmt.Fprintf(stderr, "texunit txd run: %s: line %d: %s: %v\n", name, st.Line, st.TXD, err)
				return 2
			}
		}
	}
	steps, runErr := m.Run(w, prog)
	failed := runErr != nil
	out := bufio.NewWriter(stdout)
	for _, st := range steps {
		fmt.Fprintf(out, "line %d: %s\n", st.Stmt.Line, st.Stmt)
		for t := 0; t < txd.WarpSize; t++ {
			status := txd.LaneSampled
			if st.Outcome != nil {
				status = st.Outcome.Status[t]
			} else if w.Active>>t&1 == 0 {
				status = txd.LaneOff
			}
			switch status {
			case txd.LaneOff:
				continue
			case txd.LaneError:
				failed = true
				fmt.Fprintf(out, "  t%-2d error: %v\n", t, st.Outcome.Err[t])
				fmt.Fprintf(stderr, "texunit txd run: line %d, thread %d: %v\n", st.Stmt.Line, t, st.Outcome.Err[t])
				continue
			}
			fmt.Fprintf(out, "  t%-2d", t)
			if status != txd.LaneSampled {
				fmt.Fprintf(out, " (%s)", status)
			}
			// The values shown are the ones this step wrote; later steps may
			// overwrite them, so they are taken from the step's own record.
			for i, r := range st.Written {
				fmt.Fprintf(out, " %s=%s", r, formatReg(st.Vals[i][t]))
			}
			if st.Outcome != nil && st.Outcome.Ps != txd.PT {
				fmt.Fprintf(out, " %s=%v", st.Outcome.Ps, st.Outcome.NonResident[t])
			}
			fmt.Fprintln(out)
		}
	}
	out.Flush()
	if runErr != nil {
		fmt.Fprintf(stderr, "texunit txd run: %v\n", runErr)
	}
	if failed {
		return 1
	}
	return 0
}

// formatReg shows a register as its float value and its bits.
func formatReg(v uint32) string {
	return strconv.FormatFloat(float64(math.Float32frombits(v)), 'g', -1, 32) + "(" + fmt.Sprintf("%#08x", v) + ")"
}

// txdState is the JSON state file of texunit txd run.
type txdState struct {
	Headers          pool                       `json:"headers"`
	Samplers         pool                       `json:"samplers"`
	ViaHeaderBinding bool                       `json:"via_header_binding"`
	ConstBank        []json.RawMessage          `json:"const_bank"`
	SR18             *float32                   `json:"sr18"`
	Active           json.RawMessage            `json:"active"`
	Precision        string                     `json:"precision"`
	Registers        map[string]json.RawMessage `json:"registers"`
	Predicates       map[string]json.RawMessage `json:"predicates"`
}

type pool struct {
	MaxIndex *uint32     `json:"max_index"`
	Entries  []poolEntry `json:"entries"`
}

type poolEntry struct {
	Index   *uint32         `json:"index"`
	Surface json.RawMessage `json:"surface"`
	Sampler json.RawMessage `json:"sampler"`
}

// maxPoolIndex bounds the pools a state file may declare.
const maxPoolIndex = 1 << 16

func decodeTXDState(text []byte) (*txd.Machine, *txd.Warp, error) {
	var s txdState
	if err := decodeStrict(text, &s, "state"); err != nil {
		return nil, nil, err
	}
	m := &txd.Machine{ViaHeaderBinding: s.ViaHeaderBinding, SR18: 1}
	if s.SR18 != nil {
		m.SR18 = *s.SR18
	}
	switch s.Precision {
	case "", "exact":
	case "hardware":
		m.Engine.Precision = sampler.HardwarePrecision()
	default:
		return nil, nil, fmt.Errorf("precision: %q is not exact or hardware", s.Precision)
	}
	worker := &batch.Worker{}
	for i, e := range s.Headers.Entries {
		if e.Index == nil || *e.Index >= maxPoolIndex || e.Surface == nil || e.Sampler != nil {
			return nil, nil, fmt.Errorf("headers.entries[%d]: needs \"index\" (0..%d) and \"surface\"", i, maxPoolIndex-1)
		}
		spec, err := batch.DecodeSurface(e.Surface)
		if err != nil {
			return nil, nil, fmt.Errorf("headers.entries[%d].surface: %w", i, err)
		}
		v, err := worker.View(spec)
		if err != nil {
			return nil, nil, fmt.Errorf("headers.entries[%d].surface: %w", i, err)
		}
		for int(*e.Index) >= len(m.Headers) {
			m.Headers = append(m.Headers, nil)
		}
		if m.Headers[*e.Index] != nil {
			return nil, nil, fmt.Errorf("headers.entries[%d].index: %d is bound twice", i, *e.Index)
		}
		m.Headers[*e.Index] = &v
	}
	for i, e := range s.Samplers.Entries {
		if e.Index == nil || *e.Index >= maxPoolIndex || e.Sampler == nil || e.Surface != nil {
			return nil, nil, fmt.Errorf("samplers.entries[%d]: needs \"index\" (0..%d) and \"sampler\"", i, maxPoolIndex-1)
		}
		st, err := batch.DecodeSampler(e.Sampler)
		if err != nil {
			return nil, nil, fmt.Errorf("samplers.entries[%d].sampler: %w", i, err)
		}
		for int(*e.Index) >= len(m.Samplers) {
			m.Samplers = append(m.Samplers, nil)
		}
		if m.Samplers[*e.Index] != nil {
			return nil, nil, fmt.Errorf("samplers.entries[%d].index: %d is bound twice", i, *e.Index)
		}
		m.Samplers[*e.Index] = &st
	}
	// max_index defaults to the last bound entry.
	m.HeaderMax = uint32(max(len(m.Headers)-1, 0))
	if s.Headers.MaxIndex != nil {
		m.HeaderMax = *s.Headers.MaxIndex
	}
	m.SamplerMax = uint32(max(len(m.Samplers)-1, 0))
	if s.Samplers.MaxIndex != nil {
		m.SamplerMax = *s.Samplers.MaxIndex
	}
	if len(s.ConstBank) > txd.MaxTsPtrIdx+1 {
		return nil, nil, fmt.Errorf("const_bank: %d words, at most %d are addressable", len(s.ConstBank), txd.MaxTsPtrIdx+1)
	}
	for i, raw := range s.ConstBank {
		v, err := decodeWord(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("const_bank[%d]: %w", i, err)
		}
		m.ConstBank = append(m.ConstBank, v)
	}
	w := txd.NewWarp()
	if s.Active != nil {
		v, err := decodeWord(s.Active)
		if err != nil {
			return nil, nil, fmt.Errorf("active: %w", err)
		}
		w.Active = v
	}
	names := make([]string, 0, len(s.Registers))
	for n := range s.Registers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r, ok := parseRegName(n)
		if !ok {
			return nil, nil, fmt.Errorf("registers: %q is not a register R0..R254", n)
		}
		vals, err := perThread(s.Registers[n], decodeRegValue)
		if err != nil {
			return nil, nil, fmt.Errorf("registers.%s%w", n, err)
		}
		for t, v := range vals {
			w.R[t][r] = v
		}
	}
	for n, raw := range s.Predicates {
		p, ok := parsePredName(n)
		if !ok {
			return nil, nil, fmt.Errorf("predicates: %q is not a predicate P0..P6", n)
		}
		vals, err := perThread(raw, func(raw json.RawMessage) (bool, error) {
			var b bool
			if err := json.Unmarshal(raw, &b); err != nil {
				return false, fmt.Errorf("%s is not true or false", raw)
			}
			return b, nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("predicates.%s%w", n, err)
		}
		for t, v := range vals {
			w.P[t][p] = v
		}
	}
	return m, w, nil
}

func parseRegName(n string) (txd.Reg, bool) {
	if len(n) < 2 || n[0] != 'R' || (len(n) > 2 && n[1] == '0') {
		return 0, false
	}
	v, err := strconv.ParseUint(n[1:], 10, 8)
	if err != nil || v > 254 {
		return 0, false
	}
	return txd.Reg(v), true
}

func parsePredName(n string) (txd.Pred, bool) {
	if len(n) != 2 || n[0] != 'P' || n[1] < '0' || n[1] > '6' {
		return 0, false
	}
	return txd.Pred(n[1] - '0'), true
}

// perThread decodes one value for every thread, or an array of 32.
func perThread[T any](raw json.RawMessage, one func(json.RawMessage) (T, error)) ([txd.WarpSize]T, error) {
	var out [txd.WarpSize]T
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
		var arr []json.RawMessage
		if err := json.Unmarshal(t, &arr); err != nil {
			return out, fmt.Errorf(": %v", err)
		}
		if len(arr) != txd.WarpSize {
			return out, fmt.Errorf(": %d values, want one or %d (one per thread)", len(arr), txd.WarpSize)
		}
		for i, a := range arr {
			v, err := one(a)
			if err != nil {
				return out, fmt.Errorf("[%d]: %v", i, err)
			}
			out[i] = v
		}
		return out, nil
	}
	v, err := one(raw)
	if err != nil {
		return out, fmt.Errorf(": %v", err)
	}
	for i := range out {
		out[i] = v
	}
	return out, nil
}

// decodeWord reads a 32-bit word: a JSON integer or a "0x…" string.
func decodeWord(raw json.RawMessage) (uint32, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if !strings.HasPrefix(s, "0x") {
			return 0, fmt.Errorf("%q: a word is an integer or a \"0x…\" string", s)
		}
		v, err := strconv.ParseUint(s[2:], 16, 32)
		if err != nil {
			return 0, fmt.Errorf("%q is not a 32-bit hexadecimal word", s)
		}
		return uint32(v), nil
	}
	v, err := strconv.ParseUint(string(bytes.TrimSpace(raw)), 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%s is not an integer 0..4294967295 or a \"0x…\" string", raw)
	}
	return uint32(v), nil
}

// decodeRegValue reads a register value: a JSON number is a float32 value;
// "0x…" is the raw 32-bit pattern; "NaN", "+Inf", "-Inf" as in batch.
func decodeRegValue(raw json.RawMessage) (uint32, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		switch s {
		case "NaN":
			return math.Float32bits(float32(math.NaN())), nil
		case "+Inf", "Inf":
			return math.Float32bits(float32(math.Inf(1))), nil
		case "-Inf":
			return math.Float32bits(float32(math.Inf(-1))), nil
		}
		return decodeWord(raw)
	}
	f, err := strconv.ParseFloat(string(bytes.TrimSpace(raw)), 32)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number, \"0x…\" bits, \"NaN\", \"+Inf\" or \"-Inf\"", raw)
	}
	return math.Float32bits(float32(f)), nil
}

// archValue is the -arch flag: a txd.Arch parsed by txd.ParseArch.
type archValue txd.Arch

func (a *archValue) String() string { return txd.Arch(*a).String() }

func (a *archValue) Set(s string) error {
	v, err := txd.ParseArch(s)
	if err != nil {
		return err
	}
	*a = archValue(v)
	return nil
}

// archFlag defines -arch on fs, default sm_52.
func archFlag(fs *flag.FlagSet) *txd.Arch {
	a := txd.DefaultArch
	fs.Var((*archValue)(&a), "arch", "the `architecture`: sm_50, sm_52, sm_53, sm_60, sm_61 or sm_62")
	return &a
}

func txdAsm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("asm", flag.ContinueOnError)
	outPath := fs.String("o", "-", "write the code to `file` (-: standard output)")
	hex := fs.Bool("hex", false, "print one 64-bit instruction word per line with its text, instead of binary code")
	arch := archFlag(fs)
	name, rc := parseFlags(fs, args, stdout, stderr, "Usage: texunit txd asm [-arch A] [-o FILE] [-hex] PROGRAM\n\nFlags:\n")
	if rc >= 0 {
		return rc
	}
	src, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd asm: %v\n", err)
		return 2
	}
	stmts, err := txd.ParseProgram(string(src))
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd asm: %s: %v\n", name, err)
		return 1
	}
	var prog []txd.Inst
	for _, st := range stmts {
		if st.Kind != txd.StmtTXD {
			fmt.Fprintf(stderr, "texunit txd asm: %s: line %d: %s: only TXD is encoded\n", name, st.Line, st)
			return 1
		}
		if err := st.TXD.Check(); err != nil {
			fmt.Fprintf(stderr, "texunit txd asm: %s: line %d: %s: %v\n", name, st.Line, st.TXD, err)
			return 1
		}
		if err := st.TXD.CheckArch(*arch); err != nil {
			fmt.Fprintf(stderr, "texunit txd asm: %s: line %d: %s: %v\n", name, st.Line, st.TXD, err)
			return 1
		}
		prog = append(prog, st.TXD)
	}
	var data []byte
	if *hex {
		var b strings.Builder
		for _, in := range prog {
			w, _ := txd.Encode(in) // Check passed: the fields are valid
			fmt.Fprintf(&b, "%#016x  // %s\n", w, in)
		}
		data = []byte(b.String())
	} else if data, err = txd.EncodeProgram(prog); err != nil {
		fmt.Fprintf(stderr, "texunit txd asm: %v\n", err)
		return 1
	}
	if *outPath == "-" {
		if _, err := stdout.Write(data); err != nil {
			fmt.Fprintf(stderr, "texunit txd asm: %v\n", err)
			return 1
		}
		return 0
	}
	if err := os.WriteFile(*outPath, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "texunit txd asm: %v\n", err)
		return 1
	}
	return 0
}

func txdDisasm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("disasm", flag.ContinueOnError)
	hex := fs.Bool("hex", false, "read 64-bit instruction words as hexadecimal text, one per line (\"//\" comments allowed), instead of binary code")
	arch := archFlag(fs)
	name, rc := parseFlags(fs, args, stdout, stderr, "Usage: texunit txd disasm [-arch A] [-hex] FILE\n\nFlags:\n")
	if rc >= 0 {
		return rc
	}
	data, err := readInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "texunit txd disasm: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if !*hex {
		prog, err := txd.DecodeProgramArch(data, *arch)
		if err != nil {
			fmt.Fprintf(stderr, "texunit txd disasm: %s: %v\n", name, err)
			return 1
		}
		for _, in := range prog {
			fmt.Fprintln(out, in)
		}
		return 0
	}
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.Index(line, "//"); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := strconv.ParseUint(strings.TrimPrefix(line, "0x"), 16, 64)
		if err == nil {
			var in txd.Inst
			if in, err = txd.DecodeArch(v, *arch); err == nil {
				fmt.Fprintln(out, in)
				continue
			}
		}
		fmt.Fprintf(stderr, "texunit txd disasm: %s: line %d: %v\n", name, i+1, err)
		return 1
	}
	return 0
}
