//go:build amd64 && !purego

package lanes

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestGatherWords checks gatherWords against one read per offset, for
// groups whose even offsets' neighbours are (and are not) the next word —
// all pairs, all but one, none — up to the data's last word.
func TestGatherWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	d := make([]byte, 4096)
	for i := range d {
		d[i] = byte(rng.Uint32())
	}
	last := int32(len(d) - 4)
	for iter := 0; iter < 2000; iter++ {
		n := 8 * (1 + rng.IntN(Chunk/8))
		var o [Chunk]int32
		for k := 0; k < n; k += 2 {
			o[k] = int32(rng.IntN(len(d)/4)) * 4
			switch rng.IntN(4) {
			case 0: // a pair apart
				o[k+1] = int32(rng.IntN(len(d)/4)) * 4
			case 1: // the data's last word
				o[k], o[k+1] = last-4, last
			default: // neighbours
				o[k] = min(o[k], last-4)
				o[k+1] = o[k] + 4
			}
			if rng.IntN(16) == 0 {
				o[k+1] = o[k] - 4 // the other way round
				if o[k] == 0 {
					o[k+1] = 0
				}
			}
		}
		var got [Chunk]uint32
		gatherWords(&d[0], &o[0], n, &got[0])
		for k := range n {
			if want := binary.LittleEndian.Uint32(d[o[k]:]); got[k] != want {
				t.Fatalf("offsets %v: word %d (offset %d) %08x, want %08x", o[:n], k, o[k], got[k], want)
			}
		}
	}
}
