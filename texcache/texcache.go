// Package texcache models a texture cache: a deterministic, configurable
// set-associative cache of one or two levels in front of memory, fed with
// the byte ranges a texture unit reads, and the accounting of what those
// reads touch.
//
// It owns:
//
//   - Model: one or two cache levels (Level: line size, capacity,
//     associativity, replacement LRU or tree pseudo-LRU), read-only and
//     non-inclusive, fed with Access(address, size) in the order the caller
//     documents; Stats per level (lookups, hits, misses) and for memory
//     (lines and bytes fetched), and a hook that sees every line fetched
//     from memory (the memory trace a DRAM simulator reads).
//   - Footprint: the distinct bytes and lines a set of byte ranges covers
//     (what one request or instruction touches, independent of any cache
//     state).
//
// The model has no timing: it counts. Every access is a read (texture data
// is read-only to a sampler); a level that misses asks the next level (or
// memory) for its whole line; a line's replacement state is updated on
// every lookup that hits or fills it. Nothing depends on maps or random
// numbers, so the same stream always gives the same counts.
package texcache

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Replacement is a cache level's replacement policy.
type Replacement uint8

// The replacement policies.
const (
	// LRU evicts the least recently used line of the set.
	LRU Replacement = iota
	// PLRU is tree pseudo-LRU: a binary tree of Ways−1 bits per set, each
	// pointing at the half to evict next; a lookup that hits or fills a
	// line turns the bits on its path away from it. Ways must be a power of
	// two.
	PLRU
	replacementCount
)

var replacementNames = [...]string{"lru", "plru"}

// String returns "lru" or "plru".
func (r Replacement) String() string {
	if r < replacementCount {
		return replacementNames[r]
	}
	return fmt.Sprintf("invalid(%d)", uint8(r))
}

// ParseReplacement parses a policy name as String prints it.
func ParseReplacement(s string) (Replacement, error) {
	for i, n := range replacementNames {
		if n == s {
			return Replacement(i), nil
		}
	}
	return 0, &Error{Field: "replacement", Value: s, Reason: "is not a replacement policy (lru, plru)"}
}

// Level is the configuration of one cache level.
type Level struct {
	LineBytes   int // line size: a power of two, 4..4096
	Bytes       int // capacity: a multiple of LineBytes·Ways, at most 1 GiB
	Ways        int // associativity: 1 (direct-mapped) .. Bytes/LineBytes (fully associative), at most 64
	Replacement Replacement
}

// Sets returns the number of sets: Bytes / (LineBytes · Ways).
func (l Level) Sets() int { return l.Bytes / (l.LineBytes * l.Ways) }

// String returns "16KiB 64B lines 4-way lru".
func (l Level) String() string {
	return fmt.Sprintf("%s %dB lines %d-way %s", sizeText(l.Bytes), l.LineBytes, l.Ways, l.Replacement)
}

func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return fmt.Sprintf("%dB", n)
}

// MaxWays is the largest associativity.
const MaxWays = 64

// MaxBytes is the largest capacity of a level.
const MaxBytes = 1 << 30

// validate checks l; field names the level in errors ("l1", "l2").
func (l Level) validate(field string) error {
	if l.LineBytes < 4 || l.LineBytes > 4096 || l.LineBytes&(l.LineBytes-1) != 0 {
		return &Error{Field: field + ".line_bytes", Value: fmt.Sprint(l.LineBytes), Reason: "is not a power of two in 4..4096"}
	}
	if l.Ways < 1 || l.Ways > MaxWays {
		return &Error{Field: field + ".ways", Value: fmt.Sprint(l.Ways), Reason: fmt.Sprintf("is out of range (1..%d)", MaxWays)}
	}
	if l.Bytes < l.LineBytes*l.Ways || l.Bytes > MaxBytes || l.Bytes%(l.LineBytes*l.Ways) != 0 {
		return &Error{Field: field + ".bytes", Value: fmt.Sprint(l.Bytes),
			Reason: fmt.Sprintf("is not a multiple of line_bytes·ways = %d up to %d", l.LineBytes*l.Ways, MaxBytes)}
	}
	if l.Replacement >= replacementCount {
		return &Error{Field: field + ".replacement", Value: l.Replacement.String(), Reason: "is not a replacement policy (lru, plru)"}
	}
	if l.Replacement == PLRU && l.Ways&(l.Ways-1) != 0 {
		return &Error{Field: field + ".ways", Value: fmt.Sprint(l.Ways), Reason: "is not a power of two, which plru needs"}
	}
	return nil
}

