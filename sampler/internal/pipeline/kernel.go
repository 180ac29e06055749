package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Kernel filters or gathers the chunk's footprints (c.NP entries, the
// padding included) of the texel data d into out, with the kernel the key
// chooses: the gather or the bilinear filter of its decoder, or with a
// compare the depth gather or percentage-closer filter. inside reports
// that every footprint offset reads inside the data (the assembly kernels
// check it otherwise). The BC formats read a window of decoded blocks
// (bcwindow.go): Kernel reports false, writing nothing, for a chunk whose
// blocks make none, which package sampler then reads through the
// request's cache of decoded blocks; it reports true otherwise.
func (p *Plan) Kernel(d []byte, c *lanes.Set, out *lanes.Out, inside bool) bool {
	k := &p.Key
	fp, n := &c.FP, c.NP
	switch {
	case k.Dec == lanes.DecodeBC:
		return p.bcKernel(d, c, out)
	case k.Loop == LoopGather && k.Compare != lanes.CompareNone:
		lanes.GatherDepthLanes(d, fp, n, &c.Ref, k.Compare, k.CmpTrue[0], k.CmpFalse[0], out, inside)
	case k.Loop == LoopGather && k.Dec == lanes.DecodeRGBA32Float:
		lanes.GatherRGBA32FLanesGo(d, fp, n, &c.Ch, out)
	case k.Loop == LoopGather && k.Dec == lanes.DecodeRGBA16Float:
		lanes.GatherRGBA16FLanes(d, fp, n, &c.Ch, out, inside)
	case k.Loop == LoopGather:
		lanes.GatherRGBA8DecLanes(d, k.Dec, fp, n, &c.Ch, out, inside)
	case k.Compare != lanes.CompareNone:
		lanes.PCFDepthLanes(d, fp, n, &c.Ref, k.Compare, &k.CmpTrue, &k.CmpFalse, out, inside)
	case k.Dec == lanes.DecodeRGBA32Float:
		lanes.BilinearRGBA32FLanes(d, fp, n, out, inside)
	case k.Dec == lanes.DecodeRGBA16Float:
		lanes.BilinearRGBA16FLanes(d, fp, n, out, inside)
	default:
		lanes.BilinearRGBA8DecLanes(d, k.Dec, fp, n, out, inside)
	}
	return true
}
