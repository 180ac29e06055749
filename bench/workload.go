package bench

import (
	"fmt"
	"math"
	"strings"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Kind is what a workload's texture call is.
type Kind uint8

const (
	KindLod      Kind = iota // textureLod(P, 0): sample_l at LOD 0
	KindGather               // textureGather(P, 0): gather4 of channel 0
	KindGrad                 // textureGrad(P, DX, DY): sample_d
	KindShadow               // textureLod(sampler2DShadow, (P, dref), 0): sample_l_c
	KindCubeGrad             // textureGrad(samplerCube, D, DX, DY): sample_d on a cube
	KindFetch                // texelFetch(T, 0): fetch
)

// lambdaTPP is texbench's LAMBDA_TPP, 2^1.3 texels per pixel: an LOD of
// about 1.3.
const lambdaTPP = 2.4623

// Workload is one of texbench's workloads.
type Workload struct {
	ID, Name, Desc string
	Kind           Kind
	Format         format.Format
	Size           int  // width = height (cube: face size)
	FullMips       bool // a full mip chain, else one level
	Cube           bool
	Linear         bool // linear mag/min filters
	MipLinear      bool
	MaxAnisotropy  float32 // 1: off
	Compare        bool    // compare LESS
	TexelsPerPixel [2]float64
}

// Workloads returns texbench's workloads W1..W10 (texbench.c's table W).
func Workloads() []Workload {
	rgba8, rgba32f := format.R8G8B8A8Unorm, format.R32G32B32A32Sfloat
	srgb8, bc1 := format.R8G8B8A8Srgb, format.BC1RGBAUnormBlock
	return []Workload{
		{"W1", "bilinear", "2D RGBA8 1024^2, 1 level, linear, repeat, textureLod(0)", KindLod,
			rgba8, 1024, false, false, true, false, 1, false, [2]float64{1, 1}},
		{"W2", "trilinear", "2D RGBA8 1024^2, full mips, linear/linear, textureGrad lambda~1.3", KindGrad,
			rgba8, 1024, true, false, true, true, 1, false, [2]float64{lambdaTPP, lambdaTPP}},
		{"W3", "aniso16", "W2 + anisotropy (max 16), gradients 8:1, lambda_minor~1.3", KindGrad,
			rgba8, 1024, true, false, true, true, 16, false, [2]float64{8 * lambdaTPP, lambdaTPP}},
		{"W4", "gather", "textureGather comp 0, W1's texture", KindGather,
			rgba8, 1024, false, false, true, false, 1, false, [2]float64{1, 1}},
		{"W5", "pcf", "D32_SFLOAT 1024^2, compare LESS, linear, textureLod(0) sampler2DShadow", KindShadow,
			format.D32Sfloat, 1024, false, false, true, false, 1, true, [2]float64{1, 1}},
		{"W6", "cube_trilinear", "cube RGBA8 256^2 faces, full mips, linear/linear, textureGrad lambda~1.3", KindCubeGrad,
			rgba8, 256, true, true, true, true, 1, false, [2]float64{lambdaTPP, lambdaTPP}},
		{"W7", "rgba32f_bilinear", "2D RGBA32F 1024^2, 1 level, linear, textureLod(0)", KindLod,
			rgba32f, 1024, false, false, true, false, 1, false, [2]float64{1, 1}},
		{"W8", "fetch", "texelFetch, W1's texture", KindFetch,
			rgba8, 1024, false, false, false, false, 1, false, [2]float64{1, 1}},
		{"W9", "srgb_trilinear", "W2 on R8G8B8A8_SRGB (the same bytes)", KindGrad,
			srgb8, 1024, true, false, true, true, 1, false, [2]float64{lambdaTPP, lambdaTPP}},
		{"W10", "bc1_trilinear", "W2 on BC1_RGBA_UNORM_BLOCK 1024^2, full mips (hash bytes as blocks)", KindGrad,
			bc1, 1024, true, false, true, true, 1, false, [2]float64{lambdaTPP, lambdaTPP}},
	}
}

// Select returns the workloads named in list (IDs or names, comma
// separated, case-insensitive); an empty list selects all.
func Select(list string) ([]Workload, error) {
	all := Workloads()
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	var out []Workload
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, w := range all {
			if strings.EqualFold(name, w.ID) || strings.EqualFold(name, w.Name) {
				out = append(out, w)
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("workload %q: unknown (want W1..W10 or a name such as bilinear)", name)
		}
	}
	return out, nil
}

// Op returns the sampler operation of the workload's texture call.
func (w *Workload) Op() sampler.Op {
	switch w.Kind {
	case KindGather:
		return sampler.OpGather4
	case KindGrad, KindCubeGrad:
		return sampler.OpSampleD
	case KindShadow:
		return sampler.OpSampleLC
	case KindFetch:
		return sampler.OpFetch
	}
	return sampler.OpSampleL
}

// State returns the workload's sampler state (texbench's VkSamplerCreateInfo).
func (w *Workload) State() sampler.State {
	st := sampler.DefaultState() // minLod 0, maxLod unbounded, transparent black border
	st.MagFilter, st.MinFilter = sampler.Nearest, sampler.Nearest
	if w.Linear {
		st.MagFilter, st.MinFilter = sampler.Linear, sampler.Linear
	}
	st.MipFilter = sampler.MipNearest
	if w.MipLinear {
		st.MipFilter = sampler.MipLinear
	}
	addr := sampler.WrapRepeat
	if w.Cube {
		addr = sampler.WrapClampToEdge
	}
	st.Address = [3]sampler.AddressMode{addr, addr, addr}
	st.MaxAnisotropy = w.MaxAnisotropy
	if w.Compare {
		st.Compare = sampler.CompareLess
	}
	return st
}

// Levels returns the number of mip levels of the workload's texture.
func (w *Workload) Levels() int {
	if !w.FullMips {
		return 1
	}
	n := 1
	for w.Size>>n > 0 {
		n++
	}
	return n
}

// Surface builds the workload's texture, filled as texbench fills it
// (texoracle's "data hash SEED" generator: surface.FillHash(seed, 0, 1)).
// For a block-compressed format every byte of the blocks is one element of
// the hash stream, level after level, blocks in row-major order, each
// block's bytes in order (a 1×1 or 2×2 level is one block), as texbench's
// make_data writes them; surface's layout is that order.
func (w *Workload) Surface(seed uint32) (surface.View, error) {
	d := surface.Desc{Kind: surface.Kind2D, Format: w.Format, Width: w.Size, Height: w.Size, Levels: w.Levels()}
	if w.Cube {
		d.Kind, d.Layers = surface.KindCube, 6
	}
	s, err := surface.New(d)
	if err != nil {
		return surface.View{}, err
	}
	s.FillHash(seed, 0, 1)
	return surface.NewView(s, 0, 0, 0, 0)
}

// params are texbench's push constants for a workload and grid.
type params struct {
	base, step [2]float32 // pc.a
	size       float32    // pc.b.xy
	cubeGrad   float32    // pc.b.z
	pixH       uint32     // pc.c.y
	mask       int32      // pc.c.zw
}

func (w *Workload) params(pixH int) params {
	p := params{size: float32(w.Size), pixH: uint32(pixH), mask: int32(w.Size - 1)}
	if w.Kind == KindCubeGrad {
		dw := w.TexelsPerPixel[0] * 2 / float64(w.Size)
		p.base = [2]float32{0.1234, 0.3456}
		p.step = [2]float32{float32(dw / 4), float32(dw / 4)}
		p.cubeGrad = float32(dw)
	} else {
		p.base = [2]float32{0.1234, 0.5678}
		p.step = [2]float32{float32(w.TexelsPerPixel[0] / float64(w.Size)), float32(w.TexelsPerPixel[1] / float64(w.Size))}
	}
	return p
}

// fract is GLSL's fract in float32: x − floor(x), with floor computed by
// conversion to an integer where x is small enough for that to be exact
// (the operands' are), as math.Floor would give it.
func fract(x float32) float32 {
	if !(abs32(x) < 1<<23) { // large, infinite or NaN
		return x - float32(math.Floor(float64(x)))
	}
	if x == 0 {
		return 0 // ±0 − floor(±0) is +0 in both cases
	}
	f := float32(int32(x)) // truncated toward zero
	if f > x {
		f--
	}
	return x - f
}

// fill computes the operands of sample k of the Lanes invocations gx0 ..
// gx0+Lanes−1 of invocation row gy (gx0 a multiple of Lanes), as texbench's
// shader does, in float32 with no fused operations. Invocation gx is pixel
// ((gx>>2)<<1 | gx&1, gy<<1 | (gx>>1)&1): the invocations of a row are 2×2
// quads, so a request's pixels lie on two pixel rows.
func (p *params) fill(w *Workload, req *sampler.Request, gx0, gy, k int) {
	fk := float32(k)
	ox, oy, og := float32(fk*0.37), float32(fk*0.23), float32(fk*0.618034)
	var spx, P0 [Lanes]float32
	var spy, P1 [2]float32
	for i := range Lanes {
		gx := uint32(gx0 + i)
		spx[i] = float32((gx>>2)<<1|gx&1) + ox
		P0[i] = p.base[0] + float32(spx[i]*p.step[0])
	}
	for r := range 2 {
		spy[r] = float32(uint32(gy)<<1|uint32(r)) + oy
		P1[r] = p.base[1] + float32(spy[r]*p.step[1])
	}
	// v scales the gradients: 0.95 + 0.1·fract(…), per invocation.
	v := func(i int) float32 {
		return float32(0.95) + float32(0.1*fract(float32(og+float32(spx[i]*0.0131))+float32(spy[i>>1&1]*0.0071)))
	}
	switch w.Kind {
	case KindLod, KindGather:
		c0, c1 := req.Coord[0][:Lanes], req.Coord[1][:Lanes]
		for i := range Lanes {
			c0[i], c1[i] = P0[i], P1[i>>1&1]
		}
	case KindGrad:
		c0, c1 := req.Coord[0][:Lanes], req.Coord[1][:Lanes]
		dx0, dx1, dy0, dy1 := req.DDX[0][:Lanes], req.DDX[1][:Lanes], req.DDY[0][:Lanes], req.DDY[1][:Lanes]
		for i := range Lanes {
			vi := v(i)
			c0[i], c1[i] = P0[i], P1[i>>1&1]
			dx0[i], dx1[i] = float32(p.step[0]*vi), 0
			dy0[i], dy1[i] = 0, float32(p.step[1]*vi)
		}
	case KindShadow:
		c0, c1, ref := req.Coord[0][:Lanes], req.Coord[1][:Lanes], req.Ref[:Lanes]
		for i := range Lanes {
			c0[i], c1[i] = P0[i], P1[i>>1&1]
			ref[i] = float32(0.25) + float32(0.5*fract(og+float32(P0[i]*3.7)))
		}
	case KindCubeGrad:
		c0, c1, c2 := req.Coord[0][:Lanes], req.Coord[1][:Lanes], req.Coord[2][:Lanes]
		x0, x1, x2 := req.DDX[0][:Lanes], req.DDX[1][:Lanes], req.DDX[2][:Lanes]
		y0, y1, y2 := req.DDY[0][:Lanes], req.DDY[1][:Lanes], req.DDY[2][:Lanes]
		for r := range 2 { // the lanes of pixel row gy<<1|r: i&3 = 2r, 2r+1
			wy := float32(2*abs32(float32(2*fract(P1[r]))-1)) - 1
			face := min((uint32(gy)<<1|uint32(r))*6/p.pixH, 5)
			sg := float32(1)
			if face&1 != 0 {
				sg = -1
			}
			for q := 2 * r; q < Lanes; q += 4 {
				for i := q; i < q+2; i++ {
					wx := float32(2*abs32(float32(2*fract(P0[i]))-1)) - 1
					gd := float32(p.cubeGrad * v(i))
					switch face >> 1 {
					case 0:
						c0[i], c1[i], c2[i] = sg, wx, wy
						x0[i], x1[i], x2[i] = 0, gd, 0
						y0[i], y1[i], y2[i] = 0, 0, gd
					case 1:
						c0[i], c1[i], c2[i] = wx, sg, wy
						x0[i], x1[i], x2[i] = gd, 0, 0
						y0[i], y1[i], y2[i] = 0, 0, gd
					default:
						c0[i], c1[i], c2[i] = wx, wy, sg
						x0[i], x1[i], x2[i] = gd, 0, 0
						y0[i], y1[i], y2[i] = 0, gd, 0
					}
				}
			}
		}
	case KindFetch:
		// ivec2(P * size) & mask: float-to-int conversion truncates.
		t0, t1 := req.Texel[0][:Lanes], req.Texel[1][:Lanes]
		var y [2]int32
		for r := range 2 {
			y[r] = int32(float32(P1[r]*p.size)) & p.mask
		}
		for i := range Lanes {
			t0[i], t1[i] = int32(float32(P0[i]*p.size))&p.mask, y[i>>1&1]
		}
	}
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }
