package conform

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/texunit/texunit/format"
)

// ParseRequest parses an oracle request (the format RequestText writes and
// the comment at the top of texoracle.c defines) into a group, so that a
// hand-written request can be run on both sides. It accepts the subset the
// conformance run uses: no "data file", no fragment "deriv" op.
func ParseRequest(text string) (*Group, error) {
	g := &Group{Theme: "request", Smp: DefaultSampler()}
	t := &g.Tex
	t.Data = Data{Mode: DataHash, Seed: 1, Lo: 0, Hi: 1}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	line := 0
	inHex := false
	var hexBuf strings.Builder
	errf := func(f string, a ...any) error {
		return fmt.Errorf("request line %d: %s", line, fmt.Sprintf(f, a...))
	}
	for sc.Scan() {
		line++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		tok := strings.Fields(s)
		if inHex {
			if len(tok) == 1 && tok[0] == "end" {
				raw, err := hex.DecodeString(hexBuf.String())
				if err != nil {
					return nil, errf("hex data: %v", err)
				}
				t.Data = Data{Mode: DataBytes, Raw: raw}
				inHex = false
				continue
			}
			for _, x := range tok {
				hexBuf.WriteString(x)
			}
			continue
		}
		if len(tok) == 0 {
			continue
		}
		kw := tok[0]
		kvs := map[string]string{}
		for _, x := range tok[1:] {
			k, v, ok := strings.Cut(x, "=")
			if !ok {
				if kw == "data" {
					continue
				}
				return nil, errf("expected key=value, got %q", x)
			}
			kvs[k] = v
		}
		switch kw {
		case "texture":
			if err := parseTexture(t, kvs); err != nil {
				return nil, errf("%v", err)
			}
		case "data":
			if t.Type == nil {
				return nil, errf("texture line must come first")
			}
			if len(tok) < 2 {
				return nil, errf("data needs a mode")
			}
			switch tok[1] {
			case "hash":
				if len(tok) != 3 && len(tok) != 5 {
					return nil, errf("data hash SEED [LO HI]")
				}
				seed, err := strconv.ParseUint(tok[2], 0, 32)
				if err != nil {
					return nil, errf("seed %q", tok[2])
				}
				t.Data = Data{Mode: DataHash, Seed: uint32(seed), Lo: 0, Hi: 1}
				if len(tok) == 5 {
					lo, err1 := strconv.ParseFloat(tok[3], 64)
					hi, err2 := strconv.ParseFloat(tok[4], 64)
					if err1 != nil || err2 != nil {
						return nil, errf("bad range")
					}
					t.Data.Lo, t.Data.Hi = lo, hi
				}
			case "coords":
				t.Data = Data{Mode: DataCoords}
			case "hex":
				inHex = true
				hexBuf.Reset()
			default:
				return nil, errf("data mode %q not supported", tok[1])
			}
		case "sampler":
			if err := parseSampler(&g.Smp, kvs); err != nil {
				return nil, fmt.Errorf("request line %d: %w", line, err) // ErrCubicUnrefereed stays visible
			}
		default:
			if t.Type == nil {
				return nil, errf("texture line must come first")
			}
			q, err := parseQuery(t.Type, kw, kvs)
			if err != nil {
				return nil, errf("%v", err)
			}
			g.Queries = append(g.Queries, q)
		}
	}
	if inHex {
		return nil, fmt.Errorf("request: data hex not terminated by end")
	}
	if t.Type == nil {
		return nil, fmt.Errorf("request: no texture line")
	}
	return g, sc.Err()
}

func atoi(s string) (int, error) {
	v, err := strconv.ParseInt(s, 0, 32)
	return int(v), err
}

func parseTexture(t *Texture, kv map[string]string) error {
	var err error
	t.Height, t.Depth, t.Levels, t.Samples = 1, 1, 1, 1
	for k, v := range kv {
		var n int
		switch k {
		case "type":
			if t.Type, err = LookupTexType(v); err != nil {
				return err
			}
			continue
		case "format":
			f, err := format.Parse(v)
			if err != nil {
				return err
			}
			if f.Info().YCbCr {
				// Mesa 22.3's lavapipe has no sampler Y′CbCr conversion
				// and no multi-planar images: such a request is never sent.
				return fmt.Errorf("texture format %s: multi-planar (YCbCr) formats are not sent to the oracle (lavapipe has no Y′CbCr sampling)", v)
			}
			t.Format = f
			continue
		}
		if n, err = atoi(v); err != nil {
			return fmt.Errorf("texture %s=%q", k, v)
		}
		switch k {
		case "width", "w":
			t.Width = n
		case "height", "h":
			t.Height = n
		case "depth", "d":
			t.Depth = n
		case "layers":
			t.Layers = n
		case "levels":
			t.Levels = n
		case "samples":
			t.Samples = n
		case "baselevel":
			t.BaseLevel = n
		case "nlevels":
			t.NLevels = n
		case "baselayer":
			t.BaseLayer = n
		case "nlayers":
			t.NLayers = n
		default:
			return fmt.Errorf("unknown texture key %q", k)
		}
	}
	if t.Type == nil || !t.Format.Valid() || t.Width <= 0 {
		return fmt.Errorf("texture needs type=, format=, width=")
	}
	if t.Type.Grads == 1 {
		t.Height = 1
	}
	if t.Type.Name != "3d" {
		t.Depth = 1
	}
	if t.Layers <= 0 {
		t.Layers = 1
		if t.Type.Cube {
			t.Layers = 6
		}
	}
	if t.Levels == 0 {
		full := 1
		for m := max(t.Width, t.Height, t.Depth); m>>full > 0; full++ {
		}
		t.Levels = full
	}
	return nil
}

