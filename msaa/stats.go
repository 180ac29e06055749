package msaa

import "github.com/texunit/texunit/texcache"

// LoadStats sums the memory accounting of a sequence of instructions.
type LoadStats struct {
	Instructions int
	ElementReads int
	FMaskReads   int
	// Bytes and Lines are summed over the instructions: the bytes and
	// 64-byte lines each instruction touched, as a cache sees requests.
	Bytes, Lines int
	// Cache sums the cache model's counts (CompareLoadsCached; zero
	// otherwise).
	Cache texcache.Stats
}

func (st *LoadStats) add(t Traffic) {
	st.Instructions++
	st.ElementReads += t.ElementReads
	st.FMaskReads += t.FMaskReads
	st.Bytes += t.Bytes
	st.Lines += t.Lines
	st.Cache = st.Cache.Add(t.Cache)
}

// CompareLoads loads component `component` (the depth value on depth
// surfaces) of every sample for the lanes of w twice: with multisample
// loads (one instruction writing every phase), and with the equivalent
// per-sample loads (one instruction per sample, each loading one element,
// as an image load with a sample index does). It returns the two sums, the
// patent's cache argument in numbers: the same elements, fewer
// instructions, each line touched by fewer of them.
func CompareLoads(s *Surface, w *Wave, component int) (multi, perSample LoadStats, err error) {
	return compareLoads(s, w, component, nil)
}

// CompareLoadsCached is CompareLoads with each side's instructions fed, in
// order, through its own empty cache model of configuration cfg: the
// lines each side looks up, hits and misses, and the bytes it brings from
// memory.
func CompareLoadsCached(s *Surface, w *Wave, component int, cfg texcache.Config) (multi, perSample LoadStats, err error) {
	if _, err := texcache.New(cfg); err != nil {
		return multi, perSample, err
	}
	return compareLoads(s, w, component, &cfg)
}

func compareLoads(s *Surface, w *Wave, component int, cfg *texcache.Config) (multi, perSample LoadStats, err error) {
	load := func(in *Instruction, res *Result, c *texcache.Model) error {
		if c == nil {
			return s.Load(in, w, res)
		}
		return s.LoadCached(in, w, res, c)
	}
	var cm, cp *texcache.Model
	if cfg != nil {
		cm, _ = texcache.New(*cfg)
		cp, _ = texcache.New(*cfg)
	}
	mode := SameComponent
	if s.Depth {
		mode = DepthSamples
	}
	var res Result
	in := Instruction{Mode: mode, Component: component, AllPhases: true, Fill: FillZero}
	if err := load(&in, &res, cm); err != nil {
		return multi, perSample, err
	}
	multi.add(res.Traffic)
	for smp := 0; smp < s.Samples; smp++ {
		one := Instruction{Mode: mode, Component: component, Elements: 1, Phase: smp}
		if err := load(&one, &res, cp); err != nil {
			return multi, perSample, err
		}
		perSample.add(res.Traffic)
	}
	return multi, perSample, nil
}
