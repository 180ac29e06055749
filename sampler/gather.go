package sampler

// gather returns channel ch of the four texels of the bilinear footprint at
// relative level l (Vulkan "Texel Gathering"): R = (i0, j1), G = (i1, j1),
// B = (i1, j0), A = (i0, j0). Compare forms return each texel's compare
// result instead of a channel.
func (x *exec) gather(l int32, p *point, off [3]int32, ch int, ref float32) [4]float32 {
	if x.tr == nil && (x.fast.on || (x.fast.cube && x.cubeInterior(l, p, Linear))) {
		return x.gather2D(l, p, off, ch, ref)
	}
	abs, size := x.levelGeom(l)
	var i0 [2]int32
	for c := 0; c < 2; c++ {
		u := x.texelCoord(p.s[c], size[c], off[c]) - 0.5
		i0[c], _ = x.split(u)
	}
	if x.compare != CompareNone {
		ch = 0
	}
	at := func(di, dj int32) float32 {
		t := x.texel(abs, size, [3]int32{i0[0] + di, i0[1] + dj, 0}, p, ref)
		return t[ch]
	}
	return [4]float32{at(0, 1), at(1, 1), at(1, 0), at(0, 0)}
}
