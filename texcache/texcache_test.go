package texcache

import (
	"fmt"
	"testing"
)

func mustNew(t *testing.T, cfg Config) *Model {
	t.Helper()
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// hits runs the line addresses (in lines of 64 bytes) through m and
// returns a string of h (hit in L1) and m (miss) per access.
func hits(m *Model, lines ...uint64) string {
	var b []byte
	for _, l := range lines {
		before := m.Stats().L1.Hits
		m.Access(l*64, 4)
		if m.Stats().L1.Hits > before {
			b = append(b, 'h')
		} else {
			b = append(b, 'm')
		}
	}
	return string(b)
}

// TestColdAndCapacity: a first pass over 8 lines misses each; a second
// pass hits each when they fit, and misses each when the cache holds 4
// (LRU evicts each line before it comes round again).
func TestColdAndCapacity(t *testing.T) {
	seq := []uint64{0, 1, 2, 3, 4, 5, 6, 7}
	m := mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 512, Ways: 8}})
	if got := hits(m, append(seq, seq...)...); got != "mmmmmmmmhhhhhhhh" {
		t.Errorf("fits: %s", got)
	}
	m = mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 256, Ways: 4}})
	if got := hits(m, append(seq, seq...)...); got != "mmmmmmmmmmmmmmmm" {
		t.Errorf("too small: %s", got)
	}
	st := m.Stats()
	if st.Accesses != 16 || st.L1.Lookups != 16 || st.L1.Misses != 16 || st.MemoryLines != 16 || st.MemoryBytes != 16*64 {
		t.Errorf("stats %+v", st)
	}
}

// TestConflict: lines 0 and 4 share a set of a direct-mapped cache of four
// sets and evict each other; two ways hold both.
func TestConflict(t *testing.T) {
	m := mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 256, Ways: 1}})
	if got := hits(m, 0, 4, 0, 4, 1, 1); got != "mmmmmh" {
		t.Errorf("direct-mapped: %s", got)
	}
	m = mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 512, Ways: 2}})
	// 8 maps to set 0 too; after 0, 4, 0, 4 the least recently used line
	// is 0, so 8 evicts it and 0 misses again.
	if got := hits(m, 0, 4, 0, 4, 8, 0); got != "mmhhmm" {
		t.Errorf("2-way: %s", got)
	}
}

// TestLRUAndPLRU: one 4-way set filled with A B C D, then A used again:
// LRU evicts B (the least recent), tree pseudo-LRU evicts C (the tree
// points away from A's half, then from D, the last used of the other).
func TestLRUAndPLRU(t *testing.T) {
	const A, B, C, D, E = 0, 1, 2, 3, 4 // one set: the cache is 4 lines, fully associative
	for _, c := range []struct {
		r    Replacement
		want string
	}{
		{LRU, "mmmmhm" + "hmhh"},  // probes: A hit, B miss (evicted), C hit, D hit
		{PLRU, "mmmmhm" + "hhmh"}, // probes: A hit, B hit, C miss (evicted), D hit
	} {
		m := mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 256, Ways: 4, Replacement: c.r}})
		got := hits(m, A, B, C, D, A, E)
		// Probe each line on a fresh model brought to the state after E,
		// so that one probe's refill does not disturb the next.
		for _, p := range []uint64{A, B, C, D} {
			probe := mustNew(t, m.Config())
			hits(probe, A, B, C, D, A, E)
			got += hits(probe, p)
		}
		if got != c.want {
			t.Errorf("%v: %s, want %s", c.r, got, c.want)
		}
	}
}

// TestTwoLevels: 8 lines through a 4-line L1 and a 16-line L2: the second
// pass misses L1 each time and hits L2, and memory sees only the first
// pass, in order, line by line (L2 lines of 128 bytes hold two L1 lines).
func TestTwoLevels(t *testing.T) {
	m := mustNew(t, Config{L1: Level{LineBytes: 64, Bytes: 256, Ways: 4}, L2: &Level{LineBytes: 128, Bytes: 2048, Ways: 4, Replacement: PLRU}})
	var mem []string
	m.OnMemory = func(addr uint64, n int) { mem = append(mem, fmt.Sprintf("%#x/%d", addr, n)) }
	for range 2 {
		for l := range uint64(8) {
			m.Access(l*64+8, 8)
		}
	}
	st := m.Stats()
	want := Stats{Accesses: 16, L1: LevelStats{16, 0, 16}, L2: LevelStats{16, 12, 4}, MemoryLines: 4, MemoryBytes: 512}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	if fmt.Sprint(mem) != "[0x0/128 0x80/128 0x100/128 0x180/128]" {
		t.Errorf("memory %v", mem)
	}
	if d := st.Sub(Stats{Accesses: 6, L1: LevelStats{6, 0, 6}}); d.Accesses != 10 || d.L1.Lookups != 10 || d.Add(Stats{Accesses: 6}).Accesses != 16 {
		t.Errorf("Sub/Add: %+v", d)
	}
	m.Reset()
	if m.Stats() != (Stats{}) || hits(m, 0) != "m" {
		t.Error("Reset did not empty the model")
	}
}