// Config is a cache hierarchy: L1, and optionally L2 behind it.
type Config struct {
	L1 Level
	L2 *Level // nil: L1 misses go to memory
}

// DefaultConfig is a texture L1 of the size GPUs of the last decade have:
// 16 KiB, 64-byte lines, 4-way, LRU, and no L2.
func DefaultConfig() Config {
	return Config{L1: Level{LineBytes: 64, Bytes: 16 << 10, Ways: 4, Replacement: LRU}}
}

// Error reports an invalid configuration, naming the field and the value.
type Error struct {
	Field, Value, Reason string
}

// Error returns "texcache: FIELD: VALUE REASON".
func (e *Error) Error() string { return "texcache: " + e.Field + ": " + e.Value + " " + e.Reason }

// LevelStats counts one level's lookups.
type LevelStats struct {
	Lookups int64 // line lookups
	Hits    int64
	Misses  int64
}

// Stats is what a Model counted: per level, and the memory behind the last
// level.
type Stats struct {
	Accesses int64 // Access calls (reads of the texture unit)
	L1, L2   LevelStats
	// MemoryLines and MemoryBytes are the lines fetched from memory (the
	// last level's misses) and their bytes.
	MemoryLines, MemoryBytes int64
}

// Sub returns s − t: what was counted between two snapshots.
func (s Stats) Sub(t Stats) Stats {
	sub := func(a, b LevelStats) LevelStats {
		return LevelStats{a.Lookups - b.Lookups, a.Hits - b.Hits, a.Misses - b.Misses}
	}
	return Stats{Accesses: s.Accesses - t.Accesses, L1: sub(s.L1, t.L1), L2: sub(s.L2, t.L2),
		MemoryLines: s.MemoryLines - t.MemoryLines, MemoryBytes: s.MemoryBytes - t.MemoryBytes}
}

// Add returns s + t.
func (s Stats) Add(t Stats) Stats {
	add := func(a, b LevelStats) LevelStats {
		return LevelStats{a.Lookups + b.Lookups, a.Hits + b.Hits, a.Misses + b.Misses}
	}
	return Stats{Accesses: s.Accesses + t.Accesses, L1: add(s.L1, t.L1), L2: add(s.L2, t.L2),
		MemoryLines: s.MemoryLines + t.MemoryLines, MemoryBytes: s.MemoryBytes + t.MemoryBytes}
}

// level is one cache level's state.
type level struct {
	Level
	shift uint   // log2 LineBytes
	sets  uint64 // number of sets
	// tags[set·ways + way] is the line address (address >> shift) + 1 held
	// by the way, 0 when empty.
	tags []uint64
	// LRU: age[set·ways + way], larger is more recent (a per-set clock).
	age   []uint64
	clock []uint64
	// PLRU: tree[set] holds the Ways−1 bits of the set's tree, node i's
	// children 2i+1 and 2i+2, bit set meaning "evict from the right half".
	tree  []uint64
	stats *LevelStats
}

// Model is a texture cache hierarchy. It is not safe for concurrent use:
// one model sees one ordered stream.
type Model struct {
	cfg   Config
	l1    level
	l2    *level
	stats Stats
	// OnMemory, when not nil, is called for every line fetched from memory,
	// in order, with the line's address and size.
	OnMemory func(addr uint64, bytes int)
}

