package bench

import (
	"context"
	"math"
	"testing"
)

func TestWorkloadsRun(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Width, cfg.Height, cfg.K, cfg.Reps = 64, 16, 4, 1
	for _, w := range Workloads() {
		for _, threads := range []int{1, 2} {
			r, err := Run(context.Background(), w, threads, cfg)
			if err != nil {
				t.Fatalf("%s: %v", w.ID, err)
			}
			t.Logf("%s threads %d: checksum %.9g", w.ID, threads, r.Checksum)
		}
	}
}

// TestChecksumsMatchTexbench checks that the workloads sample what texbench
// samples: the checksums texbench printed on lavapipe for a small grid
//
//	texbench -j -s 64x32 -K 4 -r 1 -T 1   (Mesa 22.3.6; W1, W2 with GALLIVM_PERF=no_aos_sampling)
//
// agree with texunit's to within lavapipe's own deviations: its unorm8
// decode and float summation (relative 1e-6) and, for the workloads whose
// LOD comes from gradients, its approximate log2 (relative 1e-3).
func TestChecksumsMatchTexbench(t *testing.T) {
	lavapipe := map[string]float64{
		"W1": 16340.5166, "W2": 16381.65883, "W3": 16449.58782, "W4": 16221.95,
		"W5": 16309.70383, "W6": 16385.57189, "W7": 16193.63176, "W8": 16341.78924,
	}
	cfg := DefaultConfig()
	cfg.Width, cfg.Height, cfg.K, cfg.Reps = 64, 32, 4, 1
	for _, w := range Workloads() {
		r, err := Run(context.Background(), w, 1, cfg)
		if err != nil {
			t.Fatal(err)
		}
		tol := 1e-6
		if w.Kind == KindGrad || w.Kind == KindCubeGrad {
			tol = 1e-3
		}
		want := lavapipe[w.ID]
		if rel := math.Abs(r.Checksum-want) / want; rel > tol {
			t.Errorf("%s: checksum %.10g, texbench %.10g (relative %.2g > %g)", w.ID, r.Checksum, want, rel, tol)
		}
	}
}

func TestSelectAndValidate(t *testing.T) {
	ws, err := Select("w4, trilinear")
	if err != nil || len(ws) != 2 || ws[0].ID != "W4" || ws[1].ID != "W2" {
		t.Errorf("Select: %v %v", ws, err)
	}
	if _, err := Select("W0"); err == nil {
		t.Error("Select(W0) succeeded")
	}
	for _, c := range []Config{{Width: 30, Height: 2, K: 1, Reps: 1}, {Width: 32, Height: 3, K: 1, Reps: 1},
		{Width: 32, Height: 2, K: 0, Reps: 1}, {Width: 32, Height: 2, K: 1, Reps: 0}} {
		if c.Validate() == nil {
			t.Errorf("%+v validated", c)
		}
	}
	if _, err := Run(context.Background(), Workloads()[0], 0, DefaultConfig()); err == nil {
		t.Error("0 threads accepted")
	}
}

// BenchmarkWorkloads runs one sampling pass of each workload per iteration
// on a 256×64 grid with K = 4 (65,536 samples), on one goroutine. Setup is
// outside the timer, so instruction counts (valgrind --tool=callgrind) per
// iteration divide directly into instructions per sample.
func BenchmarkWorkloads(b *testing.B) { benchPasses(b, true) }

// BenchmarkBaselines runs the workloads' baseline passes as
// BenchmarkWorkloads runs their sampling passes: the operands and the sums
// without sampling, which the timed figures subtract (and
// scripts/instructions.sh does too).
func BenchmarkBaselines(b *testing.B) { benchPasses(b, false) }

func benchPasses(b *testing.B, sampling bool) {
	cfg := DefaultConfig()
	cfg.Width, cfg.Height, cfg.K = 256, 64, 4
	for _, w := range Workloads() {
		b.Run(w.ID, func(b *testing.B) {
			j, err := Prepare(w, cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := j.Pass(context.Background(), 1, sampling); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(j.Samples())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Msamples/s")
		})
	}
}
