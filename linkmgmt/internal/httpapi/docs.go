package httpapi

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"sort"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apidoc"
)

// docsHandler serves GET /docs: a human reading of the OpenAPI document, rendered once
// on first request from the same document as /openapi.json. html/template escapes every
// text taken from the document.
func docsHandler(doc *apidoc.Doc) echo.HandlerFunc {
	var (
		once sync.Once
		page []byte
		err  error
	)
	return func(c echo.Context) error {
		once.Do(func() {
			var t *openapi3.T
			if t, err = doc.Build(); err == nil {
				page, err = renderDocs(t)
			}
		})
		if err != nil {
			return fmt.Errorf("render /docs: %w", err)
		}
		// A static page: its one <style> block, nothing else, and never framed.
		h := c.Response().Header()
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		return c.HTMLBlob(http.StatusOK, page)
	}
}

type docsPage struct {
	Title, Version, Description string
	Sections                    []docsSection
}

type docsSection struct {
	Tag string
	Ops []docsOp
}

type docsOp struct {
	Anchor, Method, Path, Summary, Description string
	Public                                     bool
	Params                                     []docsField
	Request                                    []docsField
	Status                                     string
	ContentType                                string
	Response                                   []docsField
}

// docsField is one row of a parameter or body table; nested fields have dotted names.
type docsField struct {
	Name, In, Type, Description string
	Required                    bool
	Default                     string
}

