package doctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strings"
)

// Placeholder is what shown output writes for a value that varies from run to run (an
// id, a token, a time). "…" (one character) means the same.
//
// In JSON output:
//   - "..." as a value matches any value (the key must be there);
//   - "..." inside a string matches any text there: "whsec_...", "...Z";
//   - ... (bare) or "...": "..." among an object's members: other members may follow;
//     without it the object must have exactly the keys shown;
//   - ... (bare) or "..." as an array element: any number of elements (zero included).
//
// In text output a line "..." matches any number of lines and "..." inside a line any
// text. Output that starts with "HTTP/" (curl -i) is a status line, the headers that
// must be there (others may be too) and, after a blank line, the body.
const Placeholder = "..."

// Match compares a command's actual stdout with the output a document shows.
func Match(expected, actual string) error {
	expected, actual = normalize(expected), normalize(actual)
	if strings.HasPrefix(expected, "HTTP/") {
		return matchHTTP(expected, actual)
	}
	return matchBody(expected, actual)
}

func normalize(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

func matchBody(expected, actual string) error {
	want, err := decodeAll(jsonWithPlaceholders(expected))
	if err != nil { // not JSON: compare as text
		return matchText(expected, actual)
	}
	got, err := decodeAll(actual)
	if err != nil {
		return fmt.Errorf("the document shows JSON, the command printed something else:\n%s", actual)
	}
	if len(want) != len(got) {
		return fmt.Errorf("the document shows %d JSON value(s), the command printed %d:\n%s", len(want), len(got), actual)
	}
	for i := range want {
		if err := matchValue("$", want[i], got[i]); err != nil {
			return fmt.Errorf("%w\nactual output:\n%s", err, actual)
		}
	}
	return nil
}

func matchHTTP(expected, actual string) error {
	// The status line and the headers shown, then (after a blank line or not) the body.
	wantLines := strings.Split(expected, "\n")
	n := 1
	for n < len(wantLines) && headerLine.MatchString(wantLines[n]) {
		n++
	}
	wantBody := strings.TrimSpace(strings.Join(wantLines[n:], "\n"))
	wantLines = wantLines[:n]
	gotHead, gotBody, _ := strings.Cut(actual, "\n\n")
	gotLines := strings.Split(gotHead, "\n")
	if !glob(wantLines[0]).MatchString(gotLines[0]) {
		return fmt.Errorf("status line: want %q, got %q", wantLines[0], gotLines[0])
	}
	for _, w := range wantLines[1:] {
		name, value, _ := strings.Cut(w, ":")
		found := false
		for _, g := range gotLines[1:] {
			gn, gv, _ := strings.Cut(g, ":")
			if strings.EqualFold(strings.TrimSpace(gn), strings.TrimSpace(name)) &&
				glob(strings.TrimSpace(value)).MatchString(strings.TrimSpace(gv)) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("header %q not in the response:\n%s", w, gotHead)
		}
	}
	if wantBody == "" {
		return nil
	}
	return matchBody(wantBody, strings.TrimSpace(gotBody))
}

var headerLine = regexp.MustCompile(`^[A-Za-z0-9-]+: `)

func matchText(expected, actual string) error {
	want, got := strings.Split(expected, "\n"), strings.Split(actual, "\n")
	if !matchLines(want, got) {
		return fmt.Errorf("output differs:\n--- shown:\n%s\n--- actual:\n%s", expected, actual)
	}
	return nil
}

func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == Placeholder {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && glob(want[0]).MatchString(got[0]) && matchLines(want[1:], got[1:])
}

// glob turns a line or string with placeholders into an anchored pattern.
func glob(s string) *regexp.Regexp {
	parts := strings.Split(strings.ReplaceAll(s, "…", Placeholder), Placeholder)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(`^(?s)` + strings.Join(parts, ".*") + `$`)
}

func decodeAll(s string) ([]any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errors.New("no JSON value")
	}
	return out, nil
}

