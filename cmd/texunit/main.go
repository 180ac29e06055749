// Command texunit is the command-line face of the texunit library: it runs
// texture-sampling jobs, renders a demonstration, and (as front-ends land)
// assembles and runs sampler instructions.
//
// Usage:
//
//	texunit <subcommand> [flags]
//
// Run "texunit -h" for the list of subcommands, "texunit <subcommand> -h"
// for one subcommand's flags. Exit status: 0 ok, 1 a job or step failed
// (or an internal error), 2 usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
)

// command is one subcommand. run gets the arguments after the subcommand's
// name and returns the exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; each subcommand's file calls it from init.
func register(c command) { commands[c.name] = c }

func usage(w io.Writer) {
	fmt.Fprintf(w, "texunit models a GPU texture sampling unit.\n\nUsage:\n\n\ttexunit <subcommand> [flags]\n\nSubcommands:\n\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "\nRun \"texunit <subcommand> -h\" for a subcommand's flags.\n")
}

func main() {
	os.Exit(runSafely(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runSafely is run with a panic — a bug in texunit — reported as an
// internal error with exit status 1, not the Go runtime's status 2, which
// texunit keeps for usage errors.
func runSafely(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "texunit: internal error (please report it): %v\n%s", p, debug.Stack())
			status = 1
		}
	}()
	return run(args, stdin, stdout, stderr)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "texunit: unknown subcommand %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// parseCommandFlags parses a subcommand's flags in the one convention of every
// subcommand: -h prints the usage (text, then the flags) to stdout with
// exit status 0; a bad flag prints the flag package's error and the usage
// to stderr with status 2. It returns -1 when the command goes on.
func parseCommandFlags(fs *flag.FlagSet, args []string, text string, stdout, stderr io.Writer) int {
	usage := func(w io.Writer) {
		fmt.Fprint(w, text)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		usage(stderr)
		return 2
	}
	return -1
}