// TestAccessSpansLines: a read that crosses a line boundary looks up both
// lines; a read of 0 bytes counts as 1.
func TestAccessSpansLines(t *testing.T) {
	m := mustNew(t, DefaultConfig())
	m.Access(56, 16)
	m.Access(200, 0)
	if st := m.Stats(); st.Accesses != 2 || st.L1.Lookups != 3 || st.L1.Misses != 3 {
		t.Errorf("%+v", st)
	}
}

func TestFootprint(t *testing.T) {
	var f Footprint
	for _, r := range [][2]int{{0, 4}, {2, 4}, {60, 8}, {200, 1}, {64, 0}} {
		f.Add(uint64(r[0]), r[1])
	}
	// bytes: 0..5 (6), 60..67 (8), 200 (1) — [64,65) lies inside 60..67.
	if b, l := f.Count(64); b != 15 || l != 3 {
		t.Errorf("64-byte lines: %d bytes, %d lines", b, l)
	}
	if b, l := f.Count(256); b != 15 || l != 1 {
		t.Errorf("256-byte lines: %d bytes, %d lines", b, l)
	}
	for _, c := range []struct {
		r            [][2]int // [start, end)
		bytes, lines int
	}{
		{nil, 0, 0},
		{[][2]int{{0, 4}, {2, 6}, {60, 70}}, 16, 2},
		{[][2]int{{130, 131}, {0, 1}, {63, 64}, {64, 65}}, 4, 3},
	} {
		var g Footprint
		for _, r := range c.r {
			g.Add(uint64(r[0]), r[1]-r[0])
		}
		if b, l := g.Count(64); b != c.bytes || l != c.lines {
			t.Errorf("%v: %d bytes, %d lines; want %d, %d", c.r, b, l, c.bytes, c.lines)
		}
	}
	f.Reset()
	if b, l := f.Count(64); b != 0 || l != 0 {
		t.Errorf("after Reset: %d, %d", b, l)
	}
}

func TestConfigErrors(t *testing.T) {
	l := func(line, bytes, ways int, r Replacement) Level {
		return Level{LineBytes: line, Bytes: bytes, Ways: ways, Replacement: r}
	}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{L1: l(48, 4096, 4, LRU)}, "texcache: l1.line_bytes: 48 is not a power of two in 4..4096"},
		{Config{L1: l(64, 4096, 0, LRU)}, "texcache: l1.ways: 0 is out of range (1..64)"},
		{Config{L1: l(64, 4000, 4, LRU)}, "texcache: l1.bytes: 4000 is not a multiple of line_bytes·ways = 256 up to 1073741824"},
		{Config{L1: l(64, 64*6, 6, PLRU)}, "texcache: l1.ways: 6 is not a power of two, which plru needs"},
		{Config{L1: l(64, 4096, 4, 7)}, "texcache: l1.replacement: invalid(7) is not a replacement policy (lru, plru)"},
		{Config{L1: l(64, 4096, 4, LRU), L2: &Level{LineBytes: 32, Bytes: 4096, Ways: 4}}, "texcache: l2.line_bytes: 32 is smaller than l1.line_bytes 64"},
	} {
		if _, err := New(c.cfg); err == nil || err.Error() != c.want {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
	if _, err := ParseReplacement("fifo"); err == nil || err.Error() != "texcache: replacement: fifo is not a replacement policy (lru, plru)" {
		t.Errorf("ParseReplacement: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"16KiB/64/4/lru", "16KiB 64B lines 4-way lru"},
		{"256KiB/128B/8/plru", "256KiB 128B lines 8-way plru"},
		{"4096/64/64", "4KiB 64B lines 64-way lru"},
		{"1MiB/64/16", "1MiB 64B lines 16-way lru"},
		{"16KiB/64", `texcache: l1: 16KiB/64 is not BYTES/LINE/WAYS[/POLICY] (such as 16KiB/64/4/lru)`},
		{"16KB/64/4", `texcache: l1: 16KB/64/4 has a capacity "16KB" that is not a number of bytes (KiB, MiB) up to 1GiB`},
		{"16KiB/x/4", `texcache: l1: 16KiB/x/4 has a line size "x" that is not a number`},
		{"16KiB/64/four", `texcache: l1: 16KiB/64/four has an associativity "four" that is not a number`},
		{"16KiB/64/4/fifo", `texcache: l1: 16KiB/64/4/fifo has a policy "fifo" that is not lru or plru`},
		{"12KiB/64/3/plru", "texcache: l1.ways: 3 is not a power of two, which plru needs"},
		{"2GiB/64/4", `texcache: l1: 2GiB/64/4 has a capacity "2GiB" that is not a number of bytes (KiB, MiB) up to 1GiB`},
	} {
		l, err := ParseLevel("l1", c.in)
		got := l.String()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("ParseLevel(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := DefaultConfig().L1.String(); got != "16KiB 64B lines 4-way lru" {
		t.Errorf("String: %s", got)
	}
}

// BenchmarkAccess measures one 4-byte read through a 16 KiB 4-way L1 and
// a 256 KiB 8-way PLRU L2 over a stream with reuse.
func BenchmarkAccess(b *testing.B) {
	m, _ := New(Config{L1: DefaultConfig().L1, L2: &Level{LineBytes: 128, Bytes: 256 << 10, Ways: 8, Replacement: PLRU}})
	var a uint64
	b.ReportAllocs()
	for b.Loop() {
		a = (a*1103515245 + 12345) & (1<<20 - 1)
		m.Access(a&^3, 4)
	}
}
