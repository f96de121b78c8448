package apidoc

import (
	"context"

	"encoding/json"
	"fmt"
	"github.com/getkin/kin-openapi/openapi3"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
)

// Mismatches compares the routes an Echo router serves under prefix with the paths of a
// rendered OpenAPI document, and lists every route missing from the document and every
// documented operation the router does not serve.
func Mismatches(routes []*echo.Route, prefix string, openAPIJSON []byte) ([]string, error) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIJSON, &doc); err != nil {
		return nil, fmt.Errorf("decode openapi document: %w", err)
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			documented[strings.ToUpper(method)+" "+shape(path)] = true
		}
	}
	var out []string
	for _, r := range routes {
		if !strings.HasPrefix(r.Path, prefix) || strings.HasSuffix(r.Path, "/*") || r.Method == echo.RouteNotFound {
			continue
		}
		key := r.Method + " " + shape(r.Path)
		if !documented[key] {
			out = append(out, "not documented: "+key)
		}
		delete(documented, key)
	}
	for key := range documented {
		out = append(out, "documented but not served: "+key)
	}
	sort.Strings(out)
	return out, nil
}

// Validate checks that a rendered document is valid OpenAPI 3.
func Validate(openAPIJSON []byte) error {
	doc, err := openapi3.NewLoader().LoadFromData(openAPIJSON)
	if err != nil {
		return fmt.Errorf("load openapi document: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return fmt.Errorf("invalid openapi document: %w", err)
	}
	return nil
}