// New validates cfg and returns an empty model.
func New(cfg Config) (*Model, error) {
	if err := cfg.L1.validate("l1"); err != nil {
		return nil, err
	}
	m := &Model{cfg: cfg}
	m.l1 = newLevel(cfg.L1, &m.stats.L1)
	if cfg.L2 != nil {
		if err := cfg.L2.validate("l2"); err != nil {
			return nil, err
		}
		if cfg.L2.LineBytes < cfg.L1.LineBytes {
			return nil, &Error{Field: "l2.line_bytes", Value: fmt.Sprint(cfg.L2.LineBytes),
				Reason: fmt.Sprintf("is smaller than l1.line_bytes %d", cfg.L1.LineBytes)}
		}
		l2 := newLevel(*cfg.L2, &m.stats.L2)
		m.l2 = &l2
	}
	return m, nil
}

func newLevel(c Level, st *LevelStats) level {
	n := c.Sets() * c.Ways
	l := level{Level: c, shift: uint(bits.TrailingZeros(uint(c.LineBytes))), sets: uint64(c.Sets()),
		tags: make([]uint64, n), stats: st}
	if c.Replacement == LRU {
		l.age, l.clock = make([]uint64, n), make([]uint64, c.Sets())
	} else {
		l.tree = make([]uint64, c.Sets())
	}
	return l
}

// Config returns the model's configuration.
func (m *Model) Config() Config { return m.cfg }

// Stats returns the counts so far.
func (m *Model) Stats() Stats { return m.stats }

// Reset empties every level and zeroes the counts.
func (m *Model) Reset() {
	m.l1.reset()
	if m.l2 != nil {
		m.l2.reset()
	}
	m.stats = Stats{}
}

func (l *level) reset() {
	clear(l.tags)
	clear(l.age)
	clear(l.clock)
	clear(l.tree)
}

// Access reads size bytes at addr: every L1 line they cover is looked up,
// in address order. A size below 1 counts as 1.
func (m *Model) Access(addr uint64, size int) {
	m.stats.Accesses++
	first := addr >> m.l1.shift
	last := (addr + uint64(max(size, 1)) - 1) >> m.l1.shift
	for line := first; line <= last; line++ {
		if m.l1.lookup(line) {
			continue
		}
		lineAddr := line << m.l1.shift
		if m.l2 == nil {
			m.memory(lineAddr, m.l1.LineBytes)
			continue
		}
		// L2 lines are at least as large as L1's: one L2 line holds it.
		if l2line := lineAddr >> m.l2.shift; !m.l2.lookup(l2line) {
			m.memory(l2line<<m.l2.shift, m.l2.LineBytes)
		}
	}
}

func (m *Model) memory(addr uint64, n int) {
	m.stats.MemoryLines++
	m.stats.MemoryBytes += int64(n)
	if m.OnMemory != nil {
		m.OnMemory(addr, n)
	}
}

// lookup looks line (an address >> shift) up, fills it on a miss, updates
// the replacement state and the counts, and reports a hit.
func (l *level) lookup(line uint64) bool {
	l.stats.Lookups++
	set := line % l.sets
	base := int(set) * l.Ways
	tag := line + 1
	ways := l.tags[base : base+l.Ways]
	way := slices.Index(ways, tag)
	hit := way >= 0
	if hit {
		l.stats.Hits++
	} else {
		l.stats.Misses++
		way = l.victim(int(set), base)
		ways[way] = tag
	}
	l.touch(int(set), base, way)
	return hit
}

// victim returns the way to fill in set: an empty way first (the lowest),
// otherwise the policy's choice.
func (l *level) victim(set, base int) int {
	if w := slices.Index(l.tags[base:base+l.Ways], 0); w >= 0 {
		return w
	}
	if l.Replacement == LRU {
		ages := l.age[base : base+l.Ways]
		return slices.Index(ages, slices.Min(ages))
	}
	// PLRU: follow the tree's bits from the root to a leaf.
	t, node := l.tree[set], 0
	for node < l.Ways-1 {
		node = 2*node + 1 + int(t>>node&1)
	}
	return node - (l.Ways - 1)
}

// touch marks way of set as the most recently used.
func (l *level) touch(set, base, way int) {
	if l.Replacement == LRU {
		l.clock[set]++
		l.age[base+way] = l.clock[set]
		return
	}
	// PLRU: from the leaf up, point every node on the path at the other
	// half.
	t := l.tree[set]
	node := way + l.Ways - 1
	for node > 0 {
		parent := (node - 1) / 2
		if node == 2*parent+1 { // the left child was used: evict from the right
			t |= 1 << parent
		} else {
			t &^= 1 << parent
		}
		node = parent
	}
	l.tree[set] = t
}

