// Command batchgen writes the batch workloads that docs/PERFORMANCE.md
// measures (see package internal/batchwork) into a directory:
//
//	go run ./scripts/batchgen -o DIR [-n 20000] [-ktx2]
//
// DIR/v1.jsonl and DIR/v2.jsonl hold n 64-lane trilinear sample_l jobs on a
// 256×256 surface as protocol version 1 and version 2 lines (the same
// results); with -ktx2, DIR/tex4096.ktx2 is a 4096×4096 r8g8b8a8_unorm
// texture with its mip chain and DIR/ktx2.jsonl holds 50 jobs that name it.
// scripts/batchbench.sh runs texunit batch on them.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/internal/batchwork"
	"github.com/texunit/texunit/surface"
	"github.com/texunit/texunit/texfile"
)

func main() {
	dir := flag.String("o", ".", "write the files into `dir`")
	n := flag.Int("n", 20000, "the number of jobs in v1.jsonl and v2.jsonl")
	ktx2 := flag.Bool("ktx2", false, "also write tex4096.ktx2 and ktx2.jsonl (50 jobs naming it)")
	flag.Parse()
	if err := run(*dir, *n, *ktx2); err != nil {
		fmt.Fprintln(os.Stderr, "batchgen:", err)
		os.Exit(1)
	}
}

func run(dir string, n int, ktx2 bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "v1.jsonl"), batchwork.V1(n), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "v2.jsonl"), batchwork.V2(n), 0o644); err != nil {
		return err
	}
	if !ktx2 {
		return nil
	}
	s, err := surface.New(surface.Desc{Kind: surface.Kind2D, Format: format.R8G8B8A8Unorm, Width: 4096, Height: 4096})
	if err != nil {
		return err
	}
	s.FillHash(7, 0, 1)
	f, err := os.Create(filepath.Join(dir, "tex4096.ktx2"))
	if err != nil {
		return err
	}
	if err := texfile.WriteKTX2(f, s, nil); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "ktx2.jsonl"), batchwork.Image(50, "tex4096.ktx2"), 0o644)
}
