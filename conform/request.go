package conform

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// RequestText returns the oracle request for group g: the texture, data and
// sampler lines and one line per query. Every float is written as raw bits
// ("@XXXXXXXX") so the oracle reads exactly the values texunit gets.
func RequestText(g *Group) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# texunit conform group %d (seed %#x, theme %s)\n", g.ID, g.Seed, g.Theme)
	t := &g.Tex
	fmt.Fprintf(&b, "texture type=%s format=%s width=%d", t.Type.Name, oracleFormatName(t.Format), t.Width)
	if t.Height > 1 {
		fmt.Fprintf(&b, " height=%d", t.Height)
	}
	if t.Depth > 1 {
		fmt.Fprintf(&b, " depth=%d", t.Depth)
	}
	fmt.Fprintf(&b, " layers=%d levels=%d samples=%d", t.Layers, t.Levels, t.Samples)
	if t.BaseLevel != 0 || t.NLevels != 0 {
		fmt.Fprintf(&b, " baselevel=%d nlevels=%d", t.BaseLevel, t.ViewLevels())
	}
	if t.BaseLayer != 0 || t.NLayers != 0 {
		fmt.Fprintf(&b, " baselayer=%d nlayers=%d", t.BaseLayer, t.ViewLayers())
	}
	b.WriteByte('\n')
	switch t.Data.Mode {
	case DataHash:
		fmt.Fprintf(&b, "data hash %d %s %s\n", t.Data.Seed, fmtF64(t.Data.Lo), fmtF64(t.Data.Hi))
	case DataCoords:
		b.WriteString("data coords\n")
	default:
		raw, err := Stream(t)
		if err != nil {
			return "", err
		}
		b.WriteString("data hex\n")
		for len(raw) > 0 {
			n := min(len(raw), 64)
			b.WriteString(hex.EncodeToString(raw[:n]))
			b.WriteByte('\n')
			raw = raw[n:]
		}
		b.WriteString("end\n")
	}
	b.WriteString(samplerLine(&g.Smp))
	b.WriteByte('\n')
	for i := range g.Queries {
		b.WriteString(queryLine(t.Type, &g.Smp, &g.Queries[i]))
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// fmtF64 writes a float64 so that strtod reads back the same value.
func fmtF64(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func samplerLine(s *Sampler) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sampler mag=%s min=%s mip=%s u=%s v=%s w=%s", s.Mag, s.Min, s.Mip, s.Addr[0], s.Addr[1], s.Addr[2])
	fmt.Fprintf(&b, " bias=%s", f32bits(s.Bias))
	if s.Aniso {
		fmt.Fprintf(&b, " aniso=1 maxaniso=%s", f32bits(s.MaxAniso))
	}
	if s.Compare {
		fmt.Fprintf(&b, " compare=1 compareop=%s", s.CompareOp)
	}
	fmt.Fprintf(&b, " minlod=%s", f32bits(s.MinLod))
	if s.MaxLodNone {
		b.WriteString(" maxlod=none")
	} else {
		fmt.Fprintf(&b, " maxlod=%s", f32bits(s.MaxLod))
	}
	if s.Border.Preset == "custom" {
		c := s.Border.Custom
		fmt.Fprintf(&b, " border=custom:%s,%s,%s,%s", f32bits(c[0]), f32bits(c[1]), f32bits(c[2]), f32bits(c[3]))
	} else {
		fmt.Fprintf(&b, " border=%s", s.Border.Preset)
	}
	if s.Unnorm {
		b.WriteString(" unnorm=1")
	}
	if s.Reduction != "avg" && s.Reduction != "" {
		fmt.Fprintf(&b, " reduction=%s", s.Reduction)
	}
	if s.NonSeamless {
		b.WriteString(" seamless=0")
	}
	return b.String()
}

func floats(v []float32) string {
	s := make([]string, len(v))
	for i, f := range v {
		s[i] = f32bits(f)
	}
	return strings.Join(s, ",")
}

func ints(v []int32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(int(x))
	}
	return strings.Join(s, ",")
}

// queryLine formats one query.
func queryLine(tt *TexType, s *Sampler, q *Query) string {
	var b strings.Builder
	b.WriteString(q.Op.String())
	p := func() { fmt.Fprintf(&b, " p=%s", floats(q.P[:tt.Coords])) }
	d := func() { fmt.Fprintf(&b, " dx=%s dy=%s", floats(q.DX[:tt.Grads]), floats(q.DY[:tt.Grads])) }
	off := func() {
		if q.HasOff {
			fmt.Fprintf(&b, " off=%s", ints(q.Off[:tt.Offs]))
		}
	}
	dref := func() {
		if s.Compare {
			fmt.Fprintf(&b, " dref=%s", f32bits(q.Dref))
		}
	}
	switch q.Op {
	case OpLod:
		p()
		fmt.Fprintf(&b, " lod=%s", f32bits(q.Lod))
		off()
		dref()
	case OpGrad:
		p()
		d()
		off()
		dref()
	case OpGather:
		p()
		fmt.Fprintf(&b, " comp=%d", q.Comp)
		off()
		dref()
	case OpFetch:
		fmt.Fprintf(&b, " t=%s", ints(q.T[:tt.Fetch]))
		if tt.MS {
			fmt.Fprintf(&b, " sample=%d", q.Sample)
		} else {
			fmt.Fprintf(&b, " level=%d", q.Level)
			off()
		}
	case OpSize:
		fmt.Fprintf(&b, " level=%d", q.Level)
	case OpLevels, OpSamples:
	case OpQueryLod:
		p()
		d()
	case OpTex:
		p()
		d()
		if q.HasBias {
			fmt.Fprintf(&b, " bias=%s", f32bits(q.Bias))
		}
		off()
		dref()
	}
	return b.String()
}
