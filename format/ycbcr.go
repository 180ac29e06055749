package format

import (
	"fmt"
	"strconv"
	"strings"
)

// Plane is one plane of a multi-planar format, as Vulkan's "Plane Format
// Compatibility" table gives it: the single-plane format its texels have
// (what a view of that plane alone, VK_IMAGE_ASPECT_PLANE_n_BIT, reads) and
// the factors its extent is divided by.
type Plane struct {
	// Format is the plane's compatible format: r8_unorm, r8g8_unorm,
	// r10x6_unorm_pack16, r10x6g10x6_unorm_2pack16, r12x4…, r16_unorm or
	// r16g16_unorm.
	Format Format
	// WidthDivisor and HeightDivisor divide the image's width and height
	// to give the plane's: 1 for plane 0 (G, luma), and for the chroma
	// planes 2 and 2 for _420 formats, 2 and 1 for _422, 1 and 1 for _444.
	WidthDivisor, HeightDivisor int
	// Lanes holds, for the plane format's R and G channels, the RGBA lane
	// of the multi-planar format they carry (0 for R, i.e. Cr; 1 for G,
	// i.e. Y; 2 for B, i.e. Cb), or −1 for a channel the plane format
	// does not have: plane 1 of g8_b8r8_2plane_420_unorm is r8g8_unorm
	// with B in its R channel and R in its G channel, {2, 0}.
	Lanes [2]int8
}

// pendingPlanes holds, while init runs, the names of each multi-planar
// format's plane formats, resolved to Formats once every name is known.
var pendingPlanes = map[string][]string{}

// parsePlanar describes a multi-planar format from its name,
// COMPONENTS_COMPONENTS[_COMPONENTS]_Nplane_SUB_unorm[_3pack16]: one
// component list per plane, the number of planes, the chroma subsampling
// (420, 422, 444) and the numeric type. The Info and layout describe one
// texel gathered from its planes: its G, B and R components in that order
// (plane 0's G, then B and R from the chroma plane or planes), each in a
// byte (8-bit), a 16-bit word (16-bit) or the high bits of a 16-bit word
// (the 10x6 and 12x4 forms), which is how Decode and Encode read and write
// them; the sampler reads the planes themselves.
func parsePlanar(name string) (Info, layout, error) {
	in := Info{Name: name, BlockWidth: 1, BlockHeight: 1, BlockDepth: 1, YCbCr: true}
	var lay layout
	parts := strings.Split(name, "_")
	k := 0
	for k < len(parts) && !strings.HasSuffix(parts[k], "plane") {
		k++
	}
	bad := func(why string) (Info, layout, error) {
		return in, lay, fmt.Errorf("format name %q: %s", name, why)
	}
	if k == len(parts) || len(parts) < k+3 || len(parts) > k+4 {
		return bad("want PLANES_Nplane_SUB_unorm[_3pack16]")
	}
	n, err := strconv.Atoi(strings.TrimSuffix(parts[k], "plane"))
	if err != nil || n != k {
		return bad(fmt.Sprintf("%d component lists for %q", k, parts[k]))
	}
	switch parts[k+1] {
	case "420":
		in.ChromaDivisor = [2]int{2, 2}
	case "422":
		in.ChromaDivisor = [2]int{2, 1}
	case "444":
		in.ChromaDivisor = [2]int{1, 1}
	default:
		return bad(fmt.Sprintf("subsampling %q is not 420, 422 or 444", parts[k+1]))
	}
	if parts[k+2] != "unorm" {
		return bad("the multi-planar formats are unorm")
	}
	pad := len(parts) == k+4
	if pad && parts[k+3] != "3pack16" {
		return bad(fmt.Sprintf("suffix %q is not 3pack16", parts[k+3]))
	}
	chans := map[byte]int{'r': chR, 'g': chG, 'b': chB}
	var names []string
	for p := 0; p < n; p++ {
		comps, err := splitComponents(parts[p])
		if err != nil {
			return bad(err.Error())
		}
		pl := Plane{WidthDivisor: 1, HeightDivisor: 1, Lanes: [2]int8{-1, -1}}
		if p > 0 {
			pl.WidthDivisor, pl.HeightDivisor = in.ChromaDivisor[0], in.ChromaDivisor[1]
		}
		var pname strings.Builder
		c := 0
		for _, sc := range comps {
			if sc.letter == 'x' {
				fmt.Fprintf(&pname, "x%d", sc.bits)
				continue
			}
			ch, ok := chans[sc.letter]
			if !ok || c == 2 {
				return bad(fmt.Sprintf("plane %d: component %q", p, sc.letter))
			}
			pl.Lanes[c] = int8(ch)
			fmt.Fprintf(&pname, "%c%d", "rg"[c], sc.bits)
			c++
			lay.comps = append(lay.comps, component{ch: ch, bits: sc.bits, num: NumericUnorm})
			in.Bits[ch] = sc.bits
		}
		pname.WriteString("_unorm")
		if pad {
			if c == 1 {
				pname.WriteString("_pack16")
			} else {
				pname.WriteString("_2pack16")
			}
		}
		names = append(names, pname.String())
		in.Planes[p] = pl
		in.PlaneCount++
	}
	if len(lay.comps) != 3 || lay.comps[0].ch != chG || lay.comps[1].ch != chB || lay.comps[2].ch != chR {
		return bad("the planes must hold G, then B and R")
	}
	bits := lay.comps[0].bits
	for i := range lay.comps {
		if lay.comps[i].bits != bits {
			return bad("components of different widths")
		}
	}
	switch {
	case bits == 8 && !pad:
		in.ElementBytes = 1
	case bits == 16 && !pad, (bits == 10 || bits == 12) && pad:
		in.ElementBytes = 2
		lay.words16 = pad
	default:
		return bad(fmt.Sprintf("%d-bit components", bits))
	}
	for i := range lay.comps {
		lay.comps[i].pos = i * in.ElementBytes
	}
	in.Bytes = 3 * in.ElementBytes
	in.Components = 3
	in.Numeric = NumericUnorm
	pendingPlanes[name] = names
	return in, lay, nil
}

