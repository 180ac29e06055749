package batch

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/texunit/texunit/budget"
	"github.com/texunit/texunit/format"
	"github.com/texunit/texunit/sampler"
	"github.com/texunit/texunit/surface"
)

// Job is one decoded job: the surface to build, the sampler state, the
// precision and the request over lanes. Decode fills it from a JSON line;
// a program may also build one directly and call Run.
type Job struct {
	// ID is the job's "id" exactly as written (any JSON value), or nil when
	// the job has none. It is echoed in the result.
	ID json.RawMessage
	// Define, when not empty, makes the line a definition (protocol
	// version 2): {"define": NAME, "surface": {...}} names Surface for the
	// jobs after it. A definition has no id, sampler, operation, lanes or
	// result: Run builds its surface and keeps it in the Worker.
	Define string
	// SurfaceName is the name of a defined surface, when the job's
	// "surface" is a string (protocol version 2); Surface is then unused:
	// the job samples the definition's surface and view.
	SurfaceName string
	Surface     SurfaceSpec
	Sampler     sampler.State
	Precision   sampler.Precision
	// Request holds the operation and every lane's operands. Its Active
	// slice is nil when every lane is active.
	Request sampler.Request
	// Bits says whether the result line carries "bits" (the job's "bits"
	// member; BitsDefault leaves it to Options.NoBits).
	Bits Bits
	// Trace asks for every lane's footprint trace ("trace": true): the
	// texels each lane read, written as the result's "texels".
	Trace bool
	// Footprint, when not nil, makes the job the texel footprint query of
	// its sampling operation ("footprint": {"granularity": G, "coarse": B};
	// sampler.Engine.Footprint): Run writes Footprints and FootprintErrs
	// instead of the Result.
	Footprint     *sampler.FootprintQuery
	Footprints    []sampler.Footprint
	FootprintErrs []error

	def *definition // the definition SurfaceName names, once resolved
}

// Bits says whether a job's result line carries the bit patterns.
type Bits uint8

// The values of Job.Bits.
const (
	BitsDefault Bits = iota // as the batch's Options.NoBits says (bits by default)
	BitsOn                  // "bits": true
	BitsOff                 // "bits": false
)

// SurfaceSpec describes the surface a job samples: its description, the
// view, the residency and the data that fills it.
type SurfaceSpec struct {
	surface.Desc
	// The view: levels BaseLevel … BaseLevel+LevelCount−1 and layers
	// BaseLayer … BaseLayer+LayerCount−1. A count of 0 means all remaining
	// (see surface.NewView).
	BaseLevel, LevelCount int
	BaseLayer, LayerCount int
	// Tile is the residency tile size (w, h, d); all zero means the
	// surface's default.
	Tile [3]int
	// NonResident lists the tiles marked non-resident, each as
	// (level, layer, tx, ty, tz).
	NonResident [][5]int
	// Aspect and Swizzle select the view's aspect of a depth/stencil format
	// and its component mapping (surface.View); the zero values read the
	// default aspect with the identity mapping.
	Aspect  format.Aspect
	Swizzle surface.Swizzle
	Data    Data
}

// DataSource says how a surface's texels are generated.
type DataSource uint8

// Data sources.
const (
	DataHash   DataSource = iota // surface.FillHash(Seed, Lo, Hi)
	DataCoords                   // surface.FillCoords
	DataFile                     // raw bytes in stream order, read from File (surface.Load)
	DataImage                    // a texture file (PNG, KTX2, DDS, HDR) read by package texfile
)

// Data describes a surface's texel data. The zero value is not the
// protocol's default; use DefaultData.
type Data struct {
	Source DataSource
	Seed   uint32  // DataHash
	Lo, Hi float64 // DataHash: the range of float components
	File   string  // DataFile and DataImage: the path, relative to the current directory
}

// DefaultData is the data of a surface whose job gives none: the hash
// generator with seed 1 over [0, 1], as the reference oracle uses.
func DefaultData() Data { return Data{Source: DataHash, Seed: 1, Lo: 0, Hi: 1} }

// ErrJSON is wrapped by the error Decode returns for a line that is not
// valid JSON.
var ErrJSON = errors.New("invalid JSON")

