package demo

import "testing"

// The documentation's pictures draw without error, at the sizes they
// have in docs/.
func TestPictures(t *testing.T) {
	fp, err := FootprintPicture(0.4, 0.55)
	if err != nil {
		t.Fatal(err)
	}
	q, err := QuadPicture()
	if err != nil {
		t.Fatal(err)
	}
	if fp.Bounds().Dx() < 6*picCell || q.Bounds().Dx() < 16*32 {
		t.Errorf("pictures of %v and %v", fp.Bounds(), q.Bounds())
	}
	// The footprint's four texels are shaded; the others keep the
	// background (texel (0, 0)'s centre region).
	if c := fp.RGBAAt(picMargin+10, picMargin+10); c != (picBG) && c.R != 250 {
		t.Errorf("texel (0, 0), weight 0, is shaded %v", c)
	}
	if c := fp.RGBAAt(picMargin+2*picCell+10, picMargin+3*picCell+10); c.R >= 200 {
		t.Errorf("texel (2, 3), weight 0.72, is shaded only %v", c)
	}
}
