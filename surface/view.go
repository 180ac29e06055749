package surface

// View selects a range of mip levels and array layers of a surface, as a
// Vulkan image view's subresource range does. Its kind is the surface's.
// Create it with Surface.View or NewView.
type View struct {
	Surface   *Surface // the viewed surface
	BaseLevel int      // first mip level of the view
	Levels    int      // number of mip levels, ≥ 1
	BaseLayer int      // first array layer of the view
	Layers    int      // number of array layers, ≥ 1 (a multiple of 6 for cube kinds)
}

// View returns a view of every level and layer of s.
func (s *Surface) View() View {
	return View{Surface: s, Levels: s.Levels, Layers: s.Layers}
}

// NewView returns a view of levels baseLevel … baseLevel+levels−1 and layers
// baseLayer … baseLayer+layers−1 of s. levels 0 means all levels from
// baseLevel on, layers 0 all layers from baseLayer on; for the cube kinds
// layers must be a multiple of 6 (exactly 6 for cube) and 0 means the largest
// multiple of 6 that fits. baseLayer may be any layer, not only the first of
// a cube. Invalid arguments give an *Error naming the field and value.
func NewView(s *Surface, baseLevel, levels, baseLayer, layers int) (View, error) {
	if s == nil {
		return View{}, errorf("view.surface", "nil", "is not a surface")
	}
	if baseLevel < 0 || baseLevel >= s.Levels {
		return View{}, errorf("view.base_level", baseLevel, "is out of range (0..%d)", s.Levels-1)
	}
	if levels == 0 {
		levels = s.Levels - baseLevel
	}
	if levels < 1 || levels > s.Levels-baseLevel {
		return View{}, errorf("view.levels", levels, "is out of range (1..%d) for base level %d", s.Levels-baseLevel, baseLevel)
	}
	if baseLayer < 0 || baseLayer >= s.Layers {
		return View{}, errorf("view.base_layer", baseLayer, "is out of range (0..%d)", s.Layers-1)
	}
	remaining := s.Layers - baseLayer
	if layers == 0 {
		layers = remaining
		if s.Kind.IsCube() {
			layers -= layers % 6
			if s.Kind == KindCube {
				layers = min(layers, 6)
			}
			if layers == 0 {
				return View{}, errorf("view.layers", 0, "(all remaining) leaves %d layers from base layer %d, fewer than one cube (6)", remaining, baseLayer)
			}
		}
	}
	if layers < 1 || layers > remaining {
		return View{}, errorf("view.layers", layers, "is out of range (1..%d) for base layer %d", remaining, baseLayer)
	}
	switch {
	case s.Kind == KindCube && layers != 6:
		return View{}, errorf("view.layers", layers, "must be 6 for kind %v", s.Kind)
	case s.Kind == KindCubeArray && layers%6 != 0:
		return View{}, errorf("view.layers", layers, "is not a multiple of 6 (kind %v)", s.Kind)
	}
	return View{Surface: s, BaseLevel: baseLevel, Levels: levels, BaseLayer: baseLayer, Layers: layers}, nil
}

// LevelSize returns the size in texels of level `level` of the view, that is
// level BaseLevel+level of the surface.
func (v View) LevelSize(level int) (w, h, d int) { return v.Surface.LevelSize(v.BaseLevel + level) }
