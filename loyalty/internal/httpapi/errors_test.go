package httpapi_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestErrorBodiesCarryACode: every error answer keeps FastAPI's detail and adds code,
// which names the failure precisely where the domain does (insufficient_points,
// already_cancelled, identifier_reused, ..._not_found) and by its class otherwise.
func TestErrorBodiesCarryACode(t *testing.T) {
	env := newTestEnv(t)
	user, admin := env.token("user"), env.token("admin")
	env.sqlStore("E1", "11222333000181")
	cust, doc := env.sqlCustomer()
	credit := env.credit(user, cust, 10)
	now := time.Now().UTC().Format(time.RFC3339)
	move := func(points int64, ident string) map[string]any {
		return map[string]any{"customer_id": cust, "points": points, "description": "d", "transaction_date": now, "transaction_identifier": ident}
	}
	mustStatus(t, env.do(http.MethodPost, "/api/v1/points/credit", user, move(5, "ID-1")), http.StatusCreated)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction/cancel/"+credit["id"].(string), user, nil), http.StatusCreated)
	unknown := "00000000-0000-4000-8000-000000000000"

	tests := []struct {
		name         string
		method, path string
		token        string
		body         any
		status       int
		code         string
	}{
		{"overdraft", "POST", "/api/v1/points/debit", user, move(1000, ""), 409, "insufficient_points"},
		{"second cancel", "POST", "/api/v1/transaction/cancel/" + credit["id"].(string), user, nil, 409, "already_cancelled"},
		{"identifier reused with other points", "POST", "/api/v1/points/credit", user, move(6, "ID-1"), 409, "identifier_reused"},
		{"unknown customer", "GET", "/api/v1/points/statement/" + unknown, user, nil, 404, "customer_not_found"},
		{"unknown entry", "POST", "/api/v1/transaction/cancel/" + unknown, user, nil, 404, "transaction_not_found"},
		{"unknown redeem", "POST", "/api/v1/points/redeem/cancel/" + unknown, user, nil, 404, "redeem_not_found"},
		{"unknown store", "GET", "/api/v1/store/code/NOPE", user, nil, 404, "store_not_found"},
		{"unknown product", "GET", "/api/v1/product/" + unknown, user, nil, 404, "product_not_found"},
		{"unknown promotion", "GET", "/api/v1/promotion/" + unknown, user, nil, 404, "promotion_not_found"},
		{"unknown customer document", "GET", "/api/v1/customer/99999999999", user, nil, 404, "customer_not_found"},
		{"taken doc", "POST", "/api/v1/customer", user, map[string]any{"name": "X", "doc": doc, "email": "x@example.com", "phone": "1"}, 409, "customer_doc_taken"},
		{"taken store code", "POST", "/api/v1/store", user, map[string]any{"store_code": "E1", "name": "X", "document": "1"}, 409, "store_code_taken"},
		{"body validation", "POST", "/api/v1/points/credit", user, map[string]any{}, 422, "invalid"},
		{"domain validation", "POST", "/api/v1/points/redeem/block", user, []any{map[string]any{"customer_id": cust, "sku": "NOPE", "qty": 1}}, 404, "product_not_found"},
		{"query validation", "GET", "/api/v1/customers?limit=x", user, nil, 422, "invalid"},
		{"no token", "GET", "/api/v1/customers", "", nil, 401, "unauthorized"},
		{"not an admin", "DELETE", "/api/v1/customer/" + cust, user, nil, 403, "forbidden"},
		{"unknown route", "GET", "/api/v1/nowhere", admin, nil, 404, "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := env.do(tt.method, tt.path, tt.token, tt.body)
			var body struct {
				Detail json.RawMessage `json:"detail"`
				Code   string          `json:"code"`
			}
			res.JSON(t, &body)
			if res.Status != tt.status || body.Code != tt.code || len(body.Detail) == 0 || string(body.Detail) == `""` {
				t.Fatalf("%d %s, want %d with code %q and a detail", res.Status, res.Body, tt.status, tt.code)
			}
		})
	}
}

// TestEveryRouteIsInRoutesGo: routes are registered in routes.go only, so a reader
// finds every route, and from it the handler, in one file.
func TestEveryRouteIsInRoutesGo(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	registrations := map[string]bool{"Handle": true, "GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "Add": true, "Any": true, "Group": true}
	for _, name := range files {
		if name == "routes.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && registrations[sel.Sel.Name] && isRouteCall(call) {
				t.Errorf("%s registers a route (%s): routes belong in routes.go", name, sel.Sel.Name)
			}
			return true
		})
	}
}

// isRouteCall reports a call whose first or second argument is a path literal ("/...").
func isRouteCall(call *ast.CallExpr) bool {
	for _, arg := range call.Args[:min(2, len(call.Args))] {
		if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(strings.Trim(lit.Value, `"`), "/") {
			return true
		}
	}
	return false
}

// TestTimezoneParameters: every route with a timezone parameter reads it the same way:
// absent is America/Sao_Paulo, an IANA name is taken, "Local" and unknown names are the
// same 422.
func TestTimezoneParameters(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	routes := []string{
		"/api/v1/customers/list?",
		"/api/v1/customers/export?format=csv&",
		"/api/v1/customers/sales-coupons/export?format=csv&",
		"/api/v1/points/store/redeem-statement?store_document=ALL&period=05-2024&",
	}
	for _, route := range routes {
		for _, zone := range []string{"", "timezone=UTC", "timezone=Asia/Tokyo", "timezone=Etc/GMT%2B12"} {
			if res := env.do(http.MethodGet, route+zone, tok, nil); res.Status != http.StatusOK {
				t.Errorf("%s%s: %d %s", route, zone, res.Status, res.Body)
			}
		}
		for _, zone := range []string{"Local", "Mars/Olympus", "../../etc/passwd", "UTC+3"} {
			res := env.do(http.MethodGet, route+"timezone="+zone, tok, nil)
			var body struct {
				Detail []struct {
					Loc []any  `json:"loc"`
					Msg string `json:"msg"`
				} `json:"detail"`
			}
			res.JSON(t, &body)
			if res.Status != http.StatusUnprocessableEntity || len(body.Detail) != 1 || body.Detail[0].Loc[1] != "timezone" ||
				body.Detail[0].Msg != "Unknown time zone; use an IANA name such as America/Sao_Paulo" {
				t.Errorf("%stimezone=%s: %d %s", route, zone, res.Status, res.Body)
			}
		}
	}
	// The default is the programme's zone: the statement's month starts at 03:00 UTC.
	var st struct {
		PeriodStart time.Time `json:"period_start"`
	}
	env.do(http.MethodGet, routes[3], tok, nil).JSON(t, &st)
	if want := time.Date(2024, 5, 1, 3, 0, 0, 0, time.UTC); !st.PeriodStart.Equal(want) {
		t.Errorf("period_start %v, want %v", st.PeriodStart, want)
	}
}
