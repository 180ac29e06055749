package surface

// SizeOf validates d and returns the length of the texel stream a surface
// of that description holds (the length New would give Data), without
// allocating it, so that a caller can check it against a memory budget
// first. Invalid descriptions give the *Error New gives. The size is exact
// (every extent is at most MaxExtent, so it fits in 64 bits).
func SizeOf(d Desc) (int64, error) {
	if err := d.normalise(); err != nil {
		return 0, err
	}
	in := d.Format.Info()
	var total uint64
	for l := 0; l < d.Levels; l++ {
		w, h, dd := max(1, d.Width>>l), max(1, d.Height>>l), max(1, d.Depth>>l)
		bx, by := (w+in.BlockWidth-1)/in.BlockWidth, (h+in.BlockHeight-1)/in.BlockHeight
		total += uint64(bx) * uint64(by) * uint64(dd) * uint64(d.Layers) * uint64(d.Samples) * uint64(in.Bytes)
	}
	if total > 1<<62 {
		return 1 << 62, nil
	}
	return int64(total), nil
}