func parseF32(s string) (float32, error) {
	if strings.HasPrefix(s, "@") {
		u, err := strconv.ParseUint(s[1:], 16, 32)
		return math.Float32frombits(uint32(u)), err
	}
	v, err := strconv.ParseFloat(s, 32)
	return float32(v), err
}

func parseF32s(s string, out []float32) error {
	parts := strings.Split(s, ",")
	if len(parts) > len(out) {
		return fmt.Errorf("too many components in %q", s)
	}
	for i, p := range parts {
		v, err := parseF32(p)
		if err != nil {
			return fmt.Errorf("bad float %q", p)
		}
		out[i] = v
	}
	return nil
}

func parseI32s(s string, out []int32) (int, error) {
	parts := strings.Split(s, ",")
	if len(parts) > len(out) {
		return 0, fmt.Errorf("too many components in %q", s)
	}
	for i, p := range parts {
		v, err := atoi(p)
		if err != nil {
			return 0, fmt.Errorf("bad integer %q", p)
		}
		out[i] = int32(v)
	}
	return len(parts), nil
}

func parseSampler(s *Sampler, kv map[string]string) error {
	for k, v := range kv {
		var err error
		switch k {
		case "mag":
			s.Mag = v
		case "min":
			s.Min = v
		case "mip":
			s.Mip = v
		case "u":
			s.Addr[0] = v
		case "v":
			s.Addr[1] = v
		case "w":
			s.Addr[2] = v
		case "addr":
			s.Addr = [3]string{v, v, v}
		case "bias":
			s.Bias, err = parseF32(v)
		case "aniso":
			s.Aniso = v == "1" || v == "true" || v == "on"
		case "maxaniso":
			s.MaxAniso, err = parseF32(v)
		case "compare":
			s.Compare = v == "1" || v == "true" || v == "on"
		case "compareop":
			s.CompareOp = v
		case "minlod":
			s.MinLod, err = parseF32(v)
		case "maxlod":
			if v == "none" {
				s.MaxLodNone, s.MaxLod = true, 1000
			} else {
				s.MaxLodNone = false
				s.MaxLod, err = parseF32(v)
			}
		case "border":
			if c, ok := strings.CutPrefix(v, "custom:"); ok {
				s.Border.Preset = "custom"
				err = parseF32s(c, s.Border.Custom[:])
			} else {
				s.Border = Border{Preset: v}
			}
		case "unnorm":
			s.Unnorm = v == "1" || v == "true" || v == "on"
		case "reduction":
			s.Reduction = v
		case "seamless":
			s.NonSeamless = v == "0" || v == "false" || v == "off"
		case "anisotropy":
			// lavapipe filters anisotropically its own way only; texunit's
			// other methods are held to float64 models (docs/CONFORMANCE.md).
			if v != "vulkan" {
				return fmt.Errorf("sampler anisotropy=%q: the oracle has only its own anisotropic filter (vulkan); ewa and footprint_assembly are checked against texunit's float64 models, not lavapipe", v)
			}
		default:
			return fmt.Errorf("unknown sampler key %q", k)
		}
		if err != nil {
			return fmt.Errorf("sampler %s=%q: %v", k, v, err)
		}
	}
	_, err := State(s)
	return err
}

func parseQuery(tt *TexType, kw string, kv map[string]string) (Query, error) {
	var q Query
	op := -1
	for i, n := range opNames {
		if n == kw {
			op = i
		}
	}
	if op < 0 {
		return q, fmt.Errorf("unknown keyword %q", kw)
	}
	q.Op = Op(op)
	for k, v := range kv {
		var err error
		switch k {
		case "p":
			err = parseF32s(v, q.P[:])
		case "dx":
			err = parseF32s(v, q.DX[:])
		case "dy":
			err = parseF32s(v, q.DY[:])
		case "lod":
			q.Lod, err = parseF32(v)
		case "dref":
			q.Dref, err = parseF32(v)
		case "bias":
			q.Bias, err = parseF32(v)
			q.HasBias = true
		case "off":
			var n int
			n, err = parseI32s(v, q.Off[:])
			if err == nil && n != tt.Offs {
				err = fmt.Errorf("off needs %d components for %s", tt.Offs, tt.Name)
			}
			q.HasOff = true
		case "comp":
			var n int
			n, err = atoi(v)
			q.Comp = n
		case "t":
			_, err = parseI32s(v, q.T[:])
		case "level":
			var n int
			n, err = atoi(v)
			q.Level = int32(n)
		case "sample":
			var n int
			n, err = atoi(v)
			q.Sample = int32(n)
		default:
			err = fmt.Errorf("unknown query key")
		}
		if err != nil {
			return q, fmt.Errorf("%s %s=%q: %v", kw, k, v, err)
		}
	}
	return q, nil
}
