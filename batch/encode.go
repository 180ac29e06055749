package batch

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/texunit/texunit/internal/f32text"
	"github.com/texunit/texunit/sampler"
)

// AppendResult appends the result line of a job that ran (without the
// trailing newline) to dst and returns the extended slice:
//
//	{"id":ID,"results":[...],"bits":[...],"resident":[...],"errors":[...]}
//
// id is written as given and left out when nil; active marks the lanes
// that executed (nil: all); res is the engine's result, whose lane count
// is len(res.Bits[0]). Inactive lanes and lanes with an error are null in
// results, bits and resident; "errors" is present only when a lane has an
// error, with null for the lanes without one. Values are written by
// res.Kind: shortest round-trip float32 decimals (with "NaN", "+Inf" and
// "-Inf" as strings) or decimal integers. Bits are 8 lower-case hex digits.
func AppendResult(dst []byte, id json.RawMessage, active []bool, res *sampler.Result) []byte {
	return AppendResultBits(dst, id, active, res, true)
}

// AppendResultBits is AppendResult with the "bits" member written only when
// bits is true (a job's "bits": false, texunit batch -bits=false).
func AppendResultBits(dst []byte, id json.RawMessage, active []bool, res *sampler.Result, bits bool) []byte {
	return appendResult(dst, id, active, res, bits, nil, nil)
}

