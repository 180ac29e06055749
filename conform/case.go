package conform

import (
	"fmt"
	"math"

	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/surface"
)

// TexType is a texture type as the oracle names it, with the properties its
// request format documents (coordinate counts, where offsets, fetch, gather
// and depth compare are allowed).
type TexType struct {
	Name   string       // oracle name: "1d", "2darray", "cubearray", "2dms", …
	Kind   surface.Kind // texunit's surface kind
	Coords int          // float coordinate components, layer included
	Grads  int          // spatial (gradient) components
	Fetch  int          // integer fetch components, layer included (0: no fetch)
	Offs   int          // offset components (0: offsets not allowed)
	Size   int          // components of the size query
	MS     bool         // multisampled
	Cube   bool         // cube or cube array
	Array  bool         // arrayed
	Gather bool         // gather allowed
	Shadow bool         // depth compare allowed
}

// TexTypes lists the texture types the oracle supports, in its order.
var TexTypes = []TexType{
	{Name: "1d", Kind: surface.Kind1D, Coords: 1, Grads: 1, Fetch: 1, Offs: 1, Size: 1, Shadow: true},
	{Name: "1darray", Kind: surface.Kind1DArray, Coords: 2, Grads: 1, Fetch: 2, Offs: 1, Size: 2, Array: true, Shadow: true},
	{Name: "2d", Kind: surface.Kind2D, Coords: 2, Grads: 2, Fetch: 2, Offs: 2, Size: 2, Gather: true, Shadow: true},
	{Name: "2darray", Kind: surface.Kind2DArray, Coords: 3, Grads: 2, Fetch: 3, Offs: 2, Size: 3, Array: true, Gather: true, Shadow: true},
	{Name: "3d", Kind: surface.Kind3D, Coords: 3, Grads: 3, Fetch: 3, Offs: 3, Size: 3},
	{Name: "cube", Kind: surface.KindCube, Coords: 3, Grads: 3, Size: 2, Cube: true, Gather: true, Shadow: true},
	{Name: "cubearray", Kind: surface.KindCubeArray, Coords: 4, Grads: 3, Size: 3, Cube: true, Array: true, Gather: true, Shadow: true},
	{Name: "2dms", Kind: surface.Kind2DMS, Fetch: 2, Size: 2, MS: true},
	{Name: "2dmsarray", Kind: surface.Kind2DMSArray, Fetch: 3, Size: 3, MS: true, Array: true},
}

// LookupTexType returns the texture type with the oracle name s.
func LookupTexType(s string) (*TexType, error) {
	for i := range TexTypes {
		if TexTypes[i].Name == s {
			return &TexTypes[i], nil
		}
	}
	return nil, fmt.Errorf("conform: unknown texture type %q", s)
}

// Formats lists the formats the oracle supports, by texunit format and
// oracle (Vulkan) name.
var Formats = []struct {
	Format format.Format
	Name   string
	MinMax bool // VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT on lavapipe
}{
	{format.R8Unorm, "R8_UNORM", true},
	{format.R8G8Unorm, "R8G8_UNORM", false},
	{format.R8G8B8A8Unorm, "R8G8B8A8_UNORM", false},
	{format.R8G8B8A8Srgb, "R8G8B8A8_SRGB", false},
	{format.R8G8B8A8Snorm, "R8G8B8A8_SNORM", false},
	{format.B8G8R8A8Unorm, "B8G8R8A8_UNORM", false},
	{format.B8G8R8A8Srgb, "B8G8R8A8_SRGB", false},
	{format.R16Sfloat, "R16_SFLOAT", true},
	{format.R16G16B16A16Sfloat, "R16G16B16A16_SFLOAT", false},
	{format.R32Sfloat, "R32_SFLOAT", true},
	{format.R32G32B32A32Sfloat, "R32G32B32A32_SFLOAT", false},
	{format.D16Unorm, "D16_UNORM", true},
	{format.D32Sfloat, "D32_SFLOAT", true},
}

func oracleFormatName(f format.Format) string {
	for _, e := range Formats {
		if e.Format == f {
			return e.Name
		}
	}
	return f.String()
}

func formatMinMax(f format.Format) bool {
	for _, e := range Formats {
		if e.Format == f {
			return e.MinMax
		}
	}
	return false
}

// DataMode selects how a texture's texels are generated.
type DataMode uint8

// Data modes. Hash and Coords are the oracle's own generators (the request
// names them); LevelConst and Bytes are sent to the oracle as raw hex.
const (
	DataHash       DataMode = iota // "data hash SEED LO HI"
	DataCoords                     // "data coords"
	DataLevelConst                 // every texel of a level equal (random per level); for anisotropy
	DataBytes                      // raw bytes from the list (the sRGB decode table)
)

var dataModeNames = [...]string{"hash", "coords", "levelconst", "bytes"}

func (m DataMode) String() string {
	if int(m) < len(dataModeNames) {
		return dataModeNames[m]
	}
	return fmt.Sprintf("DataMode(%d)", uint8(m))
}

// Data describes a texture's texel data.
type Data struct {
	Mode   DataMode
	Seed   uint32
	Lo, Hi float64 // hash: range of float elements
	Raw    []byte  // DataBytes: the whole stream
}

// Texture is an image and the view the queries sample.
type Texture struct {
	Type                         *TexType
	Format                       format.Format
	Width, Height, Depth, Layers int // level 0 size; Layers are Vulkan array layers (6 per cube)
	Levels, Samples              int
	BaseLevel, NLevels           int // view; NLevels 0: all from BaseLevel
	BaseLayer, NLayers           int // view; NLayers 0: all from BaseLayer
	Data                         Data
}

