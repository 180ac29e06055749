package msaa

import (
	"errors"
	"testing"

	"github.com/texunit/texunit/budget"
)

// A refused reservation wraps budget.ErrExceeded, and a failed resolve
// gives its image's reservation back.
func TestBudgetErrors(t *testing.T) {
	b := budget.New(1 << 10)
	_, err := NewIn(Desc{Width: 64, Height: 64, Samples: 4, Components: 4, Element: Uint32}, b)
	if !errors.Is(err, budget.ErrExceeded) || b.Used() != 0 {
		t.Errorf("NewIn beyond the budget: %v, %d bytes left reserved", err, b.Used())
	}
}
