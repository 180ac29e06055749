package txd

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ListingEntry is one TXD instruction found in a cuobjdump -sass or nvdisasm
// listing.
type ListingEntry struct {
	Line int    // 1-based line of the instruction text
	Addr uint64 // the /*0098*/ address
	Text string // the instruction as printed, normalized to end in " ;"
	Word uint64 // the 64-bit instruction word from its /* 0x… */ comment
}

// ParseListing extracts the TXD instructions of a cuobjdump -sass or
// nvdisasm -hex listing, with their addresses and instruction words. It
// understands the dual-issue braces ("{ … }") that put an instruction's word
// on the following line. Lines of other instructions are skipped.
func ParseListing(r io.Reader) ([]ListingEntry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var out []ListingEntry
	pending := -1 // index in out of an entry waiting for its word
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "/*") {
			continue
		}
		end := strings.Index(line, "*/")
		if end < 0 {
			continue
		}
		head := strings.TrimSpace(line[2:end])
		rest := strings.TrimSpace(line[end+2:])
		if rest == "" { // a word-only line: "/* 0x… */"
			if pending >= 0 && strings.HasPrefix(head, "0x") {
				w, err := strconv.ParseUint(head[2:], 16, 64)
				if err != nil {
					return nil, fmt.Errorf("line %d: word %q: %v", ln, head, err)
				}
				out[pending].Word = w
				pending = -1
			}
			continue
		}
		addr, err := strconv.ParseUint(head, 16, 64)
		if err != nil {
			continue
		}
		text, word := rest, ""
		if i := strings.Index(text, "/*"); i >= 0 {
			word = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text[i+2:]), "*/"))
			text = text[:i]
		}
		text = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text), "{"))
		text = strings.TrimSpace(strings.TrimSuffix(text, "}"))
		text = strings.TrimSpace(strings.TrimSuffix(text, ";"))
		if !isTXDText(text) {
			continue
		}
		e := ListingEntry{Line: ln, Addr: addr, Text: text + " ;"}
		if word != "" {
			w, err := strconv.ParseUint(strings.TrimPrefix(word, "0x"), 16, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: word %q: %v", ln, word, err)
			}
			e.Word = w
			pending = -1
		} else {
			pending = len(out)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

func isTXDText(s string) bool {
	if strings.HasPrefix(s, "@") {
		if i := strings.IndexByte(s, ' '); i >= 0 {
			s = strings.TrimSpace(s[i:])
		}
	}
	return s == "TXD" || strings.HasPrefix(s, "TXD ") || strings.HasPrefix(s, "TXD.")
}
