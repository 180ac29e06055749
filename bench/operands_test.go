package bench

import (
	"fmt"
	"math"
	"testing"

	"github.com/texunit/texunit/sampler"
)

// fractRef is GLSL's fract as the shader computes it, through math.Floor.
func fractRef(x float32) float32 { return x - float32(math.Floor(float64(x))) }

// laneRef computes the operands of sample k of the invocation whose pixel is
// (px, py) one lane at a time, transcribing texbench's shader line by line:
// the specification fill is checked against.
func (p *params) laneRef(w *Workload, req *sampler.Request, i int, px, py uint32, k int) {
	fk := float32(k)
	spx := float32(px) + float32(fk*0.37)
	spy := float32(py) + float32(fk*0.23)
	P0 := p.base[0] + float32(spx*p.step[0])
	P1 := p.base[1] + float32(spy*p.step[1])
	v := float32(0.95) + float32(0.1*fractRef(float32(float32(fk*0.618034)+float32(spx*0.0131))+float32(spy*0.0071)))
	switch w.Kind {
	case KindLod, KindGather:
		req.Coord[0][i], req.Coord[1][i] = P0, P1
	case KindGrad:
		req.Coord[0][i], req.Coord[1][i] = P0, P1
		req.DDX[0][i], req.DDX[1][i] = float32(p.step[0]*v), 0
		req.DDY[0][i], req.DDY[1][i] = 0, float32(p.step[1]*v)
	case KindShadow:
		req.Coord[0][i], req.Coord[1][i] = P0, P1
		req.Ref[i] = float32(0.25) + float32(0.5*fractRef(float32(fk*0.618034)+float32(P0*3.7)))
	case KindCubeGrad:
		wx := float32(2*abs32(float32(2*fractRef(P0))-1)) - 1
		wy := float32(2*abs32(float32(2*fractRef(P1))-1)) - 1
		face := min(py*6/p.pixH, 5)
		sg := float32(1)
		if face&1 != 0 {
			sg = -1
		}
		gd := float32(p.cubeGrad * v)
		var d, dx, dy [3]float32
		switch face >> 1 {
		case 0:
			d, dx, dy = [3]float32{sg, wx, wy}, [3]float32{0, gd, 0}, [3]float32{0, 0, gd}
		case 1:
			d, dx, dy = [3]float32{wx, sg, wy}, [3]float32{gd, 0, 0}, [3]float32{0, 0, gd}
		default:
			d, dx, dy = [3]float32{wx, wy, sg}, [3]float32{gd, 0, 0}, [3]float32{0, gd, 0}
		}
		for c := 0; c < 3; c++ {
			req.Coord[c][i], req.DDX[c][i], req.DDY[c][i] = d[c], dx[c], dy[c]
		}
	case KindFetch:
		req.Texel[0][i] = int32(float32(P0*p.size)) & p.mask
		req.Texel[1][i] = int32(float32(P1*p.size)) & p.mask
	}
}

// TestFillMatchesShader checks that fill, a request at a time, gives every
// operand of every workload bit for bit as laneRef does, over texbench's
// 1024×1024 grid's rows and columns and every k of its K = 64.
func TestFillMatchesShader(t *testing.T) {
	cfg := TexbenchConfig()
	for _, w := range Workloads() {
		j, err := Prepare(w, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, want := j.newWorker(), j.newWorker()
		bad := 0
		for _, gy := range []int{0, 1, 85, 86, 170, 171, 255, 256, j.gh - 1} {
			for _, gx0 := range []int{0, Lanes, j.gw / 2, j.gw - Lanes} {
				for k := 0; k < cfg.K; k++ {
					j.p.fill(j.w, &got.reqs[0], gx0, gy, k)
					for i := range Lanes {
						gx := uint32(gx0 + i)
						j.p.laneRef(j.w, &want.reqs[0], i, (gx>>2)<<1|gx&1, uint32(gy)<<1|(gx>>1)&1, k)
					}
					if d := operandDiff(&got.reqs[0], &want.reqs[0]); d != "" && bad < 5 {
						bad++
						t.Errorf("%s gy %d gx0 %d k %d: %s", w.ID, gy, gx0, k, d)
					}
				}
			}
		}
	}
}

// operandDiff names the first operand in which a and b differ in their bits.
func operandDiff(a, b *sampler.Request) string {
	type pair struct {
		name string
		x, y []float32
	}
	var ps []pair
	for c := range 3 {
		ps = append(ps, pair{"coord", a.Coord[c], b.Coord[c]}, pair{"ddx", a.DDX[c], b.DDX[c]}, pair{"ddy", a.DDY[c], b.DDY[c]})
	}
	ps = append(ps, pair{"ref", a.Ref, b.Ref}, pair{"lod", a.Lod, b.Lod})
	for _, p := range ps {
		for i := range p.x {
			if math.Float32bits(p.x[i]) != math.Float32bits(p.y[i]) {
				return fmt.Sprintf("%s: lane %d: %g != %g", p.name, i, p.x[i], p.y[i])
			}
		}
	}
	for c := range 2 {
		for i := range a.Texel[c] {
			if a.Texel[c][i] != b.Texel[c][i] {
				return fmt.Sprintf("texel %d: lane %d: %d != %d", c, i, a.Texel[c][i], b.Texel[c][i])
			}
		}
	}
	return ""
}

func TestFract(t *testing.T) {
	for _, x := range []float32{0, float32(math.Copysign(0, -1)), 0.5, -0.5, 1, -1, 1.0000001, -0.99999994, 2.5e-8, -2.5e-8,
		1 << 22, 1<<23 - 0.5, -(1<<23 - 0.5), 1 << 23, -(1 << 23), 3e9, -3e9, float32(math.Inf(1)), float32(math.NaN()), 123.456, -123.456} {
		if g, w := fract(x), fractRef(x); math.Float32bits(g) != math.Float32bits(w) {
			t.Errorf("fract(%g) = %g (%#x), want %g (%#x)", x, g, math.Float32bits(g), w, math.Float32bits(w))
		}
	}
}