// renderDocs turns an OpenAPI document into the /docs HTML page.
func renderDocs(t *openapi3.T) ([]byte, error) {
	page := docsPage{}
	if t.Info != nil {
		page.Title, page.Version, page.Description = t.Info.Title, t.Info.Version, t.Info.Description
	}
	schemas := openapi3.Schemas{}
	if t.Components != nil {
		schemas = t.Components.Schemas
	}
	byTag := map[string][]docsOp{}
	paths := t.Paths.Map()
	pathNames := make([]string, 0, len(paths))
	for p := range paths {
		pathNames = append(pathNames, p)
	}
	sort.Strings(pathNames)
	for _, path := range pathNames {
		ops := paths[path].Operations()
		methods := make([]string, 0, len(ops))
		for m := range ops {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		for _, method := range methods {
			op := ops[method]
			d := docsOp{
				Anchor:      op.OperationID,
				Method:      method,
				Path:        path,
				Summary:     op.Summary,
				Description: op.Description,
				Public:      op.Security != nil && len(*op.Security) == 0,
			}
			for _, p := range op.Parameters {
				if p.Value == nil {
					continue
				}
				f := docsField{Name: p.Value.Name, In: p.Value.In, Required: p.Value.Required, Description: p.Value.Description}
				if p.Value.Schema != nil && p.Value.Schema.Value != nil {
					f.Type = typeName(p.Value.Schema, schemas)
					if def := p.Value.Schema.Value.Default; def != nil {
						f.Default = fmt.Sprint(def)
					}
				}
				d.Params = append(d.Params, f)
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
					d.Request = schemaFields("", mt.Schema, schemas, 0)
				}
			}
			for code, res := range op.Responses.Map() {
				if code == "default" || res.Value == nil {
					continue
				}
				d.Status = code
				for ct, mt := range res.Value.Content {
					d.ContentType = ct
					if ct == "application/json" {
						d.Response = schemaFields("", mt.Schema, schemas, 0)
					}
				}
			}
			tag := "other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			byTag[tag] = append(byTag[tag], d)
		}
	}
	tags := make([]string, 0, len(byTag))
	for tag := range byTag {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	for _, tag := range tags {
		page.Sections = append(page.Sections, docsSection{Tag: tag, Ops: byTag[tag]})
	}
	var buf bytes.Buffer
	if err := docsTemplate.Execute(&buf, page); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// resolve follows a "#/components/schemas/X" reference.
func resolve(ref *openapi3.SchemaRef, schemas openapi3.Schemas) *openapi3.Schema {
	for i := 0; ref != nil && i < 8; i++ {
		if ref.Ref == "" || !strings.HasPrefix(ref.Ref, "#/components/schemas/") {
			return ref.Value
		}
		ref = schemas[strings.TrimPrefix(ref.Ref, "#/components/schemas/")]
	}
	if ref == nil {
		return nil
	}
	return ref.Value
}

func typeName(ref *openapi3.SchemaRef, schemas openapi3.Schemas) string {
	s := resolve(ref, schemas)
	if s == nil || s.Type == nil || len(s.Type.Slice()) == 0 {
		return "any"
	}
	typ := strings.Join(s.Type.Slice(), " | ")
	if s.Type.Is("array") && s.Items != nil {
		typ = "array of " + typeName(s.Items, schemas)
	}
	if s.Format != "" && !s.Type.Is("integer") && !s.Type.Is("number") {
		typ += " (" + s.Format + ")"
	}
	if s.Nullable {
		typ += ", nullable"
	}
	return typ
}

// schemaFields flattens an object schema into rows, descending into nested objects and
// arrays of objects (a few levels: the API's bodies are shallow).
func schemaFields(prefix string, ref *openapi3.SchemaRef, schemas openapi3.Schemas, depth int) []docsField {
	s := resolve(ref, schemas)
	if s == nil || depth > 4 {
		return nil
	}
	if s.Type.Is("array") && s.Items != nil {
		return schemaFields(prefix+"[]", s.Items, schemas, depth+1)
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var out []docsField
	for _, name := range names {
		prop := s.Properties[name]
		full := name
		if prefix != "" {
			full = prefix + "." + name
		}
		f := docsField{Name: full, Type: typeName(prop, schemas), Required: required[name]}
		if v := resolve(prop, schemas); v != nil {
			f.Description = v.Description
		}
		out = append(out, f)
		out = append(out, schemaFields(full, prop, schemas, depth+1)...)
	}
	return out
}

var docsTemplate = template.Must(template.New("docs").Funcs(template.FuncMap{
	"lower": strings.ToLower,
	"upper": strings.ToUpper,
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} documentation</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{font:13px ui-monospace,monospace;background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}
article{border-top:1px solid #ddd;padding:.5rem 0 1rem}
.method{display:inline-block;min-width:4.5rem;font:bold 13px ui-monospace,monospace;color:#fff;background:#555;padding:.15rem .4rem;border-radius:3px;text-align:center}
.get{background:#1f7a3a}.post{background:#1d5fb4}.put{background:#a86400}.delete{background:#b42323}
table{border-collapse:collapse;margin:.3rem 0 .8rem}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
th{background:#f7f7f7}nav a{margin-right:.8rem}.muted{color:#666}
</style>
</head>
<body>
<h1>{{.Title}} <span class="muted">{{.Version}}</span></h1>
<p>{{.Description}}</p>
<p>Every <code>/api</code> route needs the header <code>Authorization: Bearer &lt;API key&gt;</code> and answers JSON:
<code>"error": 0</code> on success, <code>{"error": 1, "message": "..."}</code> with a fitting HTTP status otherwise.
API responses carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code>;
past the limit the answer is 429 with <code>Retry-After</code>.
The machine-readable OpenAPI 3 document is at <a href="/openapi.json">/openapi.json</a>.</p>
<nav>{{range .Sections}}<a href="#tag-{{.Tag}}">{{.Tag}}</a>{{end}}</nav>
{{range .Sections}}
<section id="tag-{{.Tag}}">
<h2>{{.Tag}}</h2>
{{range .Ops}}
<article id="{{.Anchor}}">
<h3><span class="method {{lower .Method}}">{{upper .Method}}</span> <code>{{.Path}}</code></h3>
<p>{{.Summary}}{{if .Public}} <span class="muted">(public, no API key)</span>{{end}}</p>
{{if .Description}}<p>{{.Description}}</p>{{end}}
{{if .Params}}<h4>Parameters</h4>
<table><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>default</th><th>description</th></tr>
{{range .Params}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Type}}</td><td>{{if .Required}}yes{{else}}no{{end}}</td><td>{{.Default}}</td><td>{{.Description}}</td></tr>
{{end}}</table>{{end}}
{{if .Request}}<h4>Request body (JSON)</h4>
<table><tr><th>field</th><th>type</th><th>description</th></tr>
{{range .Request}}<tr><td><code>{{.Name}}</code></td><td>{{.Type}}</td><td>{{.Description}}</td></tr>
{{end}}</table>{{end}}
<h4>Response {{.Status}}{{if .ContentType}} <span class="muted">{{.ContentType}}</span>{{end}}</h4>
{{if .Response}}<table><tr><th>field</th><th>type</th></tr>
{{range .Response}}<tr><td><code>{{.Name}}</code></td><td>{{.Type}}</td></tr>
{{end}}</table>{{end}}
</article>
{{end}}
</section>
{{end}}
</body>
</html>
`))
