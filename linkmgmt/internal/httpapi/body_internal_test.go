package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestBinderWordsDeclaredRules: a rule declared in a `validate` tag is answered in the
// service's words, naming the parameter or field as the client sent it; the first broken
// rule is the message.
func TestBinderWordsDeclaredRules(t *testing.T) {
	type query struct {
		Kind  string `query:"kind" validate:"omitempty,oneof=a b c"`
		Order string `query:"order" validate:"omitempty,oneof=date click"`
		Name  string `query:"name" validate:"max=3"`
		Tag   string `query:"tag" validate:"required"`
	}
	type body struct {
		Title string `json:"title" validate:"min=2"`
	}
	b := NewBinder()
	ctx := func(target, payload string) echo.Context {
		req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(payload))
		return echo.New().NewContext(req, httptest.NewRecorder())
	}
	for _, tc := range []struct {
		name, target, body, want string
	}{
		{"three values", "/?kind=d&tag=x", "", "kind: must be a, b or c"},
		{"two values", "/?order=name&tag=x", "", "order: must be date or click"},
		{"characters, not bytes", "/?name=%C3%A9%C3%A9%C3%A9%C3%A9&tag=x", "", "name: must be at most 3 characters"},
		{"required", "/", "", "tag: is required"},
		{"first broken rule", "/?kind=d&order=name", "", "kind: must be a, b or c"},
		{"body field", "/", `{"title": "x"}`, "title: must be at least 2 characters"},
		{"all kept", "/?kind=a&order=click&name=%C3%A9%C3%A9%C3%A9&tag=x", `{"title": "ok"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ctx(tc.target, tc.body)
			var err error
			if tc.body != "" {
				err = b.JSON(c, &body{})
			} else {
				err = b.Query(c, &query{})
			}
			_, got := render(err)
			if err == nil {
				got = ""
			}
			if got != tc.want {
				t.Fatalf("message = %q, want %q", got, tc.want)
			}
			if err != nil {
				if status, _ := render(err); status != http.StatusUnprocessableEntity {
					t.Fatalf("status = %d, want 422", status)
				}
			}
		})
	}
}
