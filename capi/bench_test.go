package main

import (
	"testing"
	"unsafe"

	"github.com/texunit/texunit/sampler"
)

// BenchmarkExecute compares a request through the C interface's Go side
// (execute: operands from caller arrays, results to caller arrays) with
// the same request through sampler.Engine.Execute.
func BenchmarkExecute(b *testing.B) {
	s, err := newSurface(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 64, "height": 64, "levels": 1}`)
	if err != nil {
		b.Fatal(err)
	}
	st, _ := newSampler(`{"mag": "linear", "min": "linear"}`)
	for _, n := range []int{1, 64, 1024} {
		coord := make([]float32, 2*n)
		for i := range coord {
			coord[i] = float32(i%37) / 37
		}
		lod := make([]float32, n)
		values := make([]uint32, 4*n)
		for _, layout := range []int{laneMajor, componentMajor} {
			in := operands{lanes: int32(n), layout: int32(layout), coord: &coord[0], lod: &lod[0]}
			out := results{values: unsafe.Pointer(&values[0]), layout: int32(layout)}
			eng := &sampler.Engine{}
			b.Run("capi/"+itoa(n)+"/layout"+itoa(layout), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					execute(eng, s.view, st, sampler.OpSampleL, &in, &out, nil)
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Msamples/s")
			})
		}
		req := sampler.Request{Op: sampler.OpSampleL, Lanes: n, Coord: [4][]float32{coord[:n], coord[n:]}, Lod: lod}
		var res sampler.Result
		eng := &sampler.Engine{}
		b.Run("go/"+itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				eng.Execute(s.view, st, &req, &res)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Msamples/s")
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
