package batch

import (
	"bytes"
	"context"
	"fmt"
	"github.com/texunit/texunit/internal/batchwork"
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

// BenchmarkBatchV2 runs issue 23's target workload end to end through Run
// with one worker: 200 64-lane trilinear sample_l jobs on a 256×256
// surface, as version 1 lines (the surface in every job, lane objects,
// bits) and as version 2 lines (a definition, columnar lanes, "bits":
// false), which give the same results. lanes/s is the figure the issue
// sets (≥ 3 M for v2 on one core; run with -cpu 1); lanes/cpu-s divides
// by the CPU time the process used instead (the reader, the writer and
// the garbage collector included), which other work on a shared machine
// disturbs less.
func BenchmarkBatchV2(b *testing.B) {
	const jobs = 2000
	for _, bc := range []struct {
		name  string
		input []byte
	}{{"v1", batchwork.V1(jobs)}, {"v2", batchwork.V2(jobs)}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.input)))
			b.ReportAllocs()
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				st, err := Run(context.Background(), bytes.NewReader(bc.input), io.Discard, Options{Workers: 1})
				if err != nil || !st.OK() || st.Jobs != jobs {
					b.Fatal(st, err)
				}
			}
			lanes := float64(b.N * jobs * batchwork.Lanes)
			b.ReportMetric(lanes/b.Elapsed().Seconds(), "lanes/s")
			if cpu1, ok := cpuTime(); ok && cpuOK && cpu1 > cpu0 {
				b.ReportMetric(lanes/(cpu1-cpu0).Seconds(), "lanes/cpu-s")
			}
		})
	}
}
