package conform

import (
	"encoding/binary"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// The decode twin of a texture holds the same texels as float32 values, each
// channel decoded as lavapipe decodes it (the measured DecodeTables), so
// that texunit's engine sampling the twin predicts the oracle exactly
// however the texels are then filtered: r8g8b8a8 formats (unorm, snorm,
// sRGB) become r32g32b32a32_sfloat and d16_unorm becomes d32_sfloat. Float
// formats decode identically on both sides and need no twin.

// twinFormat returns the format of f's twin, and false if f needs none.
func twinFormat(f format.Format) (format.Format, bool) {
	in := f.Info()
	switch {
	case f == format.D16Unorm:
		return format.D32Sfloat, true
	case in.ElementBytes == 1:
		return format.R32G32B32A32Sfloat, true
	}
	return f, false
}

// twinUnit returns the unit that predicts the oracle for group g: texunit on
// the decode twin (or on the texture itself when it needs none) with the
// state-level deviation models st applied.
//
// With dt nil the twin holds texunit's own decode (an identity twin), which
// must sample exactly as the texture does.
func twinUnit(g *Group, real *unit, st sampler.State, dt *DecodeTables) (*unit, error) {
	orig := g.Tex.Format
	tf, ok := twinFormat(orig)
	m := *real
	m.st = st
	if !ok {
		return &m, nil
	}
	t := g.Tex
	s, err := surface.New(surface.Desc{Kind: t.Type.Kind, Format: tf, Width: t.Width, Height: t.Height,
		Depth: t.Depth, Layers: t.Layers, Levels: t.Levels, Samples: t.Samples})
	if err != nil {
		return nil, err
	}
	data := real.view.Surface.Data
	ob, tb := orig.Info().Bytes, tf.Info().Bytes
	dec := orig.Decoder()
	var src [4]int
	for i := range src {
		src[i] = i
	}
	for i, j := 0, 0; i < len(data); i, j = i+ob, j+tb {
		v, _ := dt.mapExact(orig, src, dec(data[i:i+ob]))
		for c := 0; c < tb/4; c++ {
			binary.LittleEndian.PutUint32(s.Data[j+4*c:], math.Float32bits(v[c]))
		}
	}
	m.view, err = surface.NewView(s, t.BaseLevel, t.NLevels, t.BaseLayer, t.NLayers)
	if err != nil {
		return nil, err
	}
	// The border as the original format converts it, given to the twin as a
	// custom colour: the twin must not clamp differently, nor replace
	// components the original format does not store.
	var b [4]float64
	switch st.Border {
	case sampler.BorderOpaqueBlack:
		b[3] = 1
	case sampler.BorderOpaqueWhite:
		b = [4]float64{1, 1, 1, 1}
	case sampler.BorderCustom:
		b = st.BorderColor
	}
	ob4 := orig.Border(b)
	m.st.Border = sampler.BorderCustom
	for i := range ob4 {
		m.st.BorderColor[i] = float64(ob4[i])
	}
	m.clampRef = orig.Info().Depth && orig.Info().Numeric == format.NumericUnorm
	return &m, nil
}
