package batch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Completed reads the output of an earlier run of a batch and returns what
// a run that resumes it needs: the ids of its complete result lines, each
// with how many lines carry it (for Options.Skip; a line without an id
// counts as "null"), and the length in bytes of its longest prefix of
// whole lines that are each a JSON object. Anything after that prefix (a
// line a crash cut off) is not a result: the caller truncates the output to
// valid bytes before appending the resumed run's lines.
//
// Because Run writes results in input order and skips, by id, as many jobs
// as Completed counted, a batch killed at any moment and resumed with
// Completed's ids writes, in the end, exactly the lines an uninterrupted
// run writes (jobs are deterministic).
func Completed(r io.Reader) (done map[string]int, valid int64, err error) {
	done = map[string]int{}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return done, valid, nil // a last line without "\n" is cut off
		}
		if err != nil {
			return nil, 0, err
		}
		var res struct {
			ID json.RawMessage `json:"id"`
		}
		text := bytes.TrimSpace(line)
		if len(text) == 0 || text[0] != '{' || json.Unmarshal(text, &res) != nil {
			return done, valid, nil
		}
		key := "null"
		if res.ID != nil {
			key = string(res.ID)
		}
		done[key]++
		valid += int64(len(line))
	}
}
