package hostile

import (
	"fmt"
	"strconv"
	"strings"
)

// MSAASurface returns a batch-protocol surface object (the JSON that
// "texunit msaa load -surface" reads) of a w×h 2d_ms r32g32b32a32_sfloat
// surface with the given samples and hash data: 16·w·h·samples bytes
// described in about 130 bytes.
func MSAASurface(w, h, samples int) []byte {
	return fmt.Appendf(nil, `{"type":"2d_ms","format":"r32g32b32a32_sfloat","width":%d,"height":%d,"samples":%d,"data":{"hash":{"seed":1}}}`+"\n", w, h, samples)
}

// quote returns s as a JSON string. It does not escape anything but '"'
// and '\\', so that bytes (invalid UTF-8 too) go through as they are.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// fetchLanes returns n lanes of fetch on a 1D surface: texels 0..n−1.
func fetchLanes(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"texel":[%d]}`, i)
	}
	b.WriteByte(']')
	return b.String()
}

// FileJob returns a batch job line (with its "\n") that fetches the first
// texels of a 1D r8_uint surface of width bytes and one level whose data
// is {"file": path}: if the file is read and has width bytes, the result
// holds its first bytes.
func FileJob(id, path string, width int) []byte {
	return fmt.Appendf(nil, `{"id":%s,"surface":{"type":"1d","format":"r8_uint","width":%d,"levels":1,"data":{"file":%s}},"op":"fetch","lanes":%s}`+"\n",
		quote(id), width, quote(path), fetchLanes(min(width, 8)))
}

// ImageJob returns a batch job line that fetches texel (0, 0) (layer 0) of
// a surface of the given type ("2d" or "2d_array") whose data is
// {"image": path}.
func ImageJob(id, path, typ string) []byte {
	texel := "[0,0]"
	if typ == "2d_array" {
		texel = "[0,0,0]"
	}
	return fmt.Appendf(nil, `{"id":%s,"surface":{"type":%s,"data":{"image":%s}},"op":"fetch","lanes":[{"texel":%s}]}`+"\n",
		quote(id), quote(typ), quote(path), texel)
}

// SurfaceJob returns a batch job line that fetches texel (0, 0) of a
// w×h 2D surface of one level in the given format with hash data, or with
// {"file": file} when file is not "".
func SurfaceJob(id, format string, w, h int, file string) []byte {
	data := `{"hash":{"seed":1}}`
	if file != "" {
		data = `{"file":` + quote(file) + `}`
	}
	return fmt.Appendf(nil, `{"id":%s,"surface":{"type":"2d","format":%s,"width":%d,"height":%d,"levels":1,"data":%s},"op":"fetch","lanes":[{"texel":[0,0]}]}`+"\n",
		quote(id), quote(format), w, h, data)
}

// GoodJob returns a small job that succeeds: four bilinear samples of a
// 16×16 r8g8b8a8_unorm hash surface.
func GoodJob(id string) []byte {
	return fmt.Appendf(nil, `{"id":%s,"surface":{"type":"2d","format":"r8g8b8a8_unorm","width":16,"height":16,"data":{"hash":{"seed":3}}},"sampler":{"mag":"linear","min":"linear"},"op":"sample_l","lanes":[{"coord":[0.25,0.75],"lod":0},{"coord":[0.5,0.5],"lod":0},{"coord":[0.1,0.9],"lod":1},{"coord":[0.7,0.2],"lod":2}]}`+"\n", quote(id))
}

// LongLineLanes is the number of lanes of LongLine's job: 56 MB of them.
const LongLineLanes = 2_000_000

// LongLine returns one job line of lanes explicit-LOD samples of a 16×16
// hash surface: 28 bytes per lane, 56 MB for LongLineLanes.
func LongLine(id string, lanes int) []byte {
	b := fmt.Appendf(nil, `{"id":%s,"surface":{"type":"2d","format":"r8g8b8a8_unorm","width":16,"height":16,"levels":1},"op":"sample_l","lanes":[`, quote(id))
	for i := range lanes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"coord":[0.5,0.5],"lod":0}`...)
	}
	return append(b, "]}\n"...)
}

// InvalidUTF8ID returns a good job whose id is a JSON string holding the
// bytes 0xff 0xfe and a lone continuation byte 0x80: not UTF-8.
func InvalidUTF8ID() []byte {
	return GoodJob("bad\xff\xfeid\x80")
}

// LongRun returns the input of the kill test: jobs lines with ids 0..jobs−1,
// each sampling lanes points of a 256×256 r8g8b8a8_unorm hash surface
// (a seed per job, so that each job builds its surface) with trilinear
// filtering at explicit LODs. Every 50th job (ids 49, 99, ...) has 16
// times as many lanes, so that its result line is longer than the usual
// 64 KiB output buffers: a writer that cuts lines at its buffer's end
// leaves a torn line when killed.
func LongRun(jobs, lanes int) []byte {
	var b []byte
	for j := range jobs {
		b = fmt.Appendf(b, `{"id":%d,"surface":{"type":"2d","format":"r8g8b8a8_unorm","width":256,"height":256,"data":{"hash":{"seed":%d}}},"sampler":{"mag":"linear","min":"linear","mip":"linear"},"op":"sample_l","lanes":[`, j, j+1)
		n := lanes
		if j%50 == 49 {
			n *= 16
		}
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			// Points and LODs from a fixed recurrence: reproducible.
			u := float64((j*131+i*71)%997) / 997
			v := float64((j*37+i*113)%991) / 991
			lod := float64((j+i)%64) / 8
			b = append(b, `{"coord":[`...)
			b = strconv.AppendFloat(b, u, 'g', 6, 64)
			b = append(b, ',')
			b = strconv.AppendFloat(b, v, 'g', 6, 64)
			b = append(b, `],"lod":`...)
			b = strconv.AppendFloat(b, lod, 'g', 6, 64)
			b = append(b, '}')
		}
		b = append(b, "]}\n"...)
	}
	return b
}
