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
	return int64(d.dataBytes()), nil
}