// parseWords16 describes the single-plane formats whose components each
// have a 16-bit word, padded with zero bits below (r10x6g10x6_unorm_2pack16,
// r12x4g12x4_unorm_2pack16): the compatible formats of two-component
// planes.
func parseWords16(name string, parts []string) (Info, layout, error) {
	in := Info{Name: name, BlockWidth: 1, BlockHeight: 1, BlockDepth: 1, ChromaDivisor: [2]int{1, 1}}
	var lay layout
	bad := func(why string) (Info, layout, error) {
		return in, lay, fmt.Errorf("format name %q: %s", name, why)
	}
	if parts[1] != "unorm" {
		return bad("the _Npack16 formats are unorm")
	}
	comps, err := splitComponents(parts[0])
	if err != nil {
		return bad(err.Error())
	}
	chans := map[byte]int{'r': chR, 'g': chG, 'b': chB, 'a': chA}
	word := 0
	for i, sc := range comps {
		if sc.letter == 'x' {
			if i == 0 || comps[i-1].letter == 'x' || comps[i-1].bits+sc.bits != 16 {
				return bad("each component and its padding must fill a 16-bit word")
			}
			continue
		}
		ch, ok := chans[sc.letter]
		if !ok {
			return bad(fmt.Sprintf("component %q", sc.letter))
		}
		lay.comps = append(lay.comps, component{ch: ch, bits: sc.bits, pos: 2 * word, num: NumericUnorm})
		in.Bits[ch] = sc.bits
		word++
	}
	if want := int(parts[2][0] - '0'); word != want {
		return bad(fmt.Sprintf("%d components for %s", word, parts[2]))
	}
	lay.words16 = true
	in.Bytes, in.Components, in.ElementBytes, in.Numeric = 2*word, word, 2, NumericUnorm
	return in, lay, nil
}

