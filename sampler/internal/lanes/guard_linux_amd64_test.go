//go:build linux && amd64 && !purego

package lanes

import (
	"syscall"
	"testing"
	"unsafe"
)

// guardedPages maps pages pages of memory for a test that a kernel reads
// nothing past its bounds, with the pages numbered in unreadable made so
// (a read of them faults); the mapping is removed when the test ends. It
// skips the test where the system will not map or protect them.
func guardedPages(t *testing.T, pages int, unreadable ...int) (mem []byte, page int) {
	t.Helper()
	page = syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, pages*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, q := range unreadable {
		if err := syscall.Mprotect(mem[q*page:(q+1)*page], syscall.PROT_NONE); err != nil {
			t.Skip("mprotect:", err)
		}
	}
	return mem, page
}

// floatsBefore returns the last n float32s of mem before page q.
func floatsBefore(mem []byte, page, q, n int) []float32 {
	end := unsafe.Pointer(&mem[q*page-4])
	return unsafe.Slice((*float32)(unsafe.Add(end, -4*(n-1))), n)
}