// JobError is a job-level error from Decode: the job cannot run. ID is the
// job's id when it could be read before the error was found (so that the
// error can be reported with it), else nil.
type JobError struct {
	ID  json.RawMessage
	Err error
}

// Error returns the message of the underlying error.
func (e *JobError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *JobError) Unwrap() error { return e.Err }

// The fields each JSON object may have.
var (
	jobFields       = []string{"id", "surface", "sampler", "op", "lanes", "precision", "bits", "trace", "footprint", "derivatives", "projective"}
	footprintFields = []string{"granularity", "coarse"}
	defineFields    = []string{"define", "surface"}
	surfaceFields   = []string{"type", "format", "width", "height", "depth", "layers", "levels", "samples", "base_level", "level_count", "base_layer", "layer_count", "tile", "nonresident", "aspect", "swizzle", "data", "layout", "block_height"}
	dataFields      = []string{"hash", "coords", "file", "image"}
	hashFields      = []string{"seed", "lo", "hi"}
	samplerFields   = []string{"mag", "min", "mip", "address", "border", "lod_bias", "min_lod", "max_lod", "max_anisotropy", "compare", "reduction", "unnormalized", "seamless_cube", "compare_color", "anisotropy", "cubic_weights", "ycbcr"}
	ycbcrFields     = []string{"model", "range", "components", "x_chroma_offset", "y_chroma_offset", "chroma_filter", "force_explicit_reconstruction"}
	laneFields      = []string{"coord", "lod", "bias", "ref", "ddx", "ddy", "offset", "channel", "texel", "level", "sample", "min_lod", "active"}
	precisionFields = []string{"mode", "subtexel_bits", "lod_bits"}
)

// Decode decodes and validates one job line. Errors are *JobError values;
// those for text that is not JSON also wrap ErrJSON. Decode checks
// everything that does not need the surface's data: names, value types and
// ranges, the number of values per lane; the engine checks the rest (an
// operation the surface cannot do, lane counts of 2×2 quads, …) when the
// job runs. Decode does not limit the memory it uses; DecodeIn does.
func Decode(line []byte) (job *Job, err error) { return DecodeIn(line, nil) }

// DecodeIn is Decode within a memory budget (nil: none): the line's copy,
// its JSON tree and the request's operand slices are reserved from mem
// before they are allocated, and a line that would exceed the budget is
// refused with an error wrapping the *budget.Error (not ErrJSON). When
// DecodeIn returns, the tree and the copy are released again; the operand
// slices, which the returned Job holds, stay reserved (the caller releases
// them with the rest of the job's memory).
func DecodeIn(line []byte, mem *budget.Budget) (job *Job, err error) {
	return decodeIn(line, mem, false, nil, 0, nil)
}

// Decode is DecodeIn (with the Worker's Budget) for a Worker that runs
// definitions: a job whose "surface" names a surface is decoded against
// the definition that an earlier Run of w built (the surface's type says
// how to read the lanes' coordinates). The package function Decode knows
// no definitions: a job naming a surface is an error there.
func (w *Worker) Decode(line []byte) (*Job, error) {
	return decodeIn(line, w.Budget, false, w.defs, 0, nil)
}

