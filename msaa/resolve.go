package msaa

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
)

// ResolveOp is how a resolve combines the samples of a pixel (the patent's
// "decomposition operation").
type ResolveOp uint8

// The resolve operations.
const (
	ResolveAverage  ResolveOp = iota // mean of the samples (float results; linear space for sRGB)
	ResolveMin                       // per-component minimum
	ResolveMax                       // per-component maximum
	ResolveSample0                   // sample 0 (through the FMASK)
	ResolveWeighted                  // weighted mean over the standard sample positions (see Weights)
)

var resolveNames = [...]string{"average", "min", "max", "sample0", "weighted"}

// String returns "average", "min", "max", "sample0" or "weighted".
func (o ResolveOp) String() string {
	if int(o) < len(resolveNames) {
		return resolveNames[o]
	}
	return fmt.Sprintf("invalid(%d)", uint8(o))
}

// ParseResolveOp parses a resolve operation name as String prints it.
func ParseResolveOp(s string) (ResolveOp, error) {
	for i, n := range resolveNames {
		if n == s {
			return ResolveOp(i), nil
		}
	}
	return 0, &Error{Field: "resolve", Value: s, Reason: "is not a resolve operation (average, min, max, sample0, weighted)"}
}

// Image is a single-sample result: per pixel (x fastest, then y, then
// layer) Components 32-bit patterns of kind Kind.
type Image struct {
	Width, Height, Layers, Components int
	Kind                              ValueKind
	SRGB                              bool // components 0–2 are linear values of an sRGB surface
	Bits                              []uint32
}

// At returns component c of pixel (x, y, layer) as a float32 (meaningful
// for ValueFloat).
func (im *Image) At(x, y, layer, c int) float32 {
	return math.Float32frombits(im.Bits[((layer*im.Height+y)*im.Width+x)*im.Components+c])
}

// Weights returns the weights of the weighted resolve for a sample count:
// w_s = 1 − r_s, a tent of radius one pixel, with r_s the distance of the
// standard position of sample s (sampler.SamplePosition) from the pixel's
// centre, computed in float64 and rounded to float32. Every standard
// position lies within 0.5·√2 of the centre, so every weight is positive.
func Weights(samples int) ([]float32, error) {
	w := make([]float32, samples)
	for s := range w {
		x, y, ok := sampler.SamplePosition(samples, s)
		if !ok {
			return nil, errf("samples", samples, "has no standard sample positions")
		}
		w[s] = float32(1 - math.Hypot(float64(x), float64(y)))
	}
	return w, nil
}

// Resolve resolves every pixel of s into an Image with op, built on the
// load instruction as the patent's decomposition is: for each wave of up
// to 64 pixels and each component, one same-component (or depth) load
// writes every phase of the pixel's samples, and each lane combines the
// elements of its registers. The sums run in sample order in float32, one
// rounding per operation: average Σv/S; weighted Σ(w·v)/Σw. It returns the
// image and the memory traffic summed over the instructions, with the
// number of instructions.
func Resolve(s *Surface, op ResolveOp) (*Image, Traffic, int, error) { return ResolveIn(s, op, nil) }

