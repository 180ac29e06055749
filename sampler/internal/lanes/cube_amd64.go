//go:build amd64 && !purego

package lanes

// The cube and anisotropic requests' stages in assembly (cube_amd64.s):
// face selection, face coordinates and derivatives, ρ, and anisotropy's
// probes, eight lanes at a time; where Wide512 holds, the cube stage
// sixteen (CubeLanes16, cube512_amd64.s). Package pipeline's GatherCube
// (gather_amd64.go) decides which requests and chunks they take and fills
// their operands.

// CubeArgs are CubeLanesAsm's operands: pointers to the chunk's first
// lane in the request's rows.
type CubeArgs struct {
	Coord    [3]*float32 // the direction (r_x, r_y, r_z)
	Ddx, Ddy [3]*float32 // the gradients (deriv 2)
	Sz       [2]float32  // the base level's size
	Base     int32       // the view's first layer
	Deriv    int32       // 0: no scale factor, 1: the quads' differences, 2: the gradients
}

// AnisoArgs are AnisoScaleAsm's operands: pointers to the group's first
// lane in the request's rows.
type AnisoArgs struct {
	S, T     *float32 // the coordinates (quads' differences, grad 0)
	Ddx, Ddy [2]*float32
	Sz       [2]float32 // the base level's size
	MaxAniso float32    // the sampler's maximum anisotropy
	Grad     int32      // 1: the gradients, 0: the quads' differences
}

// AnisoProbes is eight lanes' anisotropic filtering, for package pipeline's
// Plan.GatherAniso (the vector build's anisoGroup): each lane's probe count N, the major
// axis' derivative (s, t), log2's argument ρmax/η and the shader bias,
// and the levels and δ.
type AnisoProbes struct {
	Probes    [8]int32
	AxS, AxT  [8]float32
	Arg, Bias [8]float32
	Hi, Lo    [8]int32
	Delta     [8]float32
}

// CubeSigns are the signs of Vulkan's "Cube Map Face and Coordinate
// Selection" table by face (+X, −X, +Y, −Y, +Z, −Z): sc = sSign·r_s,
// tc = tSign·r_t, |rc| = mSign·r_m, for VPERMPS (sampler's cubeFaces,
// which its tests hold them to).
var CubeSigns = [3][8]float32{
	{-1, +1, +1, +1, +1, -1}, // sSign
	{-1, -1, +1, -1, -1, -1}, // tSign
	{+1, -1, +1, -1, +1, -1}, // mSign
}

// cubeQuad holds the quads' pixels (0,0), (1,0), (0,1) of each lane's
// quad within a group of eight, for VPERMPS (quadDerivatives).
var cubeQuad = [3][8]uint32{
	{0, 0, 0, 0, 4, 4, 4, 4},
	{1, 1, 1, 1, 5, 5, 5, 5},
	{2, 2, 2, 2, 6, 6, 6, 6},
}

// CubeLanesAsm is pipeline.Plan.GatherCube's loop for n lanes (a multiple of 8, the
// first at a group of eight): selectFace (ties to z, then y; −0 selects
// the negative face, a NaN the positive one), faceCoords into c.s, c.t,
// the face and its layer (face + a.base) into c.face and c.layer as
// entries [0, n); where a.deriv is set, faceDerivative of the quads'
// differences or the gradients and rho8's isotropic ρ into c.arg.
//
//go:noescape
func CubeLanesAsm(a *CubeArgs, n int, c *Set)

// CubeLanes16 is CubeLanesAsm in AVX-512 (cube512_amd64.s), sixteen lanes
// an instruction (a last group of eight under a mask), for CPUs where
// Wide512 holds: the same operations in the same order with the same
// operands, so the same s, t, face, layer and ρ bits (TestCubeLanesForms),
// and it reads no lane of a's rows and writes no entry of c at or past n.
//
//go:noescape
func CubeLanes16(a *CubeArgs, n int, c *Set)

// AnisoScaleAsm is anisoLanes up to the logarithm for a group of eight
// lanes: scaleArg's ρx and ρy, the major axis' derivative into p.axS and
// p.axT, η = min(ρmax/ρmin, max anisotropy), N = ⌈η⌉ where η > 1 (else 1)
// into p.probes, and log2's argument ρmax/η (ρmax where N is 1) into p.arg.
//
//go:noescape
func AnisoScaleAsm(a *AnisoArgs, p *AnisoProbes)