// parsePacked422 describes the single-plane 4:2:2 formats,
// COMPONENTS_422_unorm[_4pack16]: a texel block of 2×1 texels holding
// four components, two G (Y′, of the even and the odd texel) and one B and
// one R (C_B, C_R) shared by both, in the order of the name, each in a
// byte, a 16-bit word, or a 16-bit word's high bits (10x6, 12x4). Decode
// returns the block's first texel (R, G of the even texel, B, 1); the
// sampler reads both through a Y′CbCr conversion (Packed422).
func parsePacked422(name string) (Info, layout, error) {
	in := Info{Name: name, BlockWidth: 2, BlockHeight: 1, BlockDepth: 1, YCbCr: true, ChromaDivisor: [2]int{2, 1}}
	var lay layout
	parts := strings.Split(name, "_")
	bad := func(why string) (Info, layout, error) {
		return in, lay, fmt.Errorf("format name %q: %s", name, why)
	}
	if len(parts) < 3 || parts[1] != "422" || parts[2] != "unorm" || len(parts) > 4 || len(parts) == 4 && parts[3] != "4pack16" {
		return bad("want COMPONENTS_422_unorm[_4pack16]")
	}
	comps, err := splitComponents(parts[0])
	if err != nil {
		return bad(err.Error())
	}
	var colour []nameComponent
	pad := 0
	for _, c := range comps {
		if c.letter == 'x' {
			pad = c.bits
			continue
		}
		colour = append(colour, c)
	}
	if len(colour) != 4 || (pad != 0) != (len(parts) == 4) {
		return bad("want four components (two G, a B and an R)")
	}
	bits := colour[0].bits
	elem := bits / 8
	if pad != 0 {
		elem = 2
	}
	chans := map[byte]int{'r': chR, 'g': chG, 'b': chB}
	seenG := false
	for i, c := range colour {
		if c.bits != bits || bits+pad != 8*elem {
			return bad("components of different widths")
		}
		ch, ok := chans[c.letter]
		if !ok {
			return bad(fmt.Sprintf("component %q", c.letter))
		}
		if ch == chG && seenG {
			continue // the odd texel's G: Packed422 gives its place
		}
		seenG = seenG || ch == chG
		lay.comps = append(lay.comps, component{ch: ch, bits: bits, pos: i * elem, num: NumericUnorm})
		in.Bits[ch] = bits
	}
	lay.words16 = pad != 0
	in.Bytes, in.Components, in.ElementBytes, in.Numeric = 4*elem, 3, elem, NumericUnorm
	return in, lay, nil
}

// Packed422 describes the block of a single-plane 4:2:2 format
// (g8b8g8r8_422_unorm, b16g16r16g16_422_unorm, …): the byte offsets of
// the G (Y′) of the block's even and odd texel, of its B (C_B) and R
// (C_R), and the width of a component's container in bytes (1, or 2 for a
// 16-bit word whose high bits hold the value). ok is false for the other
// formats.
func (f Format) Packed422() (g0, g1, b, r, elem int, ok bool) {
	if !f.Valid() || !infos[f].YCbCr || infos[f].BlockWidth != 2 {
		return 0, 0, 0, 0, 0, false
	}
	comps, _ := splitComponents(strings.Split(infos[f].Name, "_")[0])
	elem = infos[f].ElementBytes
	gs := []int{}
	i := 0
	for _, c := range comps {
		switch c.letter {
		case 'x':
			continue
		case 'g':
			gs = append(gs, i*elem)
		case 'b':
			b = i * elem
		case 'r':
			r = i * elem
		}
		i++
	}
	return gs[0], gs[1], b, r, elem, true
}

// nameComponent is one letter and width of a format name's component list.
type nameComponent struct {
	letter byte
	bits   int
}

// splitComponents splits a component list such as "b10x6r10x6".
func splitComponents(s string) ([]nameComponent, error) {
	var out []nameComponent
	for s != "" {
		n := 1
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		b, err := strconv.Atoi(s[1:n])
		if err != nil || b <= 0 {
			return nil, fmt.Errorf("component %q has no width", s[:n])
		}
		out = append(out, nameComponent{s[0], b})
		s = s[n:]
	}
	return out, nil
}

// resolvePlanes sets each multi-planar format's plane formats from the
// names parsePlanar derived.
func resolvePlanes() {
	for f := Undefined + 1; f < numFormats; f++ {
		in := &infos[f]
		for p, n := range pendingPlanes[in.Name] {
			pf := Undefined
			for g := Undefined + 1; g < numFormats; g++ {
				if formatNames[g] == n {
					pf = g
				}
			}
			if pf == Undefined {
				panic("format: " + in.Name + ": plane format " + n + " is not a format")
			}
			in.Planes[p].Format = pf
		}
	}
	pendingPlanes = nil
}

// MultiPlanar reports whether f is a multi-planar format (its Info has
// Planes).
func (f Format) MultiPlanar() bool { return f.Valid() && infos[f].PlaneCount != 0 }
