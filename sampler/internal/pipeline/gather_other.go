//go:build !amd64 || purego

package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Without the assembly (other architectures, the purego tag) the vector
// gatherers take no chunk: package sampler's lane loop gathers every
// chunk with its Go gatherers. See gather_amd64.go.

// GatherPlain takes no chunk here.
func (p *Plan) GatherPlain(o *Operands, c *lanes.Set, first, end int) (int, bool) {
	return first, false
}

// GatherCube takes no chunk here.
func (p *Plan) GatherCube(o *Operands, c *lanes.Set, first int) (int, bool) {
	return first, false
}

// GatherAniso takes no chunk here.
func (p *Plan) GatherAniso(o *Operands, c *lanes.Set, first int) (int, bool) {
	return first, false
}