// ResolveIn is Resolve with the image's bytes reserved from mem before
// they are allocated (nil: not accounted); the reservation stays with the
// image.
func ResolveIn(s *Surface, op ResolveOp, mem *budget.Budget) (*Image, Traffic, int, error) {
	var total Traffic
	if op > ResolveWeighted {
		return nil, total, 0, errf("resolve", op, "is not a resolve operation")
	}
	kind := s.Element.Kind()
	if kind != ValueFloat && (op == ResolveAverage || op == ResolveWeighted) {
		return nil, total, 0, errf("resolve", op, "needs float elements, but the surface holds %s (%s); use min, max or sample0", kind, s.Element)
	}
	var weights []float32
	var wsum float32
	if op == ResolveWeighted {
		var err error
		if weights, err = Weights(s.Samples); err != nil {
			return nil, total, 0, err
		}
		for _, w := range weights {
			wsum += w
		}
	}
	imageBytes := 4 * int64(s.Width) * int64(s.Height) * int64(s.Layers) * int64(s.Components)
	if err := mem.Reserve("resolved image", imageBytes); err != nil {
		return nil, total, 0, &Error{Field: "resolve", Value: op.String(), Reason: "needs more memory than the budget has", Err: err}
	}
	im := &Image{Width: s.Width, Height: s.Height, Layers: s.Layers, Components: s.Components, Kind: kind,
		SRGB: s.Element == Srgb8, Bits: make([]uint32, s.Width*s.Height*s.Layers*s.Components)}
	w := &Wave{Size: 64, X: make([]int32, 64), Y: make([]int32, 64), Slice: make([]int32, 64)}
	var res Result
	in := Instruction{Mode: SameComponent, AllPhases: true, Fill: FillZero}
	if s.Depth {
		in.Mode = DepthSamples
	}
	pixels := s.Width * s.Height * s.Layers
	instructions := 0
	for first := 0; first < pixels; first += 64 {
		lanes := min(64, pixels-first)
		w.Exec = 1<<lanes - 1
		if lanes == 64 {
			w.Exec = ^uint64(0)
		}
		for i := 0; i < lanes; i++ {
			p := first + i
			w.X[i], w.Y[i], w.Slice[i] = int32(p%s.Width), int32(p/s.Width%s.Height), int32(p/(s.Width*s.Height))
		}
		for c := 0; c < s.Components; c++ {
			in.Component = c
			if err := s.Load(&in, w, &res); err != nil {
				mem.Release(imageBytes)
				return nil, total, instructions, err
			}
			instructions++
			total.Bytes += res.Traffic.Bytes
			total.Lines += res.Traffic.Lines
			total.ElementReads += res.Traffic.ElementReads
			total.FMaskReads += res.Traffic.FMaskReads
			pl := &res.Plan
			for i := 0; i < lanes; i++ {
				var acc float32
				var acci int64
				for smp := 0; smp < s.Samples; smp++ {
					b := res.Dword[smp/pl.Elements*pl.RegisterDwords+smp%pl.Elements][i]
					v := math.Float32frombits(b)
					switch op {
					case ResolveAverage:
						acc += v
					case ResolveWeighted:
						acc += float32(weights[smp] * v)
					case ResolveSample0:
						if smp == 0 {
							acc = v
						}
					case ResolveMin, ResolveMax:
						if smp == 0 {
							acc, acci = v, intValue(kind, b)
						} else if better(op, kind, v, b, acc, acci) {
							acc, acci = v, intValue(kind, b)
						}
					}
				}
				var out uint32
				switch {
				case op == ResolveAverage:
					out = math.Float32bits(acc / float32(s.Samples))
				case op == ResolveWeighted:
					out = math.Float32bits(acc / wsum)
				case kind != ValueFloat && op != ResolveSample0:
					out = uint32(acci)
				default:
					out = math.Float32bits(acc)
				}
				im.Bits[(first+i)*s.Components+c] = out
			}
		}
	}
	return im, total, instructions, nil
}

func intValue(kind ValueKind, b uint32) int64 {
	if kind == ValueSint {
		return int64(int32(b))
	}
	return int64(b)
}

// better reports whether the new element (float v, bits b) replaces the
// current minimum or maximum. Float comparisons follow IEEE min/max with
// NaN losing (the other operand is kept), as GLSL min/max on hardware do.
func better(op ResolveOp, kind ValueKind, v float32, b uint32, acc float32, acci int64) bool {
	if kind != ValueFloat {
		n := intValue(kind, b)
		if op == ResolveMin {
			return n < acci
		}
		return n > acci
	}
	if v != v {
		return false
	}
	if acc != acc {
		return true
	}
	if op == ResolveMin {
		return v < acc
	}
	return v > acc
}

// ToImage converts one layer of im to an 8-bit image for PNG: float
// components are clamped to [0, 1] (sRGB images are encoded back with the
// sRGB transfer function, so that an average made in linear space shows
// correctly), integers clamped to 0..255. One component gives grey, two
// give red and green, three RGB, four or more RGBA (opaque when there is
// no fourth component).
func (im *Image) ToImage(layer int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, im.Width, im.Height))
	for y := 0; y < im.Height; y++ {
		for x := 0; x < im.Width; x++ {
			base := ((layer*im.Height+y)*im.Width + x) * im.Components
			var px [4]uint8
			px[3] = 255
			for c := 0; c < min(4, im.Components); c++ {
				px[c] = im.byteOf(im.Bits[base+c], c)
			}
			if im.Components == 1 {
				px[1], px[2] = px[0], px[0]
			}
			out.SetNRGBA(x, y, color.NRGBA{px[0], px[1], px[2], px[3]})
		}
	}
	return out
}

func (im *Image) byteOf(b uint32, c int) uint8 {
	switch im.Kind {
	case ValueUint:
		return uint8(min(b, 255))
	case ValueSint:
		return uint8(max(0, min(int32(b), 255)))
	}
	v := float64(math.Float32frombits(b))
	if v != v {
		v = 0
	}
	v = max(0, min(v, 1))
	if im.SRGB && c < 3 {
		v = format.LinearToSRGB(v)
	}
	return uint8(math.Floor(v*255 + 0.5))
}
