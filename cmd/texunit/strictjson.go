package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// decodeStrict decodes the JSON text into v, a pointer to a struct,
// refusing unknown fields with an error that names the field's path and
// lists the valid fields there, as the batch protocol does:
//
//	state.dispatchmask: unknown field (valid fields: dispatch_mask, platform, ...)
func decodeStrict(text []byte, v any, root string) error {
	if err := checkFields(text, reflect.TypeOf(v), root); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", root, err)
	}
	return nil
}

var rawMessage = reflect.TypeOf(json.RawMessage(nil))

// checkFields walks raw as the type t decodes it and reports the first
// object member that no field of its struct takes.
func checkFields(raw []byte, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawMessage {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return nil // not an object: the decoder reports it
		}
		var names []string
		fields := map[string]reflect.Type{}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			names = append(names, name)
			fields[name] = f.Type
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ft, ok := fields[k]
			if !ok {
				for name, typ := range fields { // encoding/json's case-insensitive match
					if strings.EqualFold(name, k) {
						ft, ok = typ, true
					}
				}
			}
			if !ok {
				return fmt.Errorf("%s.%s: unknown field (valid fields: %s)", path, k, strings.Join(names, ", "))
			}
			if err := checkFields(m[k], ft, path+"."+k); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			return nil
		}
		for i, e := range elems {
			if err := checkFields(e, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return nil
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if err := checkFields(m[k], t.Elem(), path+"."+k); err != nil {
				return err
			}
		}
	}
	return nil
}
