package batch

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/texunit/texunit/sampler"
)

// benchJob is a 64-lane bilinear sample_l job on a 256×256 texture.
func benchJob() string {
	var lanes strings.Builder
	for i := range 64 {
		if i > 0 {
			lanes.WriteString(", ")
		}
		fmt.Fprintf(&lanes, `{"coord": [%g, %g], "lod": %g}`, float32(i)/64, 1-float32(i)/67, float32(i%5)/2)
	}
	return job(`{"type": "2d", "format": "r8g8b8a8_unorm", "width": 256, "height": 256}`,
		`{"mag": "linear", "min": "linear", "mip": "linear"}`, "sample_l", "["+lanes.String()+"]")
}

func BenchmarkDecode(b *testing.B) {
	line := []byte(benchJob())
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJobRun(b *testing.B) {
	j, err := Decode([]byte(benchJob()))
	if err != nil {
		b.Fatal(err)
	}
	var w Worker
	var res sampler.Result
	b.ReportAllocs()
	for b.Loop() {
		if err := j.Run(&w, &res); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendResult(b *testing.B) {
	j, err := Decode([]byte(benchJob()))
	if err != nil {
		b.Fatal(err)
	}
	var res sampler.Result
	if err := j.Run(nil, &res); err != nil {
		b.Fatal(err)
	}
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendResult(buf[:0], j.ID, j.Request.Active, &res)
	}
}

// BenchmarkRun measures the whole pipeline on 1000 jobs sharing a texture;
// ns/op is per job.
func BenchmarkRun(b *testing.B) {
	line := benchJob() + "\n"
	input := strings.Repeat(line, 1000)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(context.Background(), strings.NewReader(input), io.Discard, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/job")
}
