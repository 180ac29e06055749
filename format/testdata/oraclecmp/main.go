// oraclecmp compares texunit's texel decoding of the added formats with
// lavapipe through a copy of the shared texoracle extended with those formats.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/texunit/texunit/format"
)

func main() {
	names := os.Args[1:]
	total, bad := 0, 0
	for _, n := range names {
		f, err := format.Parse(n)
		if err != nil {
			panic(err)
		}
		in := f.Info()
		const w, h = 64, 64
		data := make([]byte, w*h*in.Bytes)
		rng := rand.New(rand.NewPCG(uint64(f), 9))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		// Special texels: every code of the first component at the start.
		os.WriteFile("data.bin", data, 0o644)
		var req bytes.Buffer
		fmt.Fprintf(&req, "texture type=2d format=%s width=%d height=%d\n", strings.ToUpper(n), w, h)
		fmt.Fprintf(&req, "data file data.bin\n")
		for y := range h {
			for x := range w {
				fmt.Fprintf(&req, "fetch t=%d,%d\n", x, y)
			}
		}
		cmd := exec.Command(os.Getenv("TEXORACLE"))
		cmd.Stdin = &req
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			fmt.Printf("%s: oracle failed: %v %s\n", n, err, errb.String())
			continue
		}
		sc := bufio.NewScanner(&out)
		fbad, maxd, ulp1, srgbMax := 0, 0.0, 0, 0.0
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") || line == "" {
				continue
			}
			fs := strings.Fields(line)
			idx, _ := strconv.Atoi(fs[0])
			x, y := idx%w, idx/w
			got := f.Decode(data[(y*w+x)*in.Bytes:])
			total++
			for c := range 4 {
				bits, _ := strconv.ParseUint(fs[6+c], 16, 32)
				o := math.Float32frombits(uint32(bits))
				if in.Depth && c > 0 {
					continue // lavapipe returns (D, D, D, 1) or (D, 0, 0, 1)
				}
				if o != got[c] && !(o != o && got[c] != got[c]) {
					d := math.Abs(float64(int64(math.Float32bits(o)) - int64(math.Float32bits(got[c]))))
					maxd = max(maxd, d)
					if in.Numeric == format.NumericSrgb && c < 3 && math.Abs(float64(o-got[c])) <= 0.0012 {
						srgbMax = max(srgbMax, math.Abs(float64(o-got[c])))
						continue
					}
					if d <= 1 {
						ulp1++
						continue
					}
					if fbad < 3 {
						fmt.Printf("%s (%d,%d) % x: lavapipe %v, texunit %v\n", n, x, y, data[(y*w+x)*in.Bytes:(y*w+x+1)*in.Bytes], o, got)
					}
					fbad++
					break
				}
			}
		}
		bad += fbad
		if srgbMax > 0 {
			fmt.Printf("%s: sRGB components within %g of lavapipe's polynomial sRGB decode\n", n, srgbMax)
		}
		fmt.Printf("%-28s %d texels: %d components 1 ulp apart, %d texels differ more (max %g ulp)\n", n, w*h, ulp1, fbad, maxd)
	}
	fmt.Println("total", total, "differ", bad)
}
