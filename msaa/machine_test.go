package msaa

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// TestMachineExecute runs assembled instructions over a wave with an exec
// mask and compares every written register with Surface.Value.
func TestMachineExecute(t *testing.T) {
	s := labelled(t, Desc{Width: 4, Height: 3, Layers: 2, Samples: 8, Components: 4, Element: Uint32})
	for _, c := range []struct {
		t   Target
		src string
	}{
		{GFX1100, "image_msaa_load v[10:14], v[4:7], s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm tfe"},
		{GFX1100, "image_msaa_load v[10:13], [v4, v5, v6, v7], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY"},
		{GFX1100, "image_msaa_load v[10:11], v[4:5], s[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY a16 d16"},
		{GFX1030, "image_msaa_load v[10:11], v[4:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY tfe"},
		{GFX1030, "image_msaa_load v[10:13], v[4:7], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY glc"},
		{GFX1030, "image_msaa_load v10, v[4:6], s[8:15] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA"},
	} {
		in, err := Parse(c.t, c.src)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		for _, wave := range []int{32, 64} {
			m, err := NewMachine(c.t, wave)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Bind(8, s); err != nil {
				t.Fatal(err)
			}
			m.Exec = 0x5555_5555_5555_5555 >> (64 - wave)
			for lane := 0; lane < wave; lane++ {
				x, y, l, smp := uint32(lane%5), uint32(lane/5%3), uint32(lane/15%3), uint32(lane*7%9)
				if in.A16 {
					m.VGPR[4][lane], m.VGPR[5][lane] = x|y<<16, l|smp<<16
				} else {
					m.VGPR[4][lane], m.VGPR[5][lane], m.VGPR[6][lane], m.VGPR[7][lane] = x, y, l, smp
					if in.Dim == Dim2DMSAA {
						m.VGPR[6][lane] = smp
					}
				}
				for r := 10; r < 15; r++ {
					m.VGPR[r][lane] = 0xdead
				}
			}
			if err := m.Execute(in); err != nil {
				t.Fatalf("%q: %v", c.src, err)
			}
			comp := map[int64]int{1: 0, 2: 1, 4: 2, 8: 3, 0xf: 0}[in.DMask]
			for lane := 0; lane < wave; lane++ {
				x, y, l, smp := lane%5, lane/5%3, lane/15%3, lane*7%9
				if in.Dim == Dim2DMSAA {
					l = 0
				}
				var want []uint32
				for k := 0; k < 4; k++ {
					v := uint32(0)
					if smp < 8 {
						v = s.Value(x, y, l, smp/4*4+k, comp)
					}
					want = append(want, v)
				}
				if in.D16 {
					want = []uint32{want[0]&0xffff | want[1]<<16, want[2]&0xffff | want[3]<<16}
				}
				data := in.VDataRegs
				if in.TFE {
					data--
				}
				want = want[:data]
				if in.TFE {
					want = append(want, 0)
				}
				for d := 0; d < 5; d++ {
					got := m.VGPR[10+d][lane]
					exp := uint32(0xdead)
					if lane%2 == 0 && d < len(want) {
						exp = want[d]
					}
					if got != exp {
						t.Fatalf("%s wave %d lane %d (x %d y %d slice %d sample %d): v%d = %d, want %d", c.src, wave, lane, x, y, l, smp, 10+d, got, exp)
					}
				}
			}
		}
	}
}

func TestMachineErrors(t *testing.T) {
	if _, err := NewMachine(GFX1100, 16); err == nil {
		t.Error("wave 16 accepted")
	}
	m, _ := NewMachine(GFX1100, 32)
	in, _ := Parse(GFX1100, "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0x8 dim:SQ_RSRC_IMG_2D_MSAA")
	if err := m.Execute(in); err == nil || err.Error() != "msaa: srsrc: 0 has no surface bound" {
		t.Errorf("unbound: %v", err)
	}
	s := labelled(t, Desc{Width: 1, Height: 1, Samples: 4, Components: 2, Element: Uint32})
	_ = m.Bind(0, s)
	if err := m.Execute(in); err == nil || err.Error() != "msaa: dmask: 0x8 selects component 3, but the surface has 2" {
		t.Errorf("component: %v", err)
	}
	if err := m.Bind(3, s); err == nil {
		t.Error("Bind(3) accepted")
	}
}

// FuzzParse holds the assembler to: no panics; an accepted line prints a
// form that assembles to the same bytes.
func FuzzParse(f *testing.F) {
	fh, err := os.Open(filepath.Join("testdata", "llvm", "cases.s"))
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(fh)
	for i := 0; sc.Scan(); i++ {
		if i%7 == 0 {
			f.Add(uint8(i%2), sc.Text())
		}
	}
	fh.Close()
	f.Fuzz(func(t *testing.T, tg uint8, line string) {
		target := Target(tg % 2)
		in, err := Parse(target, line)
		if err != nil {
			if _, ok := err.(*AsmError); !ok {
				t.Fatalf("%q: error of type %T", line, err)
			}
			return
		}
		b, err := in.Encode(target)
		if err != nil {
			t.Fatalf("%q accepted but does not encode: %v", line, err)
		}
		again, err := Parse(target, in.String())
		if err != nil {
			t.Fatalf("%q prints %q, which does not assemble: %v", line, in, err)
		}
		if b2, _ := again.Encode(target); string(b2) != string(b) {
			t.Fatalf("%q and its printed form %q encode differently", line, in)
		}
		d, n, err := Decode(target, b)
		if err != nil || n != len(b) {
			t.Fatalf("%q: % x does not decode (%d bytes, %v)", line, b, n, err)
		}
		if b3, err := d.Encode(target); err != nil || string(b3) != string(b) {
			t.Fatalf("%q: % x decodes to %v, which encodes to % x (%v)", line, b, d, b3, err)
		}
	})
}

// FuzzDecode holds the decoder to: no panics; a decoded instruction that
// validates encodes to words that decode to the same text.
func FuzzDecode(f *testing.F) {
	f.Add(uint8(0), []byte{0x31, 0x01, 0x00, 0xf0, 0x04, 0x00, 0x00, 0x00})
	f.Add(uint8(1), []byte{0x19, 0x01, 0x60, 0xf0, 0x04, 0x00, 0x00, 0x00, 0x09, 0x06, 0x00, 0x00})
	f.Add(uint8(0), []byte{0x33, 0x01, 0x00, 0xf0, 0x04, 0x00, 0x00, 0x00, 0x05, 0x06, 0x07, 0x08})
	f.Fuzz(func(t *testing.T, tg uint8, b []byte) {
		target := Target(tg % 2)
		in, n, err := Decode(target, b)
		if err != nil {
			return
		}
		if n > len(b) {
			t.Fatalf("% x: length %d", b, n)
		}
		if in.Validate(target) != nil {
			return
		}
		enc, err := in.Encode(target)
		if err != nil {
			t.Fatal(err)
		}
		d, _, err := Decode(target, enc)
		if err != nil || d.String() != in.String() {
			t.Fatalf("% x -> %v -> % x -> %v, %v", b, in, enc, d, err)
		}
	})
}
