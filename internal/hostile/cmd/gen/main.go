// Command gen writes texunit's hostile-input corpus (package
// github.com/texunit/texunit/internal/hostile) into a directory, with a README.md listing
// each file and what it tests:
//
//	go run ./internal/hostile/cmd/gen [-large] DIR
//
// Without -large it writes the inputs that are checked in
// (internal/hostile/testdata); -large adds the ones over 200 KB, which the
// tests otherwise make when they run. DIR is created if needed.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/texunit/texunit/internal/hostile"
)

func main() {
	large := flag.Bool("large", false, "also write the inputs that are not checked in (over 200 KB)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: go run ./internal/hostile/cmd/gen [-large] DIR\n\nWrites the hostile-input corpus and its README.md into DIR.\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	dir := flag.Arg(0)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
	if err := hostile.WriteDir(dir, *large); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}
