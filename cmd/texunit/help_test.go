package main

import (
	"strings"
	"testing"
)

// Every subcommand follows one convention: -h prints its usage once, to
// stdout, with exit status 0; a bad flag prints the error and the usage to
// stderr with status 2.
func TestHelpConvention(t *testing.T) {
	for name := range commands {
		code, out, errs := runCmd(t, "", name, "-h")
		if n := strings.Count(strings.ToLower(out), "usage:"); code != 0 || errs != "" || n != 1 || !strings.Contains(out, "texunit "+name) {
			t.Errorf("%s -h: exit %d, %d usage texts on stdout, stderr %q", name, code, n, errs)
		}
		code, out, errs = runCmd(t, "", name, "-no-such-flag")
		if code != 2 || out != "" || !strings.Contains(errs, "-no-such-flag") {
			t.Errorf("%s -no-such-flag: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}
