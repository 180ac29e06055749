package format

import (
	"errors"
	"strings"
	"testing"
)

// An unknown name gets the nearest names and a pointer to the list, not
// all 256 names.
func TestParseHint(t *testing.T) {
	_, err := Parse("r8g8b8a8_unrom")
	if !errors.Is(err, ErrUnknown) {
		t.Fatalf("error %v does not wrap ErrUnknown", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `did you mean r8g8b8a8_unorm`) || !strings.Contains(msg, `"texunit formats" lists all 256`) {
		t.Errorf("message %q", msg)
	}
	if strings.Contains(msg, "astc_12x12") || len(msg) > 300 {
		t.Errorf("message lists far more than the nearest names: %q", msg)
	}
	if h := Hint("zzz"); strings.Contains(h, "did you mean") {
		t.Errorf("Hint(zzz) = %q: no name shares a prefix", h)
	}
}
