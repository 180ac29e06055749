package conform

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/texunit/texunit/format"
)

// srgbDocumentedBound is the oracle README's bound on its sRGB decode error
// ("up to 0.0012 (0.3/255) from exact sRGB").
const srgbDocumentedBound = 0.0012

// Encoding is a normalized component encoding whose decode lavapipe does
// not round the way texunit does.
type Encoding uint8

// The measured encodings.
const (
	EncUnorm8  Encoding = iota // c/255: lavapipe computes c·fl(1/255)
	EncSnorm8                  // max(c/127, −1)
	EncSRGB8                   // the sRGB EOTF: lavapipe uses a cubic polynomial
	EncUnorm16                 // c/65535 (D16): lavapipe computes c·fl(1/65535)
	numEncodings
)

var encodingNames = [numEncodings]string{"unorm8", "snorm8", "srgb8", "unorm16"}

func (e Encoding) String() string { return encodingNames[e] }

// DecodeTables holds lavapipe's decode of every code of each encoding,
// measured by fetching the codes from the oracle, and texunit's exact
// decode of the same codes. Texel values texunit returns unfiltered (fetch,
// point sampling, gather) are mapped through them, so those categories stay
// exact; filtered values are held to MaxErr instead.
type DecodeTables struct {
	Lavapipe [numEncodings][]float32
	// MaxErr is max |lavapipe − exact| per encoding.
	MaxErr [numEncodings]float64
	// Differ counts the codes whose decodes differ, per encoding.
	Differ [numEncodings]int
	exact  [numEncodings]map[uint32]uint32 // exact decode bits → code
}

// codes returns the number of codes of an encoding.
func (e Encoding) codes() int {
	if e == EncUnorm16 {
		return 65536
	}
	return 256
}

// exactDecode is texunit's decode of code v.
func (e Encoding) exactDecode(v int) float32 {
	switch e {
	case EncUnorm8:
		return format.R8Unorm.Decode([]byte{byte(v)})[0]
	case EncSnorm8:
		return format.R8G8B8A8Snorm.Decode([]byte{byte(v), 0, 0, 0})[0]
	case EncSRGB8:
		return format.SRGBToLinear(uint8(v))
	}
	var b [2]byte
	binary.LittleEndian.PutUint16(b[:], uint16(v))
	return format.D16Unorm.Decode(b[:])[0]
}

// measureRequest returns the request that fetches every code of e.
func (e Encoding) measureRequest() string {
	var b strings.Builder
	n := e.codes()
	w, h := n, 1
	if n > 256 {
		w, h = 256, n/256
	}
	f := map[Encoding]string{EncUnorm8: "R8_UNORM", EncSnorm8: "R8G8B8A8_SNORM", EncSRGB8: "R8G8B8A8_SRGB", EncUnorm16: "D16_UNORM"}[e]
	fmt.Fprintf(&b, "texture type=2d format=%s width=%d height=%d\ndata hex\n", f, w, h)
	for v := 0; v < n; v++ {
		switch e {
		case EncUnorm8:
			fmt.Fprintf(&b, "%02x\n", v)
		case EncSnorm8, EncSRGB8:
			fmt.Fprintf(&b, "%02x%02x%02x%02x\n", v, v, v, v)
		default:
			fmt.Fprintf(&b, "%02x%02x\n", v&0xff, v>>8)
		}
	}
	b.WriteString("end\n")
	for v := 0; v < n; v++ {
		fmt.Fprintf(&b, "fetch t=%d,%d level=0\n", v%w, v/w)
	}
	return b.String()
}

