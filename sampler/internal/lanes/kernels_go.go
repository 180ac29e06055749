package lanes

// Each stage runs its assembly kernel where the build has it and the CPU
// runs it (dispatch_amd64.go and the other *_amd64.go files), else its Go
// form. (Direct calls, not function variables: a call through a variable
// would move the caller's working set to the heap.)

func bilinearRGBA8Lanes(d []byte, fp *Footprints, n int, out *Out, inside bool) {
	if !bilinearRGBA8Asm(d, fp, n, out, inside) {
		bilinearRGBA8LanesGo(d, fp, n, out)
	}
}

// BilinearRGBA32FLanes is the r32g32b32a32_sfloat bilinear kernel of the
// n footprints fp into out (bilinearRGBA32FLanesGo's results); inside
// vouches that every footprint reads inside d.
func BilinearRGBA32FLanes(d []byte, fp *Footprints, n int, out *Out, inside bool) {
	if !bilinearRGBA32FAsm(d, fp, n, out, inside) {
		bilinearRGBA32FLanesGo(d, fp, n, out)
	}
}

func gatherRGBA8Lanes(d []byte, fp *Footprints, n int, ch *[Chunk]uint8, out *Out, inside bool) {
	if !gatherRGBA8Asm(d, fp, n, ch, out, inside) {
		gatherRGBA8LanesGo(d, fp, n, ch, out)
	}
}