// Footprint collects byte ranges read by one request or instruction and
// reports the distinct bytes and lines they cover. Add ranges, then call
// Count; Reset reuses its storage.
type Footprint struct {
	ranges [][2]uint64
}

// Add records the read of size bytes at addr (a size below 1 counts as 1).
func (f *Footprint) Add(addr uint64, size int) {
	f.ranges = append(f.ranges, [2]uint64{addr, addr + uint64(max(size, 1))})
}

// Reset forgets the ranges.
func (f *Footprint) Reset() { f.ranges = f.ranges[:0] }

// Count returns the distinct bytes the ranges cover and the distinct lines
// of lineBytes (a power of two) they touch.
func (f *Footprint) Count(lineBytes int) (bytes, lines int) {
	r := f.ranges
	slices.SortFunc(r, func(a, b [2]uint64) int {
		switch {
		case a[0] < b[0]:
			return -1
		case a[0] > b[0]:
			return 1
		}
		return 0
	})
	shift := uint(bits.TrailingZeros(uint(lineBytes)))
	var end uint64
	lastLine := uint64(0) // lines are counted from 1 so that 0 means none yet
	for _, g := range r {
		lo := max(g[0], end)
		if g[1] > lo {
			bytes += int(g[1] - lo)
			end = g[1]
		}
		first, last := g[0]>>shift+1, (g[1]-1)>>shift+1
		first = max(first, lastLine+1)
		if last >= first {
			lines += int(last - first + 1)
			lastLine = last
		}
	}
	return bytes, lines
}

// ParseLevel parses a level written BYTES/LINE/WAYS[/POLICY], such as
// "16KiB/64/4/lru" or "256KiB/128/8/plru": the capacity (bytes, with an
// optional KiB or MiB suffix), the line size in bytes, the associativity
// and the replacement policy (lru when left out). The level is validated.
func ParseLevel(field, s string) (Level, error) {
	bad := func(reason string) (Level, error) {
		return Level{}, &Error{Field: field, Value: s, Reason: reason}
	}
	parts := strings.Split(s, "/")
	if len(parts) < 3 || len(parts) > 4 {
		return bad("is not BYTES/LINE/WAYS[/POLICY] (such as 16KiB/64/4/lru)")
	}
	var l Level
	size := parts[0]
	mul := 1
	switch {
	case strings.HasSuffix(size, "KiB"):
		size, mul = strings.TrimSuffix(size, "KiB"), 1<<10
	case strings.HasSuffix(size, "MiB"):
		size, mul = strings.TrimSuffix(size, "MiB"), 1<<20
	case strings.HasSuffix(size, "B"):
		size = strings.TrimSuffix(size, "B")
	}
	n, err := strconv.Atoi(size)
	if err != nil || n < 1 || n > MaxBytes/mul {
		return bad(fmt.Sprintf("has a capacity %q that is not a number of bytes (KiB, MiB) up to 1GiB", parts[0]))
	}
	l.Bytes = n * mul
	if l.LineBytes, err = strconv.Atoi(strings.TrimSuffix(parts[1], "B")); err != nil {
		return bad(fmt.Sprintf("has a line size %q that is not a number", parts[1]))
	}
	if l.Ways, err = strconv.Atoi(parts[2]); err != nil {
		return bad(fmt.Sprintf("has an associativity %q that is not a number", parts[2]))
	}
	if len(parts) == 4 {
		if l.Replacement, err = ParseReplacement(parts[3]); err != nil {
			return bad(fmt.Sprintf("has a policy %q that is not lru or plru", parts[3]))
		}
	}
	return l, l.validate(field)
}

// Spec returns the level as ParseLevel reads it: "16384/64/4/lru".
func (l Level) Spec() string {
	return fmt.Sprintf("%d/%d/%d/%s", l.Bytes, l.LineBytes, l.Ways, l.Replacement)
}
