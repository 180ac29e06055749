package pipeline

import "github.com/texunit/texunit/sampler/internal/lanes"

// Loop names the lane loop a set-up takes (package sampler's laneLoopFor
// decides it).
type Loop uint8

const (
	LoopNone   Loop = iota // the reference pipeline's lane-by-lane loop
	LoopFilter             // bilinear/trilinear sampling and PCF
	LoopGather             // gathers
	LoopVolume             // trilinear sampling of 3D views
)

// Wrap is an address mode as the lane pipeline tells them apart: repeat,
// clamp-to-edge, and the others (which the stages hand to the reference).
type Wrap uint8

const (
	WrapOther Wrap = iota
	WrapRepeat
	WrapClampToEdge
)

// Key is the compiled key of a set-up the lane loop takes: everything the
// roads of this package read of the sampler state, the view and the
// format, as values.
type Key struct {
	Loop     Loop
	Dec      lanes.Decoder   // the format's inline decoder (lanes.DecodeBC for the BC formats)
	Compare  lanes.CompareOp // lanes.CompareNone without a compare
	CmpTrue  [4]float32      // the compare's results, swizzled
	CmpFalse [4]float32
	Wrap     [3]Wrap // the address modes of u, v and w
	// Hardware: hardware precision, whose texel coordinates are rounded
	// to SubtexelBits fraction bits: 2^SubtexelBits (Sub) and its inverse.
	// (Its LOD steps are the level stage's: LevelStage.)
	Hardware    bool
	Sub, SubInv float32
	Cube        bool  // a seamless cube view: footprints inside a face or across one edge
	Levels      int32 // the view's levels (the level table's entries)
	Array       bool  // a 2D-array view: each lane's layer from its third coordinate
	BaseLayer   int32 // the view's first layer
	Layers      int32 // the view's layers (cube views: cubes)
}

// Level is one level of the view, as the lane pipeline addresses it: its
// byte offset in the texel data, its size, and its byte strides.
type Level struct {
	Abs    int   // the absolute level (the surface's)
	Off    int   // byte offset of the level in the data
	W, H   int32 // size
	D      int32 // depth (a 3D view's; 1 otherwise)
	XS, YS int   // byte strides of x and y
	ZS     int   // byte stride of z (a 3D view's)
	LS     int   // byte stride of a layer
}

// LodSource says where an operation takes its level of detail from, as
// the level stage tells them apart (package sampler's LodSource; its
// laneKey maps one to the other).
type LodSource uint8

const (
	LodBaseLevel LodSource = iota // the base level's forms (λ = 0, level selection none)
	LodExplicit                   // the request's LOD
	LodZero                       // λ from 0
	LodGradient                   // λ from the request's gradients
	LodImplicit                   // λ from the quads' implicit derivatives
	LodBias                       // implicit derivatives and the request's shader bias
)

// LevelStage is the level stage's part of a set-up's compiled key (the
// vector gatherers' constants; package sampler's levelKey compiles it):
// the operation's LOD source; the level selection's mode (package
// sampler's MipFilter: its levelMode for the operation); the view's
// levels; the sampler's bias with no shader bias (lodBias(LodBias, 0)),
// its bias, its LOD clamps and its maximum anisotropy (0 reads as 1); the
// base level's width and height; and in hardware precision (Hardware) the
// LOD's rounding to LodBits fraction bits: 2^LodBits (LodStep) and its
// inverse. It is the plan's last field rather than the key's, so that
// the one-level road's constants keep their places (Plan).
type LevelStage struct {
	Lod                 LodSource
	Hardware            bool
	Mip, Levels         int32
	Bias0, LodBias      float32
	MinLod, MaxLod      float32
	MaxAnisotropy       float32
	Size                [2]float32
	LodStep, LodStepInv float32
}
