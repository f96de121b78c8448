package apidoc

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/nullable"
)

// day is a WireSchema type: a time written as a date string.
type day struct{ time.Time }

func (day) OpenAPISchema() *openapi3.Schema {
	s := openapi3.NewStringSchema().WithFormat("date")
	s.Description = "From 1900-01-01 to 9998-12-31."
	return s
}

// instant is a WireSchema type with a pointer receiver.
type instant struct{ time.Time }

func (*instant) OpenAPISchema() *openapi3.Schema { return openapi3.NewDateTimeSchema() }

type patchThing struct {
	Name  nullable.Field[string] `json:"name"`
	When  instant                `json:"when"`
	Birth *day                   `json:"birth"`
}

type thing struct {
	ID    int         `json:"id"`
	Name  string      `json:"name"`
	Total json.Number `json:"total"`
}

func TestDocumentFollowsTheRouter(t *testing.T) {
	e := echo.New()
	doc := New("Test", "1.0.0", "", nil, struct {
		Detail string `json:"detail"`
	}{})
	doc.PathParams(Param{Name: "id", Type: "integer", Format: "int64"}, Param{Name: "thing_uuid", Format: "uuid", Description: "the thing's uuid"})
	r := NewRouter(doc, e.Group("/api"), "/api")
	ok := func(c echo.Context) error { return c.NoContent(http.StatusOK) }
	r.Handle(http.MethodPatch, "/things/:id", ok, Op{Summary: "Update", Request: patchThing{}, Response: thing{}})
	r.Handle(http.MethodGet, "/things", ok, Op{Summary: "List", Response: []thing{}, Params: []Param{{Name: "limit", Type: "integer", Default: 10}}})
	// Same shape, other parameter name, another method: filed under the first template.
	r.Handle(http.MethodDelete, "/things/:thing_uuid", ok, Op{Summary: "Delete"})
	e.GET("/openapi.json", doc.Handler())

	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/openapi.json", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	body := rec.Body.Bytes()
	var parsed struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(body, &parsed); err != nil {
		t.Fatal(err)
	}
	if _, ok := parsed.Paths["/api/things/{id}"]["delete"]; !ok || len(parsed.Paths) != 2 {
		t.Fatalf("DELETE /api/things/:thing_uuid not filed under /api/things/{id}: %s", body)
	}
	if _, ok := parsed.Paths["/api/things/{id}"]["patch"]; !ok {
		t.Fatalf("PATCH /api/things/{id} missing: %s", body)
	}
	for _, want := range []string{`"format": "date-time"`, `"format": "date"`, `"nullable": true`, `"name": "limit"`,
		`1900-01-01 to 9998-12-31`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("document lacks %s", want)
		}
	}
	built, err := doc.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	// Each operation's path parameter has its route's declared type; the DELETE, filed
	// under a template another route named, says which value it is.
	for _, tt := range []struct {
		method, typ, format, description string
	}{
		{http.MethodPatch, "integer", "int64", ""},
		{http.MethodDelete, "string", "uuid", "thing_uuid, "},
	} {
		p := built.Paths.Value("/api/things/{id}").GetOperation(tt.method).Parameters.GetByInAndName("path", "id")
		if p == nil || !p.Schema.Value.Type.Is(tt.typ) || p.Schema.Value.Format != tt.format || !strings.HasPrefix(p.Description, tt.description) {
			t.Errorf("%s /api/things/{id}: path parameter %+v, want %s/%s described %q...", tt.method, p, tt.typ, tt.format, tt.description)
		}
	}
	if problems, err := PathParamProblems(e.Routes(), "/api/", body, nil); err != nil || len(problems) != 0 {
		t.Fatalf("path parameter problems %v %v", problems, err)
	}
	if total := built.Components.Schemas["thing"].Value.Properties["total"].Value; total.Type == nil || !total.Type.Is("number") {
		t.Errorf("a json.Number is documented as %v, want a number", total.Type)
	}
	if err := built.Validate(context.Background()); err != nil {
		t.Fatalf("the document is not valid OpenAPI 3: %v", err)
	}

	problems, err := Mismatches(e.Routes(), "/api/", body)
	if err != nil || len(problems) != 0 {
		t.Fatalf("mismatches %v %v", problems, err)
	}
	e.GET("/api/undocumented", ok)
	problems, _ = Mismatches(e.Routes(), "/api/", body)
	if len(problems) != 1 || !strings.Contains(problems[0], "GET /api/undocumented") {
		t.Fatalf("mismatches = %v, want the undocumented route", problems)
	}
}

// TestUndeclaredPathParameter refuses to build a document with a path parameter whose
// type was never declared: its documentation would be a guess.
func TestUndeclaredPathParameter(t *testing.T) {
	doc := New("Test", "1.0.0", "", nil, nil)
	doc.PathParams(Param{Name: "id", Type: "integer"})
	doc.Add(http.MethodGet, "/things/:id/parts/:part", Op{Summary: "Part"})
	if _, err := doc.Build(); err == nil || !strings.Contains(err.Error(), `"part"`) {
		t.Fatalf("Build = %v, want an error naming the undeclared parameter part", err)
	}
}