// MeasureDecode fetches every code of every encoding from the oracle (four
// runs, concurrently) and returns the tables.
func MeasureDecode(ctx context.Context, o *Oracle) (*DecodeTables, error) {
	t := &DecodeTables{}
	var wg sync.WaitGroup
	errs := make([]error, numEncodings)
	for e := Encoding(0); e < numEncodings; e++ {
		wg.Go(func() {
			out, err := o.Run(ctx, e.measureRequest(), e.codes())
			if err != nil {
				errs[e] = err
				return
			}
			tab := make([]float32, e.codes())
			for v := range tab {
				r := out[v].Vec()
				tab[v] = r[0]
				if (e == EncSnorm8 || e == EncSRGB8) && (r[1] != r[0] || r[2] != r[0]) {
					errs[e] = fmt.Errorf("conform: %v code %d decodes to %v", e, v, r)
					return
				}
			}
			t.Lavapipe[e] = tab
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	t.init()
	return t, nil
}

func (t *DecodeTables) init() {
	for e := Encoding(0); e < numEncodings; e++ {
		t.exact[e] = make(map[uint32]uint32, e.codes())
		t.MaxErr[e], t.Differ[e] = 0, 0
		for v := 0; v < e.codes(); v++ {
			x := e.exactDecode(v)
			t.exact[e][math.Float32bits(x)] = uint32(v)
			if len(t.Lavapipe[e]) == e.codes() {
				d := math.Abs(float64(t.Lavapipe[e][v]) - float64(x))
				t.MaxErr[e] = max(t.MaxErr[e], d)
				if t.Lavapipe[e][v] != x {
					t.Differ[e]++
				}
			}
		}
	}
}

// encoding returns the encoding of channel ch (0..3) of format f, and false
// for channels lavapipe decodes exactly as texunit does (floats, channels
// the format does not store).
func encoding(f format.Format, ch int) (Encoding, bool) {
	in := f.Info()
	if ch >= in.Components {
		return 0, false
	}
	switch {
	case f == format.D16Unorm:
		return EncUnorm16, true
	case in.ElementBytes != 1:
		return 0, false
	case in.Numeric == format.NumericSnorm:
		return EncSnorm8, true
	case in.Numeric == format.NumericSrgb && ch < 3:
		return EncSRGB8, true
	}
	return EncUnorm8, true
}

// bound returns the largest decode difference of format f's channels.
func (t *DecodeTables) bound(f format.Format) float64 {
	b := 0.0
	for ch := 0; ch < 4; ch++ {
		if e, ok := encoding(f, ch); ok {
			if t == nil {
				if e == EncSRGB8 {
					b = max(b, srgbDocumentedBound)
				}
				continue
			}
			b = max(b, t.MaxErr[e])
		}
	}
	return b
}

// mapExact maps result components that texunit decoded exactly to what
// lavapipe's decode gives for the same code: component i holds channel
// src[i] of format f (src[i] < 0: not a decoded texel). Values that are not
// an exact decode of any code (border colours) stay as they are. It returns
// the encodings it changed a value for.
func (t *DecodeTables) mapExact(f format.Format, src [4]int, v [4]float32) ([4]float32, []Encoding) {
	if t == nil {
		return v, nil
	}
	var used []Encoding
	for i := range v {
		e, ok := encoding(f, src[i])
		if src[i] < 0 || !ok {
			continue
		}
		code, ok := t.exact[e][math.Float32bits(v[i])]
		if !ok || t.Lavapipe[e][code] == v[i] {
			continue
		}
		v[i] = t.Lavapipe[e][code]
		seen := false
		for _, u := range used {
			seen = seen || u == e
		}
		if !seen {
			used = append(used, e)
		}
	}
	return v, used
}

// DecodeChecks compares texunit's decode of every code of every encoding
// with lavapipe's measured decode (category decode). Vulkan defines the
// normalized decodes exactly (c/(2^b − 1), max(c/(2^(b−1) − 1), −1)); texunit
// returns the correctly rounded value and lavapipe's c·fl(1/(2^b − 1)) may
// differ by one ulp, so they are held to one ulp of the exact value. The
// sRGB decode is held to the oracle's documented polynomial error, 0.0012.
// These are the only checks of texunit's decode against the oracle: the
// other categories sample the lavapipe decode twin. Case IDs are
// (−1 − encoding, code).
func (t *DecodeTables) DecodeChecks() []Check {
	var cks []Check
	for e := Encoding(0); e < numEncodings; e++ {
		for v := 0; v < e.codes(); v++ {
			x := e.exactDecode(v)
			l := t.Lavapipe[e][v]
			tol := float64(ulp32(l))
			if e == EncSRGB8 {
				tol = srgbDocumentedBound
			}
			d := math.Abs(float64(l) - float64(x))
			cks = append(cks, Check{Case: CaseID{-1 - int(e), v}, Category: CatDecode, Pass: d <= tol, Err: d, Tol: tol,
				Raw: d, Oracle: [4]float32{l}, Texunit: [4]float32{x}, Query: fmt.Sprintf("%v code %d", e, v)})
		}
	}
	return cks
}

// ulp32 returns the spacing of float32 values at |v|.
func ulp32(v float32) float32 {
	a := float32(math.Abs(float64(v)))
	return math.Nextafter32(a, float32(math.Inf(1))) - a
}