// decodeIn is DecodeIn; owned says that the caller does not change line
// while the returned Job is used, so that the parse may read it in place
// instead of copying it (the Job keeps no string of the line: every name
// it keeps is parsed to a value or cloned).
//
// defs resolves the names of defined surfaces for a job on line lineNo
// (0: outside Run; see definitions.lookup). p, when not nil, is the
// caller's parser, reused from line to line.
func decodeIn(line []byte, mem *budget.Budget, owned bool, defs *definitions, lineNo int, p *parser) (job *Job, err error) {
	defer func() {
		if p := recover(); p != nil {
			job, err = nil, &JobError{Err: panicError(p)}
		}
	}()
	// The strings that escapes make new are at most the line's length, and
	// so is its copy as a string, unless the line is read in place.
	text := int64(len(line))
	if !owned {
		text *= 2
	}
	if err := mem.Reserve("job line", text); err != nil {
		return nil, &JobError{Err: fmt.Errorf("line of %d bytes: %w", len(line), err)}
	}
	defer mem.Release(text)
	var s string
	if owned {
		s = unsafe.String(unsafe.SliceData(line), len(line))
	} else {
		s = string(line)
	}
	if p == nil {
		p = new(parser)
	}
	v, id, hasID, tree, err := p.parse(s, mem)
	defer mem.Release(tree)
	defer p.drop()
	j := new(Job)
	if hasID {
		j.ID = json.RawMessage(validID(id))
	}
	var me *memError
	if errors.As(err, &me) {
		return nil, &JobError{ID: j.ID, Err: fmt.Errorf("line of %d bytes: %w", len(line), me.err)}
	}
	if err != nil {
		return nil, &JobError{ID: j.ID, Err: fmt.Errorf("%w: %w", ErrJSON, err)}
	}
	if v.kind != kindObject {
		return nil, &JobError{Err: fmt.Errorf("job: want a JSON object, got %s", describe(v))}
	}
	if isDefine(v) {
		if err := j.decodeDefine(v); err != nil {
			return nil, &JobError{Err: defineError(j.Define, err)}
		}
		return j, nil
	}
	top, err := object("job", v, jobFields)
	if err != nil {
		return nil, &JobError{ID: j.ID, Err: err}
	}
	if err := j.decode(top, mem, defs, lineNo, p.floats); err != nil {
		return nil, &JobError{ID: j.ID, Err: err}
	}
	return j, nil
}

// isDefine reports whether v, a line's object, is a definition: it has a
// "define" member.
func isDefine(v value) bool {
	for _, m := range v.members {
		if m.key == "define" {
			return true
		}
	}
	return false
}

// defineError prefixes err, the error of the definition of name ("" when
// its name could not be read), with "define NAME: ".
func defineError(name string, err error) error {
	if name == "" || err == nil {
		return err
	}
	return fmt.Errorf("define %q: %w", name, err)
}

// decodeDefine fills j from a definition line's object. A definition with
// an error still sets j.Define when its name could be read, so that the
// error can name it (see defineError).
func (j *Job) decodeDefine(v value) error {
	top, err := object("define line", v, defineFields)
	if err != nil {
		return err
	}
	nv, _ := top.get("define")
	name, err := str("define", nv)
	if err != nil {
		return err
	}
	if name == "" {
		return errors.New("define: empty name")
	}
	j.Define = strings.Clone(name)
	sv, ok := top.get("surface")
	if !ok {
		return errors.New("surface: missing")
	}
	if sv.kind != kindObject {
		return fmt.Errorf("surface: want an object, got %s", describe(sv))
	}
	return j.Surface.decode(sv)
}

// decode fills j from the job's top-level members.
func (j *Job) decode(top fields, mem *budget.Budget, defs *definitions, lineNo int, nums []float32) error {
	v, ok := top.get("surface")
	if !ok {
		return errors.New("surface: missing")
	}
	kind := j.Surface.Kind
	if v.kind == kindString {
		if v.s == "" {
			return errors.New("surface: empty name (a string names a defined surface)")
		}
		d, err := defs.lookup(v.s, lineNo)
		if err != nil {
			return err
		}
		j.SurfaceName, j.def, kind = d.name, d, d.spec.Kind
	} else if err := j.Surface.decode(v); err != nil {
		return err
	} else {
		kind = j.Surface.Kind
	}
	if v, ok := top.get("bits"); ok {
		b, err := boolean("bits", v)
		if err != nil {
			return err
		}
		j.Bits = BitsOff
		if b {
			j.Bits = BitsOn
		}
	}
	if v, ok := top.get("footprint"); ok {
		m, err := object("footprint", v, footprintFields)
		if err != nil {
			return err
		}
		q := &sampler.FootprintQuery{}
		g, ok := m.get("granularity")
		if !ok {
			return fmt.Errorf("footprint.granularity: missing")
		}
		if q.Granularity, err = intIn("", g, 0, 15); err != nil {
			return fmt.Errorf("footprint.granularity%w", err)
		}
		if c, ok := m.get("coarse"); ok {
			if q.Coarse, err = boolean("footprint.coarse", c); err != nil {
				return err
			}
		}
		j.Footprint = q
	}
	if v, ok := top.get("projective"); ok {
		p, err := boolean("projective", v)
		if err != nil {
			return err
		}
		j.Request.Projective = p
	}
	if v, ok := top.get("derivatives"); ok {
		d, err := enum("derivatives", v, sampler.ParseDerivatives)
		if err != nil {
			return err
		}
		j.Request.Derivatives = d
	}
	if v, ok := top.get("trace"); ok {
		t, err := boolean("trace", v)
		if err != nil {
			return err
		}
		j.Trace = t
	}
	j.Sampler = sampler.DefaultState()
	if v, ok := top.get("sampler"); ok {
		if err := decodeSampler(&j.Sampler, v); err != nil {
			return err
		}
	}
	if err := j.Sampler.Validate(); err != nil {
		return err
	}
	if v, ok := top.get("precision"); ok {
		if err := decodePrecision(&j.Precision, v); err != nil {
			return err
		}
	}
	v, ok = top.get("op")
	if !ok {
		return errors.New("op: missing")
	}
	name, err := str("op", v)
	if err != nil {
		return err
	}
	if j.Request.Op, err = sampler.ParseOp(name); err != nil {
		names := make([]string, 0, 32)
		for _, op := range sampler.Ops() {
			names = append(names, op.String())
		}
		return fmt.Errorf("op: unknown operation %q (want one of %s)", name, strings.Join(names, ", "))
	}
	v, ok = top.get("lanes")
	if !ok {
		return errors.New("lanes: missing")
	}
	return decodeLanes(&j.Request, kind, v, mem, nums)
}

