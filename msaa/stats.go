package msaa

// LoadStats sums the memory accounting of a sequence of instructions.
type LoadStats struct {
	Instructions int
	ElementReads int
	FMaskReads   int
	// Bytes and Lines are summed over the instructions: the bytes and
	// 64-byte lines each instruction touched, as a cache sees requests.
	Bytes, Lines int
}

func (st *LoadStats) add(t Traffic) {
	st.Instructions++
	st.ElementReads += t.ElementReads
	st.FMaskReads += t.FMaskReads
	st.Bytes += t.Bytes
	st.Lines += t.Lines
}

// CompareLoads loads component `component` (the depth value on depth
// surfaces) of every sample for the lanes of w twice: with multisample
// loads (one instruction writing every phase), and with the equivalent
// per-sample loads (one instruction per sample, each loading one element,
// as an image load with a sample index does). It returns the two sums, the
// patent's cache argument in numbers: the same elements, fewer
// instructions, each line touched by fewer of them.
func CompareLoads(s *Surface, w *Wave, component int) (multi, perSample LoadStats, err error) {
	mode := SameComponent
	if s.Depth {
		mode = DepthSamples
	}
	var res Result
	in := Instruction{Mode: mode, Component: component, AllPhases: true, Fill: FillZero}
	if err := s.Load(&in, w, &res); err != nil {
		return multi, perSample, err
	}
	multi.add(res.Traffic)
	for smp := 0; smp < s.Samples; smp++ {
		one := Instruction{Mode: mode, Component: component, Elements: 1, Phase: smp}
		if err := s.Load(&one, w, &res); err != nil {
			return multi, perSample, err
		}
		perSample.add(res.Traffic)
	}
	return multi, perSample, nil
}
