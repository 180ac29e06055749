package bc

// partition2 and partition3 hold the subset of each texel, converted from the strings of tables.go.
var partition2, partition3 [64][16]uint8

func init() {
	for p := range 64 {
		for i := range 16 {
			partition2[p][i] = partitionStrings2[p][i] - '0'
			partition3[p][i] = partitionStrings3[p][i] - '0'
		}
	}
}

// Interpolation weights of BC6H and BC7 for 2-, 3- and 4-bit indices (KDFS table "BPTC
// interpolation factors").
var (
	weights2 = [4]int32{0, 21, 43, 64}
	weights3 = [8]int32{0, 9, 18, 27, 37, 46, 55, 64}
	weights4 = [16]int32{0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64}
)

func weights(bits int) []int32 {
	switch bits {
	case 2:
		return weights2[:]
	case 3:
		return weights3[:]
	}
	return weights4[:]
}

// bc7Mode describes one of BC7's eight modes (KDFS table "Mode-dependent BPTC parameters").
type bc7Mode struct {
	subsets        int // number of subsets
	partitionBits  int
	rotationBits   int
	indexSelBits   int
	colourBits     int // per component, before p-bits
	alphaBits      int // 0: no alpha (alpha = 255)
	endpointPBits  bool
	sharedPBits    bool
	indexBits      int
	secondaryIndex int // bits of the second index set; 0: none
}

var bc7Modes = [8]bc7Mode{
	{3, 4, 0, 0, 4, 0, true, false, 3, 0},
	{2, 6, 0, 0, 6, 0, false, true, 3, 0},
	{3, 6, 0, 0, 5, 0, false, false, 2, 0},
	{2, 6, 0, 0, 7, 0, true, false, 2, 0},
	{1, 0, 2, 1, 5, 6, false, false, 2, 3},
	{1, 0, 2, 0, 7, 8, false, false, 2, 2},
	{1, 0, 0, 0, 7, 7, true, false, 4, 0},
	{2, 6, 0, 0, 5, 5, true, false, 2, 0},
}

// isAnchor reports whether texel i is the anchor of its subset, whose index has one bit less.
func isAnchor(subsets int, partition uint32, i int) bool {
	switch {
	case i == 0:
		return true
	case subsets == 2:
		return i == int(anchor2[partition])
	case subsets == 3:
		return i == int(anchor3[partition][0]) || i == int(anchor3[partition][1])
	}
	return false
}

// subsetOf returns the subset of texel i.
func subsetOf(subsets int, partition uint32, i int) int {
	switch subsets {
	case 2:
		return int(partition2[partition][i])
	case 3:
		return int(partition3[partition][i])
	}
	return 0
}

// decodeBC7 decodes a BC7 block (KDFS section "BC7"). Results are the 8-bit interpolated integers
// divided by 255. A block whose first byte is zero (no mode bit: reserved mode 8) decodes to
// (0, 0, 0, 0), as D3D11 and the KDFS require.
func decodeBC7(b []byte, dst *[16][4]float32) {
	v := load128(b)
	m := 0
	for m < 8 && v.get(m, 1) == 0 {
		m++
	}
	if m == 8 {
		*dst = [16][4]float32{}
		return
	}
	mode := &bc7Modes[m]
	pos := m + 1
	partition := v.get(pos, mode.partitionBits)
	pos += mode.partitionBits
	rotation := v.get(pos, mode.rotationBits)
	pos += mode.rotationBits
	indexSel := v.get(pos, mode.indexSelBits)
	pos += mode.indexSelBits

	// endpoints[e][c]: endpoint e = 2·subset + {0,1}, component c = R, G, B, A.
	var endpoints [6][4]int32
	n := 2 * mode.subsets
	for c := 0; c < 3; c++ {
		for e := 0; e < n; e++ {
			endpoints[e][c] = int32(v.get(pos, mode.colourBits))
			pos += mode.colourBits
		}
	}
	if mode.alphaBits > 0 {
		for e := 0; e < n; e++ {
			endpoints[e][3] = int32(v.get(pos, mode.alphaBits))
			pos += mode.alphaBits
		}
	}
	cb, ab := mode.colourBits, mode.alphaBits
	if mode.endpointPBits || mode.sharedPBits {
		for e := 0; e < n; e++ {
			var p int32
			if mode.endpointPBits {
				p = int32(v.get(pos+e, 1))
			} else {
				p = int32(v.get(pos+e/2, 1))
			}
			for c := 0; c < 4; c++ {
				endpoints[e][c] = endpoints[e][c]<<1 | p
			}
		}
		if mode.endpointPBits {
			pos += n
		} else {
			pos += n / 2
		}
		cb++
		if ab > 0 {
			ab++
		}
	}
	for e := 0; e < n; e++ {
		for c := 0; c < 3; c++ {
			endpoints[e][c] = expandBits(endpoints[e][c], cb)
		}
		if ab > 0 {
			endpoints[e][3] = expandBits(endpoints[e][3], ab)
		} else {
			endpoints[e][3] = 255
		}
	}

	// Index sets: the primary follows the endpoints; the secondary (modes 4 and 5) follows it.
	primaryPos := pos
	secondaryPos := pos + 16*mode.indexBits - mode.subsets
	colourW, alphaW := weights(mode.indexBits), weights(mode.indexBits)
	if mode.secondaryIndex > 0 {
		alphaW = weights(mode.secondaryIndex)
		if indexSel == 1 {
			colourW, alphaW = alphaW, colourW
		}
	}
	for i := range 16 {
		s := subsetOf(mode.subsets, partition, i)
		bits := mode.indexBits
		if isAnchor(mode.subsets, partition, i) {
			bits--
		}
		i0 := v.get(primaryPos, bits)
		primaryPos += bits
		ci, ai := i0, i0
		if mode.secondaryIndex > 0 {
			bits2 := mode.secondaryIndex
			if i == 0 {
				bits2--
			}
			i1 := v.get(secondaryPos, bits2)
			secondaryPos += bits2
			ai = i1
			if indexSel == 1 {
				ci, ai = i1, i0
			}
		}
		e0, e1 := &endpoints[2*s], &endpoints[2*s+1]
		var px [4]int32
		wc, wa := colourW[ci], alphaW[ai]
		for c := 0; c < 3; c++ {
			px[c] = ((64-wc)*e0[c] + wc*e1[c] + 32) >> 6
		}
		px[3] = ((64-wa)*e0[3] + wa*e1[3] + 32) >> 6
		switch rotation {
		case 1:
			px[0], px[3] = px[3], px[0]
		case 2:
			px[1], px[3] = px[3], px[1]
		case 3:
			px[2], px[3] = px[3], px[2]
		}
		for c := range 4 {
			dst[i][c] = float32(px[c]) / 255
		}
	}
}

// expandBits widens an n-bit unsigned integer to 8 bits by replicating its high bits into the low.
func expandBits(x int32, n int) int32 {
	x <<= uint(8 - n)
	return x | x>>uint(n)
}
