// Package budget accounts for the memory that one file, job or command may
// add, as one total enforced before each allocation.
//
// A Budget has a limit and a running total of reservations. Code that is
// about to allocate a buffer whose size comes from its input (a level
// inflated from zstd, a decoded PNG, a surface, a parse tree, a result line)
// first calls Reserve with the buffer's size; Reserve refuses, with an
// *Error naming what needed the memory, when the total would exceed the
// limit. When the buffer is no longer used, Release gives its bytes back, so
// that the limit bounds the peak of the buffers alive at once, not their sum.
//
// A child budget (Child) has a limit of its own and also reserves from its
// parent: the batch gives each job a child of the batch's total, so that a
// job is refused when it alone exceeds the limit and the jobs in flight
// together never exceed the total. A child whose parent refused a
// reservation records it (Contended), so that its owner can tell "this job
// is too large" from "the jobs beside it hold the memory" and run it again
// alone.
//
// The accounting is of texel data, decoded trees and output buffers — the
// memory that grows with the input. The Go runtime, code, stacks and small
// fixed buffers are not counted; a command that wants its resident memory
// near its budget also sets the runtime's soft memory limit
// (runtime/debug.SetMemoryLimit) to the budget plus a fixed overhead, so
// that garbage does not accumulate beyond it.
package budget

import (
	"errors"
	"fmt"
	"sync"
)

// Default is the limit of a budget made with a limit of 0 or less: 1 GiB.
const Default = 1 << 30

// ErrExceeded is wrapped by every *Error: a reservation would have exceeded
// a budget.
var ErrExceeded = errors.New("exceeds the memory budget")

// Error is a refused reservation.
type Error struct {
	What  string // what needed the memory, such as "level[2] data" or "lanes"
	Need  int64  // the bytes asked for
	Used  int64  // the bytes already reserved in the budget that refused
	Limit int64  // that budget's limit
	// Shared is true when the budget that refused is a parent shared with
	// other work (the batch's total), not the budget's own limit.
	Shared bool
}

// Error returns "WHAT: N bytes exceed the memory budget of L bytes (U in
// use)".
func (e *Error) Error() string {
	var in string
	if e.Used > 0 {
		in = fmt.Sprintf(" (%s already in use)", Bytes(e.Used))
	}
	scope := ""
	if e.Shared {
		scope = " shared by the jobs in flight"
	}
	return fmt.Sprintf("%s: %d bytes exceed the memory budget of %s%s%s", e.What, e.Need, Bytes(e.Limit), scope, in)
}

// Unwrap returns ErrExceeded.
func (e *Error) Unwrap() error { return ErrExceeded }

// Bytes formats n as "N bytes" with a binary-unit figure where it helps:
// "268435456 bytes (256 MiB)".
func Bytes(n int64) string {
	units := []struct {
		shift int
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}}
	for _, u := range units {
		if n >= 1<<u.shift {
			v := float64(n) / float64(int64(1)<<u.shift)
			if v == float64(int64(v)) {
				return fmt.Sprintf("%d bytes (%d %s)", n, int64(v), u.name)
			}
			return fmt.Sprintf("%d bytes (%.1f %s)", n, v, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Budget is a memory limit and the reservations made against it. It is
// safe for concurrent use. A nil *Budget has the Default limit and keeps no
// total: each reservation is checked on its own (see Reserve).
type Budget struct {
	parent *Budget
	limit  int64

	mu        sync.Mutex
	used      int64
	peak      int64
	contended bool
}

// New returns a budget of limit bytes; 0 or less means Default.
func New(limit int64) *Budget {
	if limit <= 0 {
		limit = Default
	}
	return &Budget{limit: limit}
}

// Or returns b, or a new budget of limit bytes (0: Default) when b is nil:
// the idiom of functions that take an optional budget and a byte limit.
func Or(b *Budget, limit int64) *Budget {
	if b != nil {
		return b
	}
	return New(limit)
}

// Child returns a budget of limit bytes (0 or less: b's limit) whose
// reservations are also reservations in b.
func (b *Budget) Child(limit int64) *Budget {
	if limit <= 0 || limit > b.Limit() {
		limit = b.Limit()
	}
	return &Budget{parent: b, limit: limit}
}

// Limit returns the budget's limit in bytes.
func (b *Budget) Limit() int64 {
	if b == nil {
		return Default
	}
	return b.limit
}

// Used returns the bytes reserved and not yet released.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Peak returns the largest total of reservations the budget has held.
func (b *Budget) Peak() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// Available returns the bytes that may still be reserved: the least of the
// room left in b and in its parents.
func (b *Budget) Available() int64 {
	if b == nil {
		return Default
	}
	b.mu.Lock()
	room := b.limit - b.used
	b.mu.Unlock()
	if b.parent != nil {
		room = min(room, b.parent.Available())
	}
	return max(room, 0)
}

// Contended reports whether a parent of b refused a reservation that b
// itself had room for.
func (b *Budget) Contended() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.contended
}

// Reserve adds n bytes to the budget (and to its parents) or, when that
// would exceed a limit, reserves nothing and returns an *Error naming what.
// n ≤ 0 reserves nothing. On a nil budget it only checks n against Default.
func (b *Budget) Reserve(what string, n int64) error {
	if n <= 0 {
		return nil
	}
	if b == nil {
		if n > Default {
			return &Error{What: what, Need: n, Limit: Default}
		}
		return nil
	}
	b.mu.Lock()
	if n > b.limit-b.used {
		err := &Error{What: what, Need: n, Used: b.used, Limit: b.limit}
		b.mu.Unlock()
		return err
	}
	b.used += n
	b.mu.Unlock()
	if b.parent != nil {
		if err := b.parent.Reserve(what, n); err != nil {
			b.mu.Lock()
			b.used -= n
			b.contended = true
			b.mu.Unlock()
			var e *Error
			if errors.As(err, &e) {
				e.Shared = true
			}
			return err
		}
	}
	b.mu.Lock()
	b.peak = max(b.peak, b.used)
	b.mu.Unlock()
	return nil
}

// Release gives back n bytes reserved earlier (in b and its parents). It
// panics when more is released than is reserved: that is a bug in the
// caller's accounting.
func (b *Budget) Release(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.mu.Lock()
	if n > b.used {
		used := b.used
		b.mu.Unlock()
		panic(fmt.Sprintf("budget: releasing %d bytes, but %d are reserved", n, used))
	}
	b.used -= n
	b.mu.Unlock()
	if b.parent != nil {
		b.parent.Release(n)
	}
}

// ReleaseAll gives back everything reserved in b (and that much in its
// parents) and returns how much that was: the end of a job's accounting.
func (b *Budget) ReleaseAll() int64 {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	n := b.used
	b.used = 0
	b.mu.Unlock()
	if b.parent != nil && n > 0 {
		b.parent.Release(n)
	}
	return n
}

// MoveTo moves n bytes of b's reservations to dst, a budget with the same
// parent, without touching the parent's total: the memory changes owner
// (a line read by the batch's reader becomes its job's; a surface a job
// built joins the shared cache). It fails, moving nothing, when dst has no
// room for n or the two budgets do not share a parent.
func (b *Budget) MoveTo(dst *Budget, what string, n int64) error {
	if n <= 0 {
		return nil
	}
	if b == nil || dst == nil || b.parent != dst.parent {
		return fmt.Errorf("budget: %s: moving %d bytes between budgets of different parents", what, n)
	}
	dst.mu.Lock()
	if n > dst.limit-dst.used {
		err := &Error{What: what, Need: n, Used: dst.used, Limit: dst.limit}
		dst.mu.Unlock()
		return err
	}
	dst.used += n
	dst.peak = max(dst.peak, dst.used)
	dst.mu.Unlock()
	b.mu.Lock()
	if n > b.used {
		used := b.used
		b.mu.Unlock()
		dst.mu.Lock()
		dst.used -= n
		dst.mu.Unlock()
		return fmt.Errorf("budget: %s: moving %d bytes, but %d are reserved", what, n, used)
	}
	b.used -= n
	b.mu.Unlock()
	return nil
}
