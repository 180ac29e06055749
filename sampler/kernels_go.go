package sampler

// Each stage runs its assembly kernel where the build has it and the CPU
// runs it (dispatch_amd64.go and the other *_amd64.go files), else its Go
// form. (Direct calls, not function variables: a call through a variable
// would move the caller's working set to the heap.)

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