// jsonWithPlaceholders turns the bare ... (or …) of shown JSON into JSON: a member
// "...": "..." in an object, the element "..." elsewhere; and … inside strings into ....
func jsonWithPlaceholders(s string) string {
	type frame struct {
		object, expectKey bool
	}
	var stack []frame
	var out bytes.Buffer
	inString, escaped := false, false
	lastSignificant := byte(0)
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case r == '\\':
				escaped = true
			case r == '"':
				inString = false
			}
			if r == '…' {
				out.WriteString(Placeholder)
			} else {
				out.WriteRune(r)
			}
			continue
		}
		isEllipsis := r == '…' || (r == '.' && i+2 < len(rs) && rs[i+1] == '.' && rs[i+2] == '.')
		if isEllipsis {
			if r == '.' {
				i += 2
			}
			if lastSignificant != 0 && !strings.ContainsRune("{[,:", rune(lastSignificant)) {
				out.WriteByte(',')
			}
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
				out.WriteString(`"...":"..."`)
				stack[n-1].expectKey = false
			} else {
				out.WriteString(`"..."`)
			}
			lastSignificant = '"'
			continue
		}
		switch r {
		case '"':
			inString = true
		case '{':
			stack = append(stack, frame{object: true, expectKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].expectKey = true
			}
		case ':':
			if n := len(stack); n > 0 {
				stack[n-1].expectKey = false
			}
		}
		out.WriteRune(r)
		if r != ' ' && r != '\n' && r != '\t' && r != '\r' {
			lastSignificant = byte(r)
			if r > 127 {
				lastSignificant = 'x'
			}
		}
	}
	return out.String()
}

func matchValue(path string, want, got any) error {
	switch w := want.(type) {
	case string:
		if w == Placeholder {
			return nil
		}
		g, ok := got.(string)
		if !ok {
			return fmt.Errorf("%s: want %q, got %s", path, w, show(got))
		}
		if strings.Contains(w, Placeholder) {
			if !glob(w).MatchString(g) {
				return fmt.Errorf("%s: want %q, got %q", path, w, g)
			}
			return nil
		}
		if w != g {
			return fmt.Errorf("%s: want %q, got %q", path, w, g)
		}
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(w, g) {
			return fmt.Errorf("%s: want %s, got %s", path, w, show(got))
		}
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: want an object, got %s", path, show(got))
		}
		_, open := w[Placeholder]
		keys := make([]string, 0, len(w))
		for k := range w {
			if k != Placeholder {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s: key %q missing from the response", path, k)
			}
			if err := matchValue(path+"."+k, w[k], gv); err != nil {
				return err
			}
		}
		if !open {
			for k := range g {
				if _, ok := w[k]; !ok {
					return fmt.Errorf("%s: the response has key %q the document does not show (add it, or ... for the rest)", path, k)
				}
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s: want an array, got %s", path, show(got))
		}
		if err := matchArray(path, w, g, 0); err != nil {
			return err
		}
	default: // bool, nil
		if want != got {
			return fmt.Errorf("%s: want %s, got %s", path, show(want), show(got))
		}
	}
	return nil
}

// matchArray matches elements in order; a "..." element matches any run of elements.
func matchArray(path string, want, got []any, offset int) error {
	if len(want) == 0 {
		if len(got) != 0 {
			return fmt.Errorf("%s: %d more element(s) than shown, from [%d]: %s", path, len(got), offset, show(got[0]))
		}
		return nil
	}
	if s, ok := want[0].(string); ok && s == Placeholder {
		var last error
		for i := 0; i <= len(got); i++ {
			if last = matchArray(path, want[1:], got[i:], offset+i); last == nil {
				return nil
			}
		}
		return last
	}
	if len(got) == 0 {
		return fmt.Errorf("%s: %d element(s) fewer than shown", path, len(want))
	}
	if err := matchValue(fmt.Sprintf("%s[%d]", path, offset), want[0], got[0]); err != nil {
		return err
	}
	return matchArray(path, want[1:], got[1:], offset+1)
}

func sameNumber(a, b json.Number) bool {
	x, ok1 := new(big.Rat).SetString(a.String())
	y, ok2 := new(big.Rat).SetString(b.String())
	return ok1 && ok2 && x.Cmp(y) == 0
}

func show(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(raw)
}
