//go:build !amd64 || purego

package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Without the assembly kernels (other architectures, the purego tag) no
// fetch takes a kernel: package sampler's Go loop reads lane by lane. See
// fetch_amd64.go.

// FetchPlan is fetch_amd64.go's set-up of a fetch kernel: none here.
type FetchPlan struct{}

// Kind returns FetchNone.
func (f *FetchPlan) Kind() FetchKernel { return FetchNone }

// SetupFetch chooses no kernel here.
func (f *FetchPlan) SetupFetch(dec lanes.Decoder, lv *Level, base int, array bool, layers int, zero bool, dataLen int) {
}

// Fetch takes no request here.
func (f *FetchPlan) Fetch(d *byte, texel *[4][]int32, n int, array bool, bits *[4][]uint32) bool {
	return false
}
