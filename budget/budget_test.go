package budget

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestReserveRelease(t *testing.T) {
	b := New(100)
	if err := b.Reserve("a", 60); err != nil {
		t.Fatal(err)
	}
	err := b.Reserve("level[2] data", 41)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrExceeded) {
		t.Fatalf("over the limit: %v", err)
	}
	if e.What != "level[2] data" || e.Need != 41 || e.Used != 60 || e.Limit != 100 || e.Shared {
		t.Errorf("error %+v", e)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "level[2] data: 41 bytes exceed the memory budget of 100 bytes") {
		t.Errorf("message %q", msg)
	}
	if err := b.Reserve("b", 40); err != nil {
		t.Fatal(err)
	}
	b.Release(50)
	if b.Used() != 50 || b.Peak() != 100 || b.Available() != 50 {
		t.Errorf("used %d peak %d available %d", b.Used(), b.Peak(), b.Available())
	}
	if n := b.ReleaseAll(); n != 50 || b.Used() != 0 {
		t.Errorf("ReleaseAll %d, used %d", n, b.Used())
	}
	// Zero means the default everywhere.
	if New(0).Limit() != Default || New(-1).Limit() != Default || (*Budget)(nil).Limit() != Default {
		t.Error("a limit of 0 is not the default")
	}
	if Or(nil, 0).Limit() != Default || Or(nil, 7).Limit() != 7 || Or(b, 7) != b {
		t.Error("Or")
	}
	// A nil budget checks each reservation against the default alone.
	var nb *Budget
	if nb.Reserve("x", Default) != nil || nb.Reserve("x", Default+1) == nil {
		t.Error("nil budget")
	}
	defer func() {
		if recover() == nil {
			t.Error("releasing more than reserved did not panic")
		}
	}()
	b.Release(1)
}

func TestChildShared(t *testing.T) {
	total := New(100)
	a, c := total.Child(0), total.Child(80)
	if a.Limit() != 100 || c.Limit() != 80 {
		t.Fatalf("limits %d %d", a.Limit(), c.Limit())
	}
	if err := a.Reserve("a", 70); err != nil {
		t.Fatal(err)
	}
	// c alone has room; the total does not: a shared refusal, recorded.
	err := c.Reserve("c", 40)
	var e *Error
	if !errors.As(err, &e) || !e.Shared || !c.Contended() || c.Used() != 0 {
		t.Fatalf("shared refusal: %v (contended %v, used %d)", err, c.Contended(), c.Used())
	}
	if !strings.Contains(err.Error(), "shared by the jobs in flight") {
		t.Errorf("message %q", err)
	}
	// Its own limit: not contended.
	d := total.Child(10)
	if err := d.Reserve("d", 11); err == nil || d.Contended() {
		t.Errorf("own limit: %v, contended %v", err, d.Contended())
	}
	if err := c.Reserve("c", 30); err != nil || total.Used() != 100 {
		t.Fatalf("%v, total %d", err, total.Used())
	}
	// Moving between siblings leaves the total alone.
	if err := a.MoveTo(c, "m", 60); err == nil {
		t.Error("moved beyond c's limit")
	}
	if err := a.MoveTo(d, "m", 10); err != nil || a.Used() != 60 || d.Used() != 10 || total.Used() != 100 {
		t.Errorf("MoveTo: %v: a %d d %d total %d", err, a.Used(), d.Used(), total.Used())
	}
	if err := a.MoveTo(New(10), "m", 1); err == nil {
		t.Error("moved to a budget of another parent")
	}
	a.ReleaseAll()
	c.ReleaseAll()
	d.ReleaseAll()
	if total.Used() != 0 {
		t.Errorf("total %d after every child released", total.Used())
	}
}

func TestConcurrent(t *testing.T) {
	total := New(1000)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			c := total.Child(0)
			for range 1000 {
				if c.Reserve("x", 100) == nil {
					c.Release(100)
				}
			}
		})
	}
	wg.Wait()
	if total.Used() != 0 || total.Peak() > 1000 {
		t.Errorf("used %d, peak %d", total.Used(), total.Peak())
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{
		12:        "12 bytes",
		256 << 20: "268435456 bytes (256 MiB)",
		1536:      "1536 bytes (1.5 KiB)",
	} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}
