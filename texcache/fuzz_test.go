package texcache

import "testing"

// FuzzParseLevel: ParseLevel never panics; a level it accepts is valid,
// makes a model, and reads back the same from its Spec.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"16KiB/64/4/lru", "256KiB/128B/8/plru", "4096/64/64", "1MiB/4/1", "/", "16KiB/64/4/lru/x", "9999999999KiB/64/4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLevel("l1", s)
		if err != nil {
			return
		}
		if err := l.validate("l1"); err != nil {
			t.Fatalf("%q accepted but invalid: %v", s, err)
		}
		if l.Bytes/l.LineBytes <= 1<<16 { // keep the model small
			m, err := New(Config{L1: l})
			if err != nil {
				t.Fatalf("%q: New: %v", s, err)
			}
			m.Access(12345, 100)
		}
		back, err := ParseLevel("l1", l.Spec())
		if err != nil || back != l {
			t.Fatalf("%q: Spec %q reads back as %+v, %v", s, l.Spec(), back, err)
		}
	})
}