// ViewLevels returns the number of levels in the view.
func (t *Texture) ViewLevels() int {
	if t.NLevels > 0 {
		return t.NLevels
	}
	return t.Levels - t.BaseLevel
}

// ViewLayers returns the number of array layers in the view.
func (t *Texture) ViewLayers() int {
	if t.NLayers > 0 {
		return t.NLayers
	}
	return t.Layers - t.BaseLayer
}

// LevelSize returns the size of absolute level l.
func (t *Texture) LevelSize(l int) [3]int {
	return [3]int{max(1, t.Width>>l), max(1, t.Height>>l), max(1, t.Depth>>l)}
}

// Border is a border colour: a Vulkan preset or a custom float colour.
type Border struct {
	Preset string     // float_transparent_black, float_opaque_black, float_opaque_white, or "custom"
	Custom [4]float32 // custom colour
}

// Sampler is a sampler state in the oracle's vocabulary.
type Sampler struct {
	Mag, Min    string    // nearest, linear
	Mip         string    // nearest, linear
	Addr        [3]string // repeat mirror clamp border mirrorclamp
	Bias        float32
	Aniso       bool
	MaxAniso    float32
	Compare     bool
	CompareOp   string // never less equal lequal greater notequal gequal always
	MinLod      float32
	MaxLod      float32 // math.MaxFloat32 is not used; MaxLodNone selects 1000
	MaxLodNone  bool
	Border      Border
	Unnorm      bool
	Reduction   string // avg min max
	NonSeamless bool
}

// DefaultSampler returns the oracle's default sampler.
func DefaultSampler() Sampler {
	return Sampler{Mag: "nearest", Min: "nearest", Mip: "nearest",
		Addr: [3]string{"repeat", "repeat", "repeat"}, MaxAniso: 1, CompareOp: "never",
		MaxLodNone: true, MaxLod: 1000, Border: Border{Preset: "float_transparent_black"}, Reduction: "avg"}
}

// Anisotropic reports whether the sampler filters anisotropically: enabled
// with maxAnisotropy above 1 (with 1, η = 1 and sampling is isotropic).
func (s *Sampler) Anisotropic() bool { return s.Aniso && s.MaxAniso > 1 }

// EffMaxLod returns the sampler's maximum LOD (1000 for "none").
func (s *Sampler) EffMaxLod() float32 {
	if s.MaxLodNone {
		return 1000
	}
	return s.MaxLod
}

// Op is a query operation in the oracle's vocabulary.
type Op uint8

// Oracle operations.
const (
	OpLod      Op = iota // textureLod[Offset]
	OpGrad               // textureGrad[Offset]
	OpGather             // textureGather[Offset]
	OpFetch              // texelFetch[Offset]
	OpSize               // textureSize
	OpLevels             // textureQueryLevels
	OpSamples            // textureSamples
	OpQueryLod           // textureQueryLod (fragment quad)
	OpTex                // texture[Offset] with implicit LOD (fragment quad)
	numOps
)

var opNames = [numOps]string{"lod", "grad", "gather", "fetch", "size", "levels", "samples", "querylod", "tex"}

func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Fragment reports whether the oracle runs o in a fragment shader on 2×2 quads.
func (o Op) Fragment() bool { return o == OpQueryLod || o == OpTex }

// Query is one oracle query line.
type Query struct {
	Op      Op
	P       [4]float32 // coordinates, layer last
	DX, DY  [3]float32 // derivatives of the spatial coordinates
	Lod     float32
	Dref    float32 // used when the sampler compares
	Bias    float32
	HasBias bool
	Off     [3]int32
	HasOff  bool
	Comp    int      // gather component
	T       [4]int32 // fetch texel coordinates, layer last
	Level   int32    // fetch and size
	Sample  int32    // multisample fetch
}

// Group is one oracle run: a texture, a sampler and the queries on them.
// Every query of a group is a case.
type Group struct {
	ID      int    // index of the group within the run
	Seed    uint64 // the group's own seed, derived from the run seed and ID
	Theme   string // what the generator aimed at ("filter", "aniso", "unnorm", …)
	Tex     Texture
	Smp     Sampler
	Queries []Query
}

// CaseID names a case: group g, query q. It prints as "g.q".
type CaseID struct{ Group, Query int }

func (c CaseID) String() string { return fmt.Sprintf("%d.%d", c.Group, c.Query) }

// ParseCaseID parses "g" (a whole group) or "g.q".
func ParseCaseID(s string) (CaseID, bool, error) {
	var id CaseID
	if n, err := fmt.Sscanf(s, "%d.%d", &id.Group, &id.Query); err == nil && n == 2 {
		if id.Group < 0 || id.Query < 0 {
			return id, false, fmt.Errorf("case %q: negative index", s)
		}
		return id, true, nil
	}
	if n, err := fmt.Sscanf(s, "%d", &id.Group); err == nil && n == 1 && fmt.Sprint(id.Group) == s && id.Group >= 0 {
		return id, false, nil
	}
	return id, false, fmt.Errorf("case %q: want GROUP or GROUP.QUERY", s)
}

// f32bits formats a float32 as the oracle's raw "@XXXXXXXX" form.
func f32bits(f float32) string { return fmt.Sprintf("@%08x", math.Float32bits(f)) }
