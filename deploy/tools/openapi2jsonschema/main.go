// Command openapi2jsonschema turns the Kubernetes OpenAPI v2 document
// (api/openapi-spec/swagger.json of the k8s.io/kubernetes module) into one
// standalone JSON schema per kind, laid out the way kubeconform expects
// (<kind>[-<group>]-<version>.json), like yannh/kubernetes-json-schema's
// "standalone-strict" variants. It replaces the Python openapi2jsonschema that
// kubeconform ships, so validation needs no internet beyond the Go proxy.
//
// What it does, per kind (definitions carrying x-kubernetes-group-version-kind):
//   - copies every definition reachable from the kind into the file's own
//     "definitions" (so the file is standalone and recursion stays finite);
//   - strict: every object schema with "properties" gets
//     additionalProperties:false unless it declares additionalProperties;
//   - IntOrString accepts string|integer, Quantity accepts string|number
//     (what the API server accepts);
//   - optional fields also accept null (as the API server does); so do the
//     shared definitions (draft 4 ignores siblings of $ref);
//   - apiVersion and kind are pinned with an enum;
//   - descriptions and x-kubernetes-* extensions are dropped (no effect on
//     validation, much smaller files).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const refPrefix = "#/definitions/"

type gvk struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

func main() {
	in := flag.String("in", "", "path to the Kubernetes swagger.json (OpenAPI v2)")
	out := flag.String("out", "", "output directory for <kind>-<group>-<version>.json files")
	strict := flag.Bool("strict", true, "reject properties not in the schema (additionalProperties: false)")
	flag.Parse()
	if *in == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: openapi2jsonschema -in swagger.json -out DIR [-strict=true]")
		os.Exit(2)
	}
	n, err := run(*in, *out, *strict)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi2jsonschema:", err)
		os.Exit(1)
	}
	fmt.Printf("openapi2jsonschema: wrote %d schemas to %s\n", n, *out)
}

func run(in, out string, strict bool) (int, error) {
	raw, err := os.ReadFile(in)
	if err != nil {
		return 0, err
	}
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return 0, fmt.Errorf("%s: %w", in, err)
	}
	if len(doc.Definitions) == 0 {
		return 0, fmt.Errorf("%s: no definitions", in)
	}

	// Clean every definition once; kinds then pick the ones they reach.
	defs := make(map[string]any, len(doc.Definitions))
	kinds := map[string][]gvk{}
	for name, d := range doc.Definitions {
		if ext, ok := d["x-kubernetes-group-version-kind"]; ok {
			b, _ := json.Marshal(ext)
			var gvks []gvk
			if err := json.Unmarshal(b, &gvks); err != nil {
				return 0, fmt.Errorf("%s: x-kubernetes-group-version-kind: %w", name, err)
			}
			kinds[name] = gvks
		}
		// A definition used by an optional field may also be null there (the
		// API server treats null as absent). Marked on the definition rather
		// than by wrapping each $ref in anyOf, which keeps error messages plain.
		defs[name] = nullable(clean(name, d, strict))
	}

	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	written := map[string]string{} // file -> definition, to catch collisions
	names := make([]string, 0, len(kinds))
	for name := range kinds {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, k := range kinds[name] {
			file := fileName(k)
			if prev, dup := written[file]; dup {
				if prev != name {
					return 0, fmt.Errorf("%s: both %s and %s map to it", file, prev, name)
				}
				continue
			}
			written[file] = name
			schema := standalone(name, k, defs)
			b, err := json.Marshal(schema)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", name, err)
			}
			if err := os.WriteFile(filepath.Join(out, file), b, 0o644); err != nil {
				return 0, err
			}
		}
	}
	return len(written), nil
}

// fileName follows kubeconform's {{ .ResourceKind }}{{ .KindSuffix }}.json:
// kind lower-cased, then the first label of the group (if any), then the version.
func fileName(k gvk) string {
	s := strings.ToLower(k.Kind)
	if k.Group != "" {
		s += "-" + strings.ToLower(strings.Split(k.Group, ".")[0])
	}
	return s + "-" + strings.ToLower(k.Version) + ".json"
}

// standalone builds the schema of one kind: the kind's definition at the root,
// everything it references under "definitions".
func standalone(name string, k gvk, defs map[string]any) map[string]any {
	root := deepCopy(defs[name]).(map[string]any)
	root["type"] = "object" // the document itself is never null
	if props, ok := root["properties"].(map[string]any); ok {
		apiVersion := k.Version
		if k.Group != "" {
			apiVersion = k.Group + "/" + k.Version
		}
		if p, ok := props["apiVersion"].(map[string]any); ok {
			p["enum"] = []any{apiVersion}
		}
		if p, ok := props["kind"].(map[string]any); ok {
			p["enum"] = []any{k.Kind}
		}
	}
	reach := map[string]any{}
	var visit func(v any)
	visit = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			if ref, ok := t["$ref"].(string); ok && strings.HasPrefix(ref, refPrefix) {
				dn := strings.TrimPrefix(ref, refPrefix)
				if _, seen := reach[dn]; !seen {
					d, ok := defs[dn]
					if !ok {
						panic("dangling $ref " + ref)
					}
					reach[dn] = d
					visit(d)
				}
			}
			for _, x := range t {
				visit(x)
			}
		case []any:
			for _, x := range t {
				visit(x)
			}
		}
	}
	visit(root)
	root["$schema"] = "http://json-schema.org/draft-04/schema#"
	if len(reach) > 0 {
		root["definitions"] = reach
	}
	return root
}

// clean rewrites one definition (see the package comment).
func clean(name string, d map[string]any, strict bool) any {
	switch name {
	case "io.k8s.apimachinery.pkg.util.intstr.IntOrString":
		return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
	case "io.k8s.apimachinery.pkg.api.resource.Quantity":
		return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}}}
	}
	return cleanSchema(d, strict)
}

func cleanSchema(v any, strict bool) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if s["format"] == "int-or-string" {
		return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
	}
	out := map[string]any{}
	for k, x := range s {
		if k == "description" || strings.HasPrefix(k, "x-kubernetes-") {
			continue
		}
		switch k {
		case "properties":
			props := map[string]any{}
			required := map[string]bool{}
			if req, ok := s["required"].([]any); ok {
				for _, r := range req {
					if rs, ok := r.(string); ok {
						required[rs] = true
					}
				}
			}
			for pn, pv := range x.(map[string]any) {
				c := cleanSchema(pv, strict)
				if !required[pn] {
					c = nullable(c)
				}
				props[pn] = c
			}
			out[k] = props
		case "items", "additionalProperties", "not":
			out[k] = cleanSchema(x, strict)
		case "allOf", "anyOf", "oneOf":
			list := []any{}
			for _, e := range x.([]any) {
				list = append(list, cleanSchema(e, strict))
			}
			out[k] = list
		default:
			out[k] = x
		}
	}
	if strict {
		if _, hasProps := out["properties"]; hasProps {
			if _, set := out["additionalProperties"]; !set {
				out["additionalProperties"] = false
			}
		}
	}
	return out
}

// nullable lets a schema with a single type also accept null (optional
// fields may be null, as the API server accepts). $ref schemas are left alone:
// their definitions are made nullable themselves.
func nullable(v any) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if t, ok := s["type"].(string); ok && t != "null" {
		s["type"] = []any{t, "null"}
	}
	return s
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		l := make([]any, len(t))
		for i, x := range t {
			l[i] = deepCopy(x)
		}
		return l
	default:
		return v
	}
}
