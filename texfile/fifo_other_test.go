//go:build !unix

package texfile

import "testing"

// makeFIFO returns "": there are no FIFOs to test with.
func makeFIFO(t *testing.T) string { return "" }