// appendResult is AppendResultBits with, when not nil, the lanes' traced
// texels ("texels") and the job's cache counts ("cache").
func appendResult(dst []byte, id json.RawMessage, active []bool, res *sampler.Result, bits bool, texels *sampler.Trace, cache *jobCache) []byte {
	n := len(res.Bits[0])
	ok := func(i int) bool {
		if active != nil && i < len(active) && !active[i] {
			return false
		}
		return i >= len(res.LaneErr) || res.LaneErr[i] == nil
	}
	errs := laneErrors(res)
	all := active == nil && errs == 0 // every lane has a result
	dst = appendID(dst, id)
	dst = append(dst, `"results":`...)
	dst = appendVectors(dst, n, ok, all, res, false)
	if bits {
		dst = append(dst, `,"bits":`...)
		dst = appendVectors(dst, n, ok, all, res, true)
	}
	dst = append(dst, `,"resident":[`...)
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		switch {
		case !all && !ok(i):
			dst = append(dst, "null"...)
		case i < len(res.Resident) && !res.Resident[i]:
			dst = append(dst, "false"...)
		default:
			dst = append(dst, "true"...)
		}
	}
	dst = append(dst, ']')
	if errs > 0 {
		dst = append(dst, `,"errors":[`...)
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			if i < len(res.LaneErr) && res.LaneErr[i] != nil {
				dst = appendString(dst, res.LaneErr[i].Error())
			} else {
				dst = append(dst, "null"...)
			}
		}
		dst = append(dst, ']')
	}
	if texels != nil {
		dst = appendTexels(dst, n, ok, texels)
	}
	if cache != nil {
		dst = append(dst, `,"cache":{"lookups":`...)
		dst = strconv.AppendInt(dst, cache.L1.Lookups, 10)
		dst = append(dst, `,"hits":`...)
		dst = strconv.AppendInt(dst, cache.L1.Hits, 10)
		dst = append(dst, `,"misses":`...)
		dst = strconv.AppendInt(dst, cache.L1.Misses, 10)
		dst = append(dst, `,"lines":`...)
		dst = strconv.AppendInt(dst, int64(cache.Lines), 10)
		dst = append(dst, `,"memory_bytes":`...)
		dst = strconv.AppendInt(dst, cache.MemoryBytes, 10)
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// appendTexels writes "texels": per lane that has a result, the texels it
// read, each [level, layer, x, y, z, weight, offset] (offset −1 for a
// border texel), in read order; null for the others.
func appendTexels(dst []byte, n int, ok func(int) bool, tr *sampler.Trace) []byte {
	dst = append(dst, `,"texels":[`...)
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if !ok(i) || i+1 >= len(tr.Start) {
			dst = append(dst, "null"...)
			continue
		}
		dst = append(dst, '[')
		for k, t := range tr.Lane(i) {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '[')
			for _, v := range [5]int32{t.Level, t.Layer, t.X, t.Y, t.Z} {
				dst = strconv.AppendInt(dst, int64(v), 10)
				dst = append(dst, ',')
			}
			dst = strconv.AppendFloat(dst, t.Weight, 'g', -1, 64)
			dst = append(dst, ',')
			dst = strconv.AppendInt(dst, t.Offset, 10)
			dst = append(dst, ']')
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

// appendVectors appends the lanes' four channels as a JSON array of
// [r, g, b, a] (values by res.Kind, or 8-digit hex bit patterns when hex),
// with null for the lanes ok rejects (all: every lane is ok).
func appendVectors(dst []byte, n int, ok func(int) bool, all bool, res *sampler.Result, hex bool) []byte {
	dst = append(dst, '[')
	r, g, b, a := res.Bits[0][:n], res.Bits[1][:n], res.Bits[2][:n], res.Bits[3][:n]
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if !all && !ok(i) {
			dst = append(dst, "null"...)
			continue
		}
		dst = append(dst, '[')
		switch {
		case hex:
			dst = appendHex32(dst, r[i])
			dst = append(dst, ',')
			dst = appendHex32(dst, g[i])
			dst = append(dst, ',')
			dst = appendHex32(dst, b[i])
			dst = append(dst, ',')
			dst = appendHex32(dst, a[i])
		case res.Kind == sampler.ValueFloat:
			dst = f32text.AppendJSON4(dst, [4]uint32{r[i], g[i], b[i], a[i]})
		default:
			for c := 0; c < 4; c++ {
				if c > 0 {
					dst = append(dst, ',')
				}
				dst = AppendValue(dst, res.Kind, res.Bits[c][i])
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, ']')
}

// AppendError appends the result line of a job that failed as a whole
// (without the trailing newline) to dst: {"id":ID,"error":"MESSAGE"}, with
// the id left out when nil.
func AppendError(dst []byte, id json.RawMessage, err error) []byte {
	dst = appendID(dst, id)
	dst = append(dst, `"error":`...)
	dst = appendString(dst, err.Error())
	return append(dst, '}')
}

// laneErrors counts the lanes of res with an error.
func laneErrors(res *sampler.Result) int {
	n := 0
	for _, e := range res.LaneErr {
		if e != nil {
			n++
		}
	}
	return n
}

func appendID(dst []byte, id json.RawMessage) []byte {
	dst = append(dst, '{')
	if id != nil {
		dst = append(dst, `"id":`...)
		if utf8.Valid(id) {
			dst = append(dst, id...)
		} else {
			dst = append(dst, validID(string(id))...)
		}
		dst = append(dst, ',')
	}
	return dst
}

// validID returns the text of an id with every invalid UTF-8 sequence
// replaced by the escape \ufffd, so that the result line is valid JSON
// (RFC 8259 requires UTF-8) and reads back as the string the parser
// decoded: a JSON text holds bytes outside ASCII only inside strings, where
// the escape stands for U+FFFD, the character they decode to.
func validID(id string) string {
	if utf8.ValidString(id) {
		return id
	}
	var b strings.Builder
	for i := 0; i < len(id); {
		r, n := utf8.DecodeRuneInString(id[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString(`\ufffd`) // one per invalid byte, as the parser decodes them
		} else {
			b.WriteString(id[i : i+n])
		}
		i += n
	}
	return b.String()
}

// appendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u')
			for s := 12; s >= 0; s -= 4 {
				dst = append(dst, hexDigits[r>>uint(s)&0xf])
			}
		default:
			dst = utf8.AppendRune(dst, r)
		}
	}
	return append(dst, '"')
}

// AppendValue appends one result channel, the 32-bit pattern bits read as
// kind: a float32 as the shortest decimal that reads back to the same
// float32 (strconv 'g' format, which is valid JSON), or "NaN", "+Inf" or
// "-Inf" as JSON strings; a uint32 or int32 as a decimal integer.
func AppendValue(dst []byte, kind sampler.ValueKind, bits uint32) []byte {
	switch kind {
	case sampler.ValueUint:
		return strconv.AppendUint(dst, uint64(bits), 10)
	case sampler.ValueSint:
		return strconv.AppendInt(dst, int64(int32(bits)), 10)
	}
	return AppendFloat32(dst, math.Float32frombits(bits))
}

// AppendFloat32 appends f as AppendValue does for floats: the text of
// strconv.AppendFloat(dst, float64(f), 'g', -1, 32) (f32text's, faster),
// with NaN and the infinities as the strings "NaN", "+Inf" and "-Inf".
func AppendFloat32(dst []byte, f float32) []byte {
	return f32text.AppendJSON(dst, f)
}

const hexDigits = "0123456789abcdef"

func appendHex32(dst []byte, v uint32) []byte {
	var b [10]byte
	b[0], b[9] = '"', '"'
	for i := 8; i >= 1; i-- {
		b[i] = hexDigits[v&0xf]
		v >>= 4
	}
	return append(dst, b[:]...)
}

// resultLineBytes bounds the length of the result line AppendResult
// writes for res: per lane four values of at most 15 characters, four
// 8-digit hex patterns, the residency and the punctuation, plus the lane
// errors' messages.
func resultLineBytes(id json.RawMessage, res *sampler.Result) int {
	n := len(res.Bits[0])
	size := 64 + 6*len(id) + n*(4*16+4*11+8+16)
	for _, e := range res.LaneErr {
		if e != nil {
			size += 6*len(e.Error()) + 8
		}
	}
	if res.Trace != nil { // texels (at most 7 numbers, 96 characters each) and the cache counts
		size += 96*len(res.Trace.Texels()) + 8*n + 160
	}
	return size
}

// appendFootprints writes a footprint job's result line: "footprints", per
// lane that has one, {"single", "anchor", "offset", "mask" ([low 32 bits,
// high 32 bits], the specification's uvec2), "lod", "granularity", and
// "truncated": true when the footprint did not fit even the largest
// granularity (sampler.Footprint.Truncated)} with
// two-component anchor and offset (three for 3D); null for inactive and
// failed lanes; and "errors" as for a sampling job.
func appendFootprints(dst []byte, id json.RawMessage, active []bool, fps []sampler.Footprint, errs []error, dims int) []byte {
	dst = appendID(dst, id)
	dst = append(dst, `"footprints":[`...)
	failed := 0
	for i := range fps {
		if i > 0 {
			dst = append(dst, ',')
		}
		if i < len(errs) && errs[i] != nil {
			failed++
		}
		if active != nil && i < len(active) && !active[i] || i < len(errs) && errs[i] != nil {
			dst = append(dst, "null"...)
			continue
		}
		f := &fps[i]
		dst = append(dst, `{"single":`...)
		dst = strconv.AppendBool(dst, f.SingleLevel)
		for _, v := range []struct {
			name string
			c    *[3]uint32
		}{{"anchor", &f.Anchor}, {"offset", &f.Offset}} {
			dst = append(dst, `,"`...)
			dst = append(dst, v.name...)
			dst = append(dst, `":[`...)
			for a := range dims {
				if a > 0 {
					dst = append(dst, ',')
				}
				dst = strconv.AppendUint(dst, uint64(v.c[a]), 10)
			}
			dst = append(dst, ']')
		}
		dst = append(dst, `,"mask":[`...)
		dst = strconv.AppendUint(dst, f.Mask&0xffffffff, 10)
		dst = append(dst, ',')
		dst = strconv.AppendUint(dst, f.Mask>>32, 10)
		dst = append(dst, `],"lod":`...)
		dst = strconv.AppendUint(dst, uint64(f.Lod), 10)
		dst = append(dst, `,"granularity":`...)
		dst = strconv.AppendUint(dst, uint64(f.Granularity), 10)
		if f.Truncated {
			dst = append(dst, `,"truncated":true`...)
		}
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	if failed > 0 {
		dst = append(dst, `,"errors":[`...)
		for i := range fps {
			if i > 0 {
				dst = append(dst, ',')
			}
			if i < len(errs) && errs[i] != nil {
				dst = appendString(dst, errs[i].Error())
			} else {
				dst = append(dst, "null"...)
			}
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}