// decode fills s from the "surface" object.
func (s *SurfaceSpec) decode(v value) error {
	m, err := object("surface", v, surfaceFields)
	if err != nil {
		return err
	}
	s.Data = DefaultData()
	if v, ok := m.get("data"); ok {
		if err := s.Data.decode(v); err != nil {
			return err
		}
	}
	required := []string{"type", "format", "width"}
	if s.Data.Source == DataImage {
		required = required[:1] // the file gives the format and the size
	}
	for _, f := range required {
		if _, ok := m.get(f); !ok {
			return fmt.Errorf("surface.%s: missing", f)
		}
	}
	v, _ = m.get("type")
	name, err := str("surface.type", v)
	if err != nil {
		return err
	}
	if s.Kind, err = surface.ParseKind(name); err != nil {
		return surfaceError(err)
	}
	if v, ok := m.get("format"); ok {
		if err := s.decodeFormat(v); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		name string
		dst  *int
	}{
		{"width", &s.Width}, {"height", &s.Height}, {"depth", &s.Depth},
		{"layers", &s.Layers}, {"levels", &s.Levels}, {"samples", &s.Samples},
		{"base_level", &s.BaseLevel}, {"level_count", &s.LevelCount},
		{"base_layer", &s.BaseLayer}, {"layer_count", &s.LayerCount},
	} {
		if v, ok := m.get(f.name); ok {
			// The surface package checks the ranges; this only keeps the
			// values within int32 so that none overflows on the way.
			if *f.dst, err = intIn("", v, math.MinInt32, math.MaxInt32); err != nil {
				return fmt.Errorf("surface.%s%w", f.name, err)
			}
		}
	}
	if v, ok := m.get("aspect"); ok {
		if s.Aspect, err = enum("surface.aspect", v, format.ParseAspect); err != nil {
			return err
		}
	}
	if v, ok := m.get("layout"); ok {
		if s.Layout, err = enum("surface.layout", v, surface.ParseLayout); err != nil {
			return err
		}
	}
	if v, ok := m.get("block_height"); ok {
		if s.BlockHeight, err = intIn("", v, math.MinInt32, math.MaxInt32); err != nil {
			return fmt.Errorf("surface.block_height%w", err)
		}
	}
	if v, ok := m.get("swizzle"); ok {
		text, err := str("surface.swizzle", v)
		if err != nil {
			return err
		}
		if s.Swizzle, err = surface.ParseSwizzle(text); err != nil {
			return fmt.Errorf("surface.swizzle: %q: want four of r, g, b, a, 0, 1 (or identity), such as \"bgr1\"", text)
		}
	}
	if s.Data.Source == DataCoords && s.Format != format.Undefined && !surface.CoordsSupported(s.Format) {
		return fmt.Errorf("surface.data.coords: %s is block-compressed or 4:2:2; coordinate data needs an uncompressed format of 1×1 texels", s.Format)
	}
	if v, ok := m.get("tile"); ok {
		a, err := array("surface.tile", v, 1, 3)
		if err != nil {
			return err
		}
		s.Tile = [3]int{1, 1, 1}
		for i, e := range a.all() {
			if s.Tile[i], err = intIn("", e, 1, surface.MaxExtent); err != nil {
				return elemError("surface.tile", i, err)
			}
		}
	}
	if v, ok := m.get("nonresident"); ok {
		a, err := array("surface.nonresident", v, 0, math.MaxInt)
		if err != nil {
			return err
		}
		s.NonResident = make([][5]int, a.len())
		for i, e := range a.all() {
			t, err := array("", e, 3, 5)
			if err != nil {
				return elemError("surface.nonresident", i, err)
			}
			for k, c := range t.all() {
				if s.NonResident[i][k], err = intIn("", c, math.MinInt32, math.MaxInt32); err != nil {
					return elemError("surface.nonresident", i, elemError("", k, err))
				}
			}
		}
	}
	return nil
}

