//go:build !amd64 || purego

package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Without the assembly (other architectures, the purego tag) the one-level
// road does not run: package sampler's lane loop takes its requests
// through the Go gatherers and stages. See plan_amd64.go.

// Setup makes nothing here: no request takes the one-level road.
func (p *Plan) Setup(lv0 *Level) {}

// Run takes no request here.
func (p *Plan) Run(d *byte, coord *[4][]float32, ref []float32, n int, b *[4][]uint32) (ok, taken bool) {
	return false, false
}

// RunChunk takes no chunk here.
func (p *Plan) RunChunk(d *byte, s, t, ref, a *float32, m int, c *lanes.Set, rows *lanes.Out) bool {
	return false
}

// Footprints takes no chunk here.
func (p *Plan) Footprints(s, t, ref, a *float32, m int, c *lanes.Set) bool { return false }
