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

// ParamType is the JSON Schema type and format a handler accepts for a path parameter.
type ParamType struct{ Type, Format string }

// PathParamProblems lists every route the Echo router serves under prefix whose
// documented operation does not carry the route's path parameters: one per ":name", in
// order, named as the route names it (or, on a template an earlier route of the same
// shape named, saying the route's name first in its description), each with a type.
// With accepted set, each parameter's documented type and format must also be the one
// accepted gives for the route's name of it (a name accepted lacks is a problem too).
func PathParamProblems(routes []*echo.Route, prefix string, openAPIJSON []byte, accepted map[string]ParamType) ([]string, error) {
	doc, err := openapi3.NewLoader().LoadFromData(openAPIJSON)
	if err != nil {
		return nil, fmt.Errorf("load openapi document: %w", err)
	}
	byShape := map[string]string{} // shape -> documented template
	for path := range doc.Paths.Map() {
		byShape[shape(path)] = path
	}
	var out []string
	for _, r := range routes {
		if !strings.HasPrefix(r.Path, prefix) || strings.HasSuffix(r.Path, "/*") || r.Method == echo.RouteNotFound {
			continue
		}
		route := r.Method + " " + r.Path
		template, ok := byShape[shape(r.Path)]
		if !ok {
			continue // Mismatches reports it
		}
		op := doc.Paths.Value(template).GetOperation(r.Method)
		if op == nil {
			continue
		}
		var documented []*openapi3.Parameter
		for _, p := range op.Parameters {
			if p.Value.In == openapi3.ParameterInPath {
				documented = append(documented, p.Value)
			}
		}
		want := pathParam.FindAllStringSubmatch(r.Path, -1)
		if len(documented) != len(want) {
			out = append(out, fmt.Sprintf("%s: %d path parameters documented, the route has %d", route, len(documented), len(want)))
			continue
		}
		for i, p := range documented {
			name := want[i][1]
			if p.Name != name && !strings.HasPrefix(p.Description, name+",") {
				out = append(out, fmt.Sprintf("%s: path parameter %q documented as %q", route, name, p.Name))
			}
			if p.Schema == nil || p.Schema.Value == nil || p.Schema.Value.Type == nil || len(*p.Schema.Value.Type) == 0 {
				out = append(out, fmt.Sprintf("%s: path parameter %q has no type", route, name))
				continue
			}
			if accepted == nil {
				continue
			}
			want, ok := accepted[name]
			if s := p.Schema.Value; !ok {
				out = append(out, fmt.Sprintf("%s: path parameter %q is not one the handlers read", route, name))
			} else if !s.Type.Is(want.Type) || s.Format != want.Format {
				out = append(out, fmt.Sprintf("%s: path parameter %s documented as %v/%q, the handler takes %s/%q", route, name, s.Type, s.Format, want.Type, want.Format))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}