// decodeFormat sets s.Format from the "format" member.
func (s *SurfaceSpec) decodeFormat(v value) error {
	name, err := str("surface.format", v)
	if err != nil {
		return err
	}
	if s.Format, err = format.Parse(name); err != nil {
		return fmt.Errorf("surface.format: unknown format %q (%s)", name, format.Hint(name))
	}
	return nil
}

// decode fills d from the "data" object.
func (d *Data) decode(v value) error {
	m, err := object("surface.data", v, dataFields)
	if err != nil {
		return err
	}
	if len(m) != 1 {
		return fmt.Errorf("surface.data: want exactly one of hash, coords, file and image, got %d", len(m))
	}
	v = m[0].val
	switch m[0].key {
	case "hash":
		h, err := object("surface.data.hash", v, hashFields)
		if err != nil {
			return err
		}
		if v, ok := h.get("seed"); ok {
			seed, err := integer("surface.data.hash.seed", v, 0, math.MaxUint32)
			if err != nil {
				return err
			}
			d.Seed = uint32(seed)
		}
		if v, ok := h.get("lo"); ok {
			if d.Lo, err = float64Value("surface.data.hash.lo", v); err != nil {
				return err
			}
		}
		if v, ok := h.get("hi"); ok {
			if d.Hi, err = float64Value("surface.data.hash.hi", v); err != nil {
				return err
			}
		}
	case "coords":
		b, err := boolean("surface.data.coords", v)
		if err != nil {
			return err
		}
		if !b {
			return errors.New("surface.data.coords: must be true (leave data out for the default hash data)")
		}
		*d = Data{Source: DataCoords}
	case "file":
		name, err := str("surface.data.file", v)
		if err != nil {
			return err
		}
		if name == "" {
			return errors.New("surface.data.file: empty path")
		}
		*d = Data{Source: DataFile, File: strings.Clone(name)} // not a piece of the whole line
	case "image":
		name, err := str("surface.data.image", v)
		if err != nil {
			return err
		}
		if name == "" {
			return errors.New("surface.data.image: empty path")
		}
		*d = Data{Source: DataImage, File: strings.Clone(name)}
	}
	return nil
}

// surfaceError renames the fields of *surface.Error values to the protocol's
// JSON paths.
func surfaceError(err error) error {
	var se *surface.Error
	if !errors.As(err, &se) {
		return err
	}
	field := se.Field
	switch field {
	case "kind":
		field = "type"
	case "view.base_level":
		field = "base_level"
	case "view.levels":
		field = "level_count"
	case "view.base_layer":
		field = "base_layer"
	case "view.layers":
		field = "layer_count"
	case "tile.width":
		field = "tile[0]"
	case "tile.height":
		field = "tile[1]"
	case "tile.depth":
		field = "tile[2]"
	}
	return fmt.Errorf("surface.%s: %s %s", field, se.Value, se.Reason)
}

