package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"
)

// apiClient drives the API as one signed-in user of role "user", for tests that call
// many routes in a row. store and product call the create routes (their tests' subject);
// rows a test only needs come from the fixtures (fixtures_test.go).
type apiClient struct {
	*testEnv
	tok string
}

func newAPIClient(t *testing.T) *apiClient {
	t.Helper()
	env := newTestEnv(t)
	return &apiClient{testEnv: env, tok: env.token("user")}
}

// call sends the request with the user's token, checks the status and decodes the body
// into out (when not nil).
func (a *apiClient) call(t *testing.T, method, path string, body any, wantStatus int, out any) response {
	t.Helper()
	res := a.do(method, path, a.tok, body)
	if res.Status != wantStatus {
		t.Fatalf("%s %s: status %d, want %d; body %s", method, path, res.Status, wantStatus, res.Body)
	}
	if out != nil {
		res.JSON(t, out)
	}
	return res
}

type jsonObj = map[string]any

// create POSTs body to path and returns the created record.
func (a *apiClient) create(t *testing.T, path string, body any) jsonObj {
	t.Helper()
	var out jsonObj
	a.call(t, http.MethodPost, path, body, http.StatusCreated, &out)
	return out
}

func (a *apiClient) store(t *testing.T, code, name, document string) jsonObj {
	t.Helper()
	return a.create(t, "/api/v1/store", jsonObj{"store_code": code, "name": name, "document": document})
}

func (a *apiClient) product(t *testing.T, sku, name string, extra jsonObj) jsonObj {
	t.Helper()
	body := jsonObj{"sku": sku, "name": name}
	for k, v := range extra {
		body[k] = v
	}
	return a.create(t, "/api/v1/product", body)
}

// want422 checks that res is a FastAPI-style 422 naming loc among its items. loc
// ["body"] also matches a JSON syntax error, whose loc adds the byte offset.
func want422(t *testing.T, res response, loc ...any) {
	t.Helper()
	if res.Status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422; body %s", res.Status, res.Body)
	}
	var body struct {
		Detail []struct {
			Loc  []any  `json:"loc"`
			Msg  string `json:"msg"`
			Type string `json:"type"`
		} `json:"detail"`
	}
	res.JSON(t, &body)
	want, _ := json.Marshal(loc)
	for _, d := range body.Detail {
		got, _ := json.Marshal(d.Loc)
		// A JSON syntax error carries the byte offset after "body".
		syntax := d.Type == "json_invalid" && len(d.Loc) > 0 && d.Loc[0] == "body" && string(want) == `["body"]`
		if string(got) == string(want) || syntax {
			if d.Msg == "" || d.Type == "" {
				t.Errorf("422 item %v has an empty msg or type", d.Loc)
			}
			return
		}
	}
	t.Fatalf("422 body has no item at loc %s: %s", want, res.Body)
}

// wantDetail checks status and a {"detail": "message"} body.
func wantDetail(t *testing.T, res response, status int) string {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d; body %s", res.Status, status, res.Body)
	}
	var body struct {
		Detail string `json:"detail"`
	}
	res.JSON(t, &body)
	if body.Detail == "" {
		t.Fatalf("no detail message in %s", res.Body)
	}
	return body.Detail
}

// wantField compares one field of a decoded JSON record with want (numbers as float64).
func wantField(t *testing.T, rec jsonObj, field string, want any) {
	t.Helper()
	got, ok := rec[field]
	if !ok {
		t.Errorf("field %q missing from %v", field, rec)
		return
	}
	if w, isInt := want.(int); isInt {
		want = float64(w)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", field, got, want)
	}
}

// decodeList decodes a JSON array of records.
func decodeList(t *testing.T, res response) []jsonObj {
	t.Helper()
	var out []jsonObj
	if err := json.Unmarshal(res.Body, &out); err != nil {
		t.Fatalf("decode list %s: %v", res.Body, err)
	}
	return out
}

// pluck returns field of every record, as strings.
func pluck(list []jsonObj, field string) []string {
	out := make([]string, len(list))
	for i, r := range list {
		out[i] = fmt.Sprint(r[field])
	}
	return out
}

// parseTime parses a date-time field.
func parseTime(t *testing.T, v any) time.Time {
	t.Helper()
	s, _ := v.(string)
	ts, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("not a date-time: %#v", v)
	}
	return ts
}
