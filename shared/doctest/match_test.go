package doctest

import (
	"slices"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		name             string
		expected, actual string
		ok               bool
	}{
		{"same JSON, other spacing", `{"a": 1, "b": [true, null]}`, `{"a":1,"b":[true,null]}` + "\n", true},
		{"a different value", `{"a": 1}`, `{"a":2}`, false},
		{"a number written otherwise", `{"v": 99.90}`, `{"v":99.9}`, true},
		{"a key the document does not show", `{"a": 1}`, `{"a":1,"b":2}`, false},
		{"bare ... allows more keys", `{"a": 1, ...}`, `{"a":1,"b":2}`, true},
		{"bare ... between members", `{"a": 1, ..., "c": 3}`, `{"a":1,"b":2,"c":3}`, true},
		{"\"...\": \"...\" allows more keys", `{"a": 1, "...": "..."}`, `{"a":1,"b":2}`, true},
		{"a missing key", `{"a": 1, "c": 3, ...}`, `{"a":1,"b":2}`, false},
		{"\"...\" matches any value", `{"id": "...", "n": "..."}`, `{"id":"4f1c","n":12}`, true},
		{"\"...\" still needs the key", `{"id": "..."}`, `{}`, false},
		{"a prefix", `{"s": "whsec_..."}`, `{"s":"whsec_abc"}`, true},
		{"a wrong prefix", `{"s": "whsec_..."}`, `{"s":"sk_abc"}`, false},
		{"a glob inside a string", `{"u": "http://localhost:8081/qr/....png"}`, `{"u":"http://localhost:8081/qr/12.png"}`, true},
		{"… means ...", `{"id": "…", "x": [1, …]}`, `{"id":"z","x":[1,2,3]}`, true},
		{"array with ... for any elements", `[1, ..., 4]`, `[1,2,3,4]`, true},
		{"array ... may be empty", `[1, ...]`, `[1]`, true},
		{"array without ... is exact", `[1, 2]`, `[1,2,3]`, false},
		{"array order matters", `[2, 1]`, `[1,2]`, false},
		{"several JSON values", "[\"R\",-150]\n[\"C\",200]", "[\"R\",-150]\n[\"C\",200]\n", true},
		{"fewer JSON values than shown", "1\n2", "1\n", false},
		{"JSON shown, text printed", `{"a":1}`, `not json`, false},
		{"text lines", "L01\n", "L01\n", true},
		{"text with a glob", "created user user maria (id ...)", "created user user maria (id 88cd)\n", true},
		{"text differs", "CHOC", "SUNDAE\n", false},
		{"a ... line for any lines", "first\n...\nlast", "first\na\nb\nlast\n", true},
		{"HTTP: status, shown headers, body", "HTTP/1.1 401 Unauthorized\nWww-Authenticate: Bearer\n{\"detail\":\"x\"}",
			"HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nWww-Authenticate: Bearer\r\n\r\n{\"detail\":\"x\"}", true},
		{"HTTP: a header missing", "HTTP/1.1 200 OK\nX-Total-Count: 1", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n", false},
		{"HTTP: another status", "HTTP/1.1 302 Found", "HTTP/1.1 301 Moved Permanently\r\n\r\n", false},
		{"HTTP: header value glob", "HTTP/1.1 200 OK\nContent-Disposition: attachment; filename=\"report-...xlsx\"",
			"HTTP/1.1 200 OK\r\nContent-Disposition: attachment; filename=\"report-20261127-180412.xlsx\"\r\n\r\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Match(tt.expected, tt.actual)
			if (err == nil) != tt.ok {
				t.Fatalf("Match(%q, %q) = %v, want ok=%v", tt.expected, tt.actual, err, tt.ok)
			}
		})
	}
}

func TestUnits(t *testing.T) {
	doc := strings.Join([]string{
		"Text.",
		"",
		"```sh",
		"$ TOKEN=$(curl -s -X POST $URL \\",
		"    -d '{\"a\": 1,",
		"         \"b\": 2}' | jq -r .t)",
		"$ curl -s $URL/x   # it's a comment with a quote",
		"{\"detail\":\"gone\"}   # 404",
		"",
		"$ curl -si $URL/y",
		"HTTP/1.1 401 Unauthorized",
		"$ a=1 |",
		"  cat",
		"```",
		"",
		"```sh",
		"curl -s $URL/z | tee z.json",
		"```",
		"",
		"```json",
		"{\"z\": 1}",
		"```",
		"",
		"```sh norun a benchmark",
		"make bench",
		"```",
		"",
		"```json",
		"{\"not\": \"an output: after a norun block\"}",
		"```",
	}, "\n")
	blocks, err := ParseBlocks(doc)
	if err != nil {
		t.Fatal(err)
	}
	var units []Unit
	for _, b := range blocks {
		if b.Runs() {
			u, err := b.Units()
			if err != nil {
				t.Fatal(err)
			}
			units = append(units, u...)
		}
	}
	want := []Unit{
		{Line: 4, Command: "TOKEN=$(curl -s -X POST $URL \\\n    -d '{\"a\": 1,\n         \"b\": 2}' | jq -r .t)"},
		{Line: 7, Command: "curl -s $URL/x   # it's a comment with a quote", Expected: "{\"detail\":\"gone\"}", Shown: true, Statuses: []int{404}},
		{Line: 10, Command: "curl -si $URL/y", Expected: "HTTP/1.1 401 Unauthorized", Shown: true, Statuses: []int{401}},
		{Line: 12, Command: "a=1 |\n  cat"},
		{Line: 17, Command: "curl -s $URL/z | tee z.json", Expected: "{\"z\": 1}", Shown: true},
	}
	if len(units) != len(want) {
		t.Fatalf("got %d units, want %d: %+v", len(units), len(want), units)
	}
	for i := range want {
		g, w := units[i], want[i]
		if g.Line != w.Line || g.Command != w.Command || g.Expected != w.Expected || g.Shown != w.Shown || !slices.Equal(g.Statuses, w.Statuses) {
			t.Errorf("unit %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
	if n := len(blocks); n != 4 || blocks[2].Runs() || !blocks[2].NoRun() {
		t.Errorf("blocks: %+v, want the norun block kept and not run, and the JSON after it a block of its own", blocks)
	}
}

func TestConventionsRefused(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"norun without a reason", "```sh norun\nmake bench\n```\n", "needs its reason"},
		{"a response as a comment", "```sh\ncurl -s $U\n# {\"error\":0}\n```\n", "never checked"},
		{"output before any command", "```sh\n$ curl -s $U\nok\n```\n```sh\nok\n$ curl -s $U\n```\n", ""},
		{"an unclosed block", "```sh\ncurl -s $U\n", "never closed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks, err := ParseBlocks(tt.doc)
			for _, b := range blocks {
				if err == nil && b.Runs() {
					_, err = b.Units()
				}
			}
			if tt.want == "" {
				tt.want = "every command starts with"
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestCheckStatuses(t *testing.T) {
	tests := []struct {
		name          string
		got, declared []int
		ok            bool
	}{
		{"2xx and 3xx pass", []int{200, 201, 302}, nil, true},
		{"an undeclared 4xx fails", []int{200, 409}, nil, false},
		{"a declared 409 passes", []int{409}, []int{409}, true},
		{"a declared status that did not come fails", []int{201}, []int{409}, false},
		{"no answer fails", []int{0}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := CheckStatuses(tt.got, tt.declared); (err == nil) != tt.ok {
				t.Fatalf("CheckStatuses(%v, %v) = %v, want ok=%v", tt.got, tt.declared, err, tt.ok)
			}
		})
	}
}