// enum parses the name of a sampler enumeration with parse, and on error
// reports path and the valid names (those String gives for 0, 1, … until
// parse rejects one).
func enum[T ~uint8](path string, v value, parse func(string) (T, error)) (T, error) {
	name, err := str(path, v)
	if err != nil {
		return 0, err
	}
	t, err := parse(name)
	if err == nil {
		return t, nil
	}
	var names []string
	for i := 0; i < 256; i++ {
		n := fmt.Sprint(T(i))
		if _, err := parse(n); err != nil {
			break
		}
		names = append(names, n)
	}
	return 0, fieldError(path, "unknown value %q (want one of %s)", name, strings.Join(names, ", "))
}

// decodeSampler applies the "sampler" object to st (which holds the defaults).
func decodeSampler(st *sampler.State, v value) error {
	m, err := object("sampler", v, samplerFields)
	if err != nil {
		return err
	}
	if v, ok := m.get("mag"); ok {
		if st.MagFilter, err = enum("sampler.mag", v, sampler.ParseFilter); err != nil {
			return err
		}
	}
	if v, ok := m.get("min"); ok {
		if st.MinFilter, err = enum("sampler.min", v, sampler.ParseFilter); err != nil {
			return err
		}
	}
	if v, ok := m.get("mip"); ok {
		if st.MipFilter, err = enum("sampler.mip", v, sampler.ParseMipFilter); err != nil {
			return err
		}
	}
	if v, ok := m.get("address"); ok {
		if err := decodeAddress(st, v); err != nil {
			return err
		}
	}
	if v, ok := m.get("border"); ok {
		if err := decodeBorder(st, v); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		name string
		dst  *float32
	}{{"lod_bias", &st.LodBias}, {"min_lod", &st.MinLod}, {"max_lod", &st.MaxLod}, {"max_anisotropy", &st.MaxAnisotropy}} {
		v, ok := m.get(f.name)
		if !ok {
			continue
		}
		if f.name == "max_lod" && v.kind == kindString && v.s == "none" {
			*f.dst = 1000
			continue
		}
		if *f.dst, err = float32Value("sampler."+f.name, v); err != nil {
			return err
		}
	}
	if v, ok := m.get("compare"); ok {
		if st.Compare, err = enum("sampler.compare", v, sampler.ParseCompareOp); err != nil {
			return err
		}
	}
	if v, ok := m.get("reduction"); ok {
		if st.Reduction, err = enum("sampler.reduction", v, sampler.ParseReduction); err != nil {
			return err
		}
	}
	if v, ok := m.get("unnormalized"); ok {
		if st.Unnormalized, err = boolean("sampler.unnormalized", v); err != nil {
			return err
		}
	}
	if v, ok := m.get("seamless_cube"); ok {
		seamless, err := boolean("sampler.seamless_cube", v)
		if err != nil {
			return err
		}
		st.NonSeamless = !seamless
	}
	if v, ok := m.get("compare_color"); ok {
		if st.CompareColor, err = boolean("sampler.compare_color", v); err != nil {
			return err
		}
	}
	if v, ok := m.get("anisotropy"); ok {
		if st.Anisotropy, err = enum("sampler.anisotropy", v, sampler.ParseAnisoMethod); err != nil {
			return err
		}
	}
	if v, ok := m.get("cubic_weights"); ok {
		if st.CubicWeights, err = enum("sampler.cubic_weights", v, sampler.ParseCubicWeights); err != nil {
			return err
		}
	}
	if v, ok := m.get("ycbcr"); ok {
		if err := decodeYCbCr(&st.YCbCr, v); err != nil {
			return err
		}
	}
	return nil
}

