//go:build unix

package texfile

import (
	"path/filepath"
	"syscall"
	"testing"
)

// makeFIFO makes a FIFO without a writer in a temporary directory.
func makeFIFO(t *testing.T) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "fifo.png")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
		return ""
	}
	return name
}
