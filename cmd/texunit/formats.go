package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/texunit/texunit/format"
)

func init() {
	register(command{name: "formats", summary: "list the texel formats texunit knows", run: runFormats})
}

// formatRow is one format as "texunit formats -json" prints it.
type formatRow struct {
	Name       string `json:"name"`
	Bytes      int    `json:"bytes"`                 // per texel, or per block for compressed formats
	Block      [2]int `json:"block"`                 // block width and height in texels (1×1 when uncompressed)
	BlockDepth int    `json:"block_depth,omitempty"` // block depth of the 3D ASTC formats (3D surfaces only); absent: 1
	Components int    `json:"components"`
	Numeric    string `json:"numeric"`
	Class      string `json:"class"` // what sampling returns: float, uint or sint
	Depth      bool   `json:"depth,omitempty"`
	Stencil    bool   `json:"stencil,omitempty"`
	Packed     int    `json:"packed,omitempty"`
	Compressed bool   `json:"compressed,omitempty"`
	Planes     int    `json:"planes,omitempty"` // multi-planar formats: the number of planes
	Chroma     string `json:"chroma,omitempty"` // multi-planar formats: the subsampling, 420, 422 or 444
	Filterable bool   `json:"filterable"`
}

func runFormats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("formats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per format")
	usage := "Usage: texunit formats [-json] [SUBSTRING ...]\n\n" +
		"Lists the texel formats texunit knows (Vulkan's names without VK_FORMAT_), or those whose\n" +
		"name contains one of the substrings: size, block, components, numeric type, what\n" +
		"sampling returns, and whether linear filtering is allowed. docs/FORMATS.md has the rules.\n\n" + "Flags:\n"
	if rc := parseCommandFlags(fs, args, usage, stdout, stderr); rc >= 0 {
		return rc
	}
	var rows []formatRow
	for _, f := range format.All() {
		name := f.String()
		if fs.NArg() > 0 {
			match := false
			for _, s := range fs.Args() {
				match = match || strings.Contains(name, strings.ToLower(s))
			}
			if !match {
				continue
			}
		}
		in := f.Info()
		bd := in.BlockDepth
		if bd == 1 {
			bd = 0
		}
		rows = append(rows, formatRow{Name: name, Bytes: in.Bytes, Block: [2]int{in.BlockWidth, in.BlockHeight}, BlockDepth: bd,
			Components: in.Components, Numeric: in.Numeric.String(), Class: in.Class.String(), Depth: in.Depth,
			Stencil: in.Stencil, Packed: in.Packed, Compressed: in.Compressed, Filterable: f.Filterable(), Planes: in.PlaneCount})
		if in.PlaneCount != 0 {
			rows[len(rows)-1].Chroma = map[[2]int]string{{2, 2}: "420", {2, 1}: "422", {1, 1}: "444"}[in.ChromaDivisor]
		}
	}
	if len(rows) == 0 {
		fmt.Fprintf(stderr, "formats: no format name contains %s\n", strings.Join(fs.Args(), " or "))
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for i := range rows {
			if err := enc.Encode(&rows[i]); err != nil {
				fmt.Fprintf(stderr, "formats: %v\n", err)
				return 1
			}
		}
		return 0
	}
	fmt.Fprintf(stdout, "%-28s %5s %6s %4s %-8s %-6s %s\n", "format", "bytes", "block", "comp", "numeric", "class", "notes")
	for _, r := range rows {
		var notes []string
		if r.Depth {
			notes = append(notes, "depth")
		}
		if r.Stencil {
			notes = append(notes, "stencil")
		}
		if r.Packed != 0 {
			notes = append(notes, fmt.Sprintf("pack%d", r.Packed))
		}
		if r.Compressed {
			notes = append(notes, "compressed")
		}
		if r.Planes != 0 {
			notes = append(notes, fmt.Sprintf("%d planes, %s, sampled through a Y′CbCr conversion", r.Planes, r.Chroma))
		}
		block := fmt.Sprintf("%dx%d", r.Block[0], r.Block[1])
		if r.BlockDepth > 1 {
			block += fmt.Sprintf("x%d", r.BlockDepth)
			notes = append(notes, "3D surfaces only")
		}
		if !r.Filterable {
			notes = append(notes, "not filterable")
		}
		fmt.Fprintf(stdout, "%-28s %5d %6s %4d %-8s %-6s %s\n", r.Name, r.Bytes, block,
			r.Components, r.Numeric, r.Class, strings.Join(notes, ", "))
	}
	return 0
}
