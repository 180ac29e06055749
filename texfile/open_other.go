//go:build !unix

package texfile

import "os"

// openNonBlocking opens name for reading. Systems other than Unix have no
// FIFOs that block an open.
func openNonBlocking(name string) (*os.File, error) {
	return os.Open(name)
}
