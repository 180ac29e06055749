// Package batchwork writes the batch workloads that docs/PERFORMANCE.md
// measures (issue 23, batch protocol version 2): 64-lane trilinear sample_l
// jobs on a 256×256 r8g8b8a8_unorm surface, as version 1 lines (the surface
// object in every job, a lane object per lane, bit patterns in the results)
// and as version 2 lines (one definition, columnar lanes, "bits": false),
// with the same lanes, so that both give the same results. batch's
// BenchmarkBatchV2 and scripts/batchgen use it.
package batchwork

import (
	"fmt"
	"strconv"
)

// Lanes is the number of lanes of every job.
const Lanes = 64

const (
	surface256 = `{"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256}`
	trilinear  = `{"mag": "linear", "min": "linear", "mip": "linear"}`
)

// lane returns job j's lane i: coordinates and LOD spread over the surface
// and its first levels.
func lane(j, i int) (u, v, lod float32) {
	k := j*Lanes + i
	return float32(k%997) / 997, float32(k%991) / 991, float32(k%23) / 8
}

func appendFloat(b []byte, f float32) []byte { return strconv.AppendFloat(b, float64(f), 'g', -1, 32) }

// V1 returns n version 1 job lines.
func V1(n int) []byte {
	var b []byte
	for j := range n {
		b = fmt.Appendf(b, `{"id": %d, "surface": %s, "sampler": %s, "op": "sample_l", "lanes": [`, j, surface256, trilinear)
		for i := range Lanes {
			if i > 0 {
				b = append(b, ", "...)
			}
			u, v, lod := lane(j, i)
			b = append(b, `{"coord": [`...)
			b = appendFloat(b, u)
			b = append(b, ", "...)
			b = appendFloat(b, v)
			b = append(b, `], "lod": `...)
			b = appendFloat(b, lod)
			b = append(b, '}')
		}
		b = append(b, "]}\n"...)
	}
	return b
}

// V2 returns a definition line and n version 2 job lines.
func V2(n int) []byte {
	b := fmt.Appendf(nil, `{"define": "tex", "surface": %s}`+"\n", surface256)
	for j := range n {
		b = fmt.Appendf(b, `{"id": %d, "surface": "tex", "sampler": %s, "op": "sample_l", "bits": false, "lanes": {"coord": [`, j, trilinear)
		for c := range 2 {
			if c > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '[')
			for i := range Lanes {
				if i > 0 {
					b = append(b, ", "...)
				}
				u, v, _ := lane(j, i)
				b = appendFloat(b, [2]float32{u, v}[c])
			}
			b = append(b, ']')
		}
		b = append(b, `], "lod": [`...)
		for i := range Lanes {
			if i > 0 {
				b = append(b, ", "...)
			}
			_, _, lod := lane(j, i)
			b = appendFloat(b, lod)
		}
		b = append(b, "]}}\n"...)
	}
	return b
}

// Image returns n version 1 jobs (which version 1 and 2 both read) that
// each sample the texture file name (a 2D texture with mips) with 64 lanes.
func Image(n int, name string) []byte {
	var b []byte
	for j := range n {
		b = fmt.Appendf(b, `{"id": %d, "surface": {"type": "2d", "data": {"image": %q}}, "sampler": %s, "op": "sample_l", "lanes": [`, j, name, trilinear)
		for i := range Lanes {
			if i > 0 {
				b = append(b, ", "...)
			}
			u, v, lod := lane(j, i)
			b = append(b, `{"coord": [`...)
			b = appendFloat(b, u)
			b = append(b, ", "...)
			b = appendFloat(b, v)
			b = append(b, `], "lod": `...)
			b = appendFloat(b, lod*3)
			b = append(b, '}')
		}
		b = append(b, "]}\n"...)
	}
	return b
}