// decodeYCbCr decodes the sampler's "ycbcr" object, a sampler Y′CbCr
// conversion: "model" is required, the other fields default to itu_full,
// the identity components, cosited_even, nearest and false.
func decodeYCbCr(c *sampler.YCbCrConversion, v value) error {
	m, err := object("sampler.ycbcr", v, ycbcrFields)
	if err != nil {
		return err
	}
	mv, ok := m.get("model")
	if !ok {
		return fieldError("sampler.ycbcr.model", "is required (rgb_identity, ycbcr_identity, ycbcr_709, ycbcr_601, ycbcr_2020)")
	}
	if c.Model, err = enum("sampler.ycbcr.model", mv, sampler.ParseYCbCrModel); err != nil {
		return err
	}
	if c.Model == sampler.YCbCrNone {
		return fieldError("sampler.ycbcr.model", "none is no conversion: leave \"ycbcr\" out")
	}
	if v, ok := m.get("range"); ok {
		if c.Range, err = enum("sampler.ycbcr.range", v, sampler.ParseYCbCrRange); err != nil {
			return err
		}
	}
	if v, ok := m.get("components"); ok {
		text, err := str("sampler.ycbcr.components", v)
		if err != nil {
			return err
		}
		if c.Components, err = surface.ParseSwizzle(text); err != nil {
			return fieldError("sampler.ycbcr.components", "%q is not four characters from r, g, b, a, 0, 1", text)
		}
	}
	for _, f := range []struct {
		name string
		dst  *sampler.ChromaLocation
	}{{"x_chroma_offset", &c.XChromaOffset}, {"y_chroma_offset", &c.YChromaOffset}} {
		if v, ok := m.get(f.name); ok {
			if *f.dst, err = enum("sampler.ycbcr."+f.name, v, sampler.ParseChromaLocation); err != nil {
				return err
			}
		}
	}
	if v, ok := m.get("chroma_filter"); ok {
		if c.ChromaFilter, err = enum("sampler.ycbcr.chroma_filter", v, sampler.ParseFilter); err != nil {
			return err
		}
	}
	if v, ok := m.get("force_explicit_reconstruction"); ok {
		if c.ForceExplicitReconstruction, err = boolean("sampler.ycbcr.force_explicit_reconstruction", v); err != nil {
			return err
		}
	}
	return nil
}

// decodeAddress sets the address modes from one name or an array of 1 to 3.
func decodeAddress(st *sampler.State, v value) error {
	if v.kind == kindString {
		a, err := enum("sampler.address", v, sampler.ParseAddressMode)
		st.Address = [3]sampler.AddressMode{a, a, a}
		return err
	}
	a, err := array("sampler.address", v, 1, 3)
	if err != nil {
		return err
	}
	for i, e := range a.all() {
		if st.Address[i], err = enum("", e, sampler.ParseAddressMode); err != nil {
			return elemError("sampler.address", i, err)
		}
	}
	return nil
}

// decodeBorder sets the border from a preset name or a custom [r, g, b, a].
func decodeBorder(st *sampler.State, v value) error {
	var err error
	if v.kind == kindString {
		st.Border, err = enum("sampler.border", v, sampler.ParseBorderPreset)
		return err
	}
	a, err := array("sampler.border", v, 4, 4)
	if err != nil {
		return err
	}
	st.Border = sampler.BorderCustom
	for i, e := range a.all() {
		if st.BorderColor[i], err = float64Value("", e); err != nil {
			return elemError("sampler.border", i, err)
		}
	}
	return nil
}

// decodePrecision fills p from the "precision" object.
func decodePrecision(p *sampler.Precision, v value) error {
	m, err := object("precision", v, precisionFields)
	if err != nil {
		return err
	}
	mode := "exact"
	if v, ok := m.get("mode"); ok {
		if mode, err = str("precision.mode", v); err != nil {
			return err
		}
	}
	switch mode {
	case "exact":
		*p = sampler.Precision{Mode: sampler.Exact}
		for _, f := range []string{"subtexel_bits", "lod_bits"} {
			if _, ok := m.get(f); ok {
				return fmt.Errorf("precision.%s: only allowed with mode \"hardware\"", f)
			}
		}
		return nil
	case "hardware":
		*p = sampler.HardwarePrecision()
		if v, ok := m.get("subtexel_bits"); ok {
			if p.SubtexelBits, err = intIn("precision.subtexel_bits", v, math.MinInt32, math.MaxInt32); err != nil {
				return err
			}
		}
		if v, ok := m.get("lod_bits"); ok {
			if p.LodBits, err = intIn("precision.lod_bits", v, math.MinInt32, math.MaxInt32); err != nil {
				return err
			}
		}
		return p.Validate()
	}
	return fmt.Errorf("precision.mode: unknown value %q (want one of exact, hardware)", mode)
}
