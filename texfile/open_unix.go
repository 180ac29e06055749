//go:build unix

package texfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens name for reading with O_NONBLOCK, so that opening
// a FIFO without a writer returns at once instead of waiting for one
// (ReadFile then refuses it as not a regular file). Reads of regular files
// are not affected by the flag.
func openNonBlocking(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
