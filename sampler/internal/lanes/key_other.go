//go:build !amd64 || purego

package lanes

// SameKey is the sampler's set-up cache compare (key_amd64.go), here in Go
// alone.
func SameKey(a, b, va, vb *byte, m *[KeyBytes]byte) bool { return sameKeyGo(a, b, va, vb, m) }
