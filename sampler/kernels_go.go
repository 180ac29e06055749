//go:build !(goexperiment.simd && amd64 && !purego)

package sampler

// Without GOEXPERIMENT=simd on amd64 the stages are the plain-Go ones, or
// the assembly kernels where they exist (dispatch_amd64.go). (Direct
// calls, not function variables: a call through a variable would move the
// caller's working set to the heap.)

func bilinearRGBA8Lanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	if !bilinearRGBA8Asm(d, fp, n, out, inside) {
		bilinearRGBA8LanesGo(d, fp, n, out)
	}
}

func bilinearRGBA32FLanes(d []byte, fp *footprints, n int, out *chunkOut, inside bool) {
	if !bilinearRGBA32FAsm(d, fp, n, out, inside) {
		bilinearRGBA32FLanesGo(d, fp, n, out)
	}
}

func gatherRGBA8Lanes(d []byte, fp *footprints, n int, ch *[laneChunk]uint8, out *chunkOut, inside bool) {
	if !gatherRGBA8Asm(d, fp, n, ch, out, inside) {
		gatherRGBA8LanesGo(d, fp, n, ch, out)
	}
}

// vectorKernels reports whether the vector kernels are compiled in and the
// CPU runs them.
const vectorKernels = false
