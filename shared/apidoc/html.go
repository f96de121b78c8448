package apidoc

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
)

// Page is what a service adds to its HTML reference: the paragraph under the title that
// says how to authenticate and what errors look like. It is the service's own constant
// text (trusted HTML, never client input).
type Page struct {
	Intro template.HTML
}

// HTMLHandler serves the document as a human-readable HTML reference (both services'
// documentation pages): every operation grouped by tag, with its parameters, bodies
// and defaults, and the component schemas. It is rendered once, on first request, from
// the same document as /openapi.json, so the page lists exactly the routes the router
// serves. html/template escapes every text taken from the document.
func (d *Doc) HTMLHandler(p Page) echo.HandlerFunc {
	var (
		once sync.Once
		page []byte
		err  error
	)
	return func(c echo.Context) error {
		once.Do(func() {
			var t *openapi3.T
			if t, err = d.Build(); err == nil {
				page, err = RenderHTML(t, p)
			}
		})
		if err != nil {
			return fmt.Errorf("render the HTML reference: %w", err)
		}
		SecureHTMLHeaders(c.Response().Header())
		return c.HTMLBlob(http.StatusOK, page)
	}
}

// SecureHTMLHeaders keep a static HTML page inert: its own <style> block and nothing
// else (no scripts, nothing loaded from elsewhere, no forms), never framed, never
// sniffed as another type, no referrer sent on.
func SecureHTMLHeaders(h http.Header) {
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

// RenderHTML turns an OpenAPI document (as Doc.Build returns it) into the HTML reference.
func RenderHTML(t *openapi3.T, p Page) ([]byte, error) {
	page := htmlPage{Intro: p.Intro}
	if t.Info != nil {
		page.Title, page.Version, page.Description = t.Info.Title, t.Info.Version, t.Info.Description
	}
	schemas := openapi3.Schemas{}
	if t.Components != nil && t.Components.Schemas != nil {
		schemas = t.Components.Schemas
	}
	byTag := map[string]*htmlTag{}
	var tagNames []string
	for _, path := range t.Paths.InMatchingOrder() {
		for method, op := range t.Paths.Value(path).Operations() {
			tag := "Other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			if byTag[tag] == nil {
				byTag[tag] = &htmlTag{Name: tag}
				tagNames = append(tagNames, tag)
			}
			byTag[tag].Ops = append(byTag[tag].Ops, newHTMLOp(method, path, op, schemas))
		}
	}
	sort.Strings(tagNames)
	for _, name := range tagNames {
		tag := byTag[name]
		sort.Slice(tag.Ops, func(i, j int) bool {
			a, b := tag.Ops[i], tag.Ops[j]
			if a.Path != b.Path {
				return a.Path < b.Path
			}
			return methodOrder[a.Method] < methodOrder[b.Method]
		})
		page.Tags = append(page.Tags, *tag)
	}
	names := make([]string, 0, len(schemas))
	for name := range schemas {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		page.Schemas = append(page.Schemas, htmlSchema{Name: name, Fields: fieldsOf(schemas[name], schemas)})
	}
	var buf bytes.Buffer
	if err := htmlTemplate.Execute(&buf, page); err != nil {
		return nil, fmt.Errorf("render %s: %w", htmlTemplate.Name(), err)
	}
	return buf.Bytes(), nil
}

// The view of the document the template renders.
type (
	htmlPage struct {
		Title, Version, Description string
		Intro                       template.HTML
		Tags                        []htmlTag
		Schemas                     []htmlSchema
	}
	htmlTag struct {
		Name string
		Ops  []htmlOp
	}
	htmlOp struct {
		Anchor, Method, Path, Summary, Description string
		Public                                     bool
		Params                                     []htmlParam
		Request                                    *htmlBody
		Status                                     string
		ContentType                                string // a success body that is not JSON
		Response                                   *htmlBody
	}
	htmlParam struct {
		Name, In    string
		Type        htmlType
		Required    bool
		Default     string
		Description string
	}
	// htmlBody is a JSON body: its type and its fields, nested ones with dotted names
	// (data.items[].name).
	htmlBody struct {
		Type   htmlType
		Fields htmlFields
	}
	// htmlFields are rows of a field table; the Required column is shown only when some
	// field is required (request bodies: response fields are always sent).
	htmlFields struct {
		List        []htmlField
		AnyRequired bool
	}
	htmlField struct {
		Name        string
		Type        htmlType
		Required    bool
		Default     string
		Description string
	}
	// htmlType renders as Prefix, Name (a link to the schema when Link), Suffix.
	htmlType struct {
		Prefix, Name string
		Link         bool
		Suffix       string
	}
	htmlSchema struct {
		Name   string
		Fields htmlFields
	}
)

var methodOrder = map[string]int{"GET": 0, "HEAD": 1, "POST": 2, "PUT": 3, "PATCH": 4, "DELETE": 5}

func newHTMLOp(method, path string, op *openapi3.Operation, schemas openapi3.Schemas) htmlOp {
	d := htmlOp{
		Anchor:      strings.ToLower(method) + strings.NewReplacer("/", "-", "{", "", "}", "").Replace(path),
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
		hp := htmlParam{Name: p.Value.Name, In: p.Value.In, Required: p.Value.Required, Description: p.Value.Description}
		if p.Value.Schema != nil {
			hp.Type = typeOf(p.Value.Schema)
			if p.Value.Schema.Value != nil && p.Value.Schema.Value.Default != nil {
				hp.Default = fmt.Sprint(p.Value.Schema.Value.Default)
			}
		}
		d.Params = append(d.Params, hp)
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			d.Request = &htmlBody{Type: typeOf(mt.Schema), Fields: fieldsOf(mt.Schema, schemas)}
		}
	}
	for _, code := range op.Responses.Keys() {
		res := op.Responses.Value(code)
		if code == "default" || res == nil || res.Value == nil {
			continue
		}
		d.Status = code
		for ct, mt := range res.Value.Content {
			if ct == "application/json" && mt.Schema != nil {
				d.Response = &htmlBody{Type: typeOf(mt.Schema), Fields: fieldsOf(mt.Schema, schemas)}
			} else {
				d.ContentType = ct
			}
		}
	}
	return d
}

// maxFieldDepth bounds how deep nested objects are spelled out: the APIs' bodies are
// shallow, and a schema that refers to itself must not recurse forever.
const maxFieldDepth = 4

// fieldsOf lists the fields of an object schema (or of the items of an array of
// objects), descending into nested objects with dotted names.
func fieldsOf(ref *openapi3.SchemaRef, schemas openapi3.Schemas) htmlFields {
	var out htmlFields
	s := resolve(ref, schemas)
	if s != nil && s.Type.Is("array") && s.Items != nil {
		s = resolve(s.Items, schemas)
	}
	appendFields(&out.List, "", s, schemas, 0)
	for _, f := range out.List {
		out.AnyRequired = out.AnyRequired || f.Required
	}
	return out
}

func appendFields(out *[]htmlField, prefix string, s *openapi3.Schema, schemas openapi3.Schemas, depth int) {
	if s == nil || depth > maxFieldDepth {
		return
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		prop := s.Properties[name]
		full := prefix + name
		f := htmlField{Name: full, Type: typeOf(prop), Required: required[name]}
		v := resolve(prop, schemas)
		if v != nil {
			f.Description = v.Description
			if v.Default != nil {
				f.Default = fmt.Sprint(v.Default)
			}
		}
		*out = append(*out, f)
		switch {
		case v == nil:
		case v.Type.Is("array") && v.Items != nil:
			appendFields(out, full+"[].", resolve(v.Items, schemas), schemas, depth+1)
		default:
			appendFields(out, full+".", v, schemas, depth+1)
		}
	}
}

// resolve follows "#/components/schemas/X" references (a loaded document usually has
// them resolved already; a few hops at most).
func resolve(ref *openapi3.SchemaRef, schemas openapi3.Schemas) *openapi3.Schema {
	for i := 0; ref != nil && i < 8; i++ {
		if ref.Value != nil || !strings.HasPrefix(ref.Ref, "#/components/schemas/") {
			return ref.Value
		}
		ref = schemas[strings.TrimPrefix(ref.Ref, "#/components/schemas/")]
	}
	if ref == nil {
		return nil
	}
	return ref.Value
}

// typeOf names a schema: a component by its name (a link to it), an array by its
// items, a primitive by its type and format.
func typeOf(ref *openapi3.SchemaRef) htmlType {
	if ref == nil {
		return htmlType{Name: "any"}
	}
	if ref.Ref != "" {
		return htmlType{Name: strings.TrimPrefix(ref.Ref, "#/components/schemas/"), Link: true}
	}
	s := ref.Value
	if s == nil || s.Type == nil || len(s.Type.Slice()) == 0 {
		return htmlType{Name: "any"}
	}
	var t htmlType
	switch {
	case s.Type.Is("array"):
		t = typeOf(s.Items)
		t.Prefix = "array of " + t.Prefix
	case s.Format != "" && !s.Type.Is("integer") && !s.Type.Is("number"):
		t.Name = s.Type.Slice()[0] + " (" + s.Format + ")"
	default:
		t.Name = s.Type.Slice()[0]
	}
	if s.Nullable {
		t.Suffix += " or null"
	}
	return t
}

var htmlTemplate = template.Must(template.New("reference").Funcs(template.FuncMap{
	"lower": strings.ToLower,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} reference</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
code { font: 13px ui-monospace, monospace; background: #f3f3f3; padding: .1rem .3rem; border-radius: 3px; }
table { border-collapse: collapse; margin: .3rem 0 .8rem; }
th, td { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: #f7f7f7; }
.op { border-top: 1px solid #ddd; padding: .5rem 0 1rem; margin-top: 1rem; }
.method { display: inline-block; min-width: 4.5rem; font: bold 13px ui-monospace, monospace; color: #fff; background: #555; padding: .15rem .4rem; border-radius: 3px; text-align: center; }
.get { background: #1f7a3a; } .post { background: #1d5fb4; } .put, .patch { background: #a86400; } .delete { background: #b42323; }
.desc { white-space: pre-line; }
.muted { color: #666; }
</style>
</head>
<body>
<h1>{{.Title}} <small class="muted">{{.Version}}</small></h1>
<p class="desc">{{.Description}}</p>
{{.Intro}}
<p>Machine-readable form: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3).</p>

<h2>Contents</h2>
<ul>
{{- range .Tags}}
<li><a href="#tag-{{.Name}}">{{.Name}}</a><ul>{{range .Ops}}<li><a href="#{{.Anchor}}"><code>{{.Method}} {{.Path}}</code></a> {{.Summary}}</li>{{end}}</ul></li>
{{- end}}
<li><a href="#schemas">Schemas</a></li>
</ul>

{{- range .Tags}}
<section id="tag-{{.Name}}">
<h2>{{.Name}}</h2>
{{- range .Ops}}
<div class="op" id="{{.Anchor}}">
<h3><span class="method {{lower .Method}}">{{.Method}}</span> <code>{{.Path}}</code></h3>
<p><strong>{{.Summary}}</strong>{{if .Public}} <span class="muted">(public: no authentication)</span>{{end}}</p>
{{- if .Description}}
<p class="desc">{{.Description}}</p>
{{- end}}
{{- if .Params}}
<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Required</th><th>Default</th><th>Description</th></tr>
{{- range .Params}}
<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{template "type" .Type}}</td><td>{{if .Required}}yes{{else}}no{{end}}</td><td>{{.Default}}</td><td>{{.Description}}</td></tr>
{{- end}}
</table>
{{- end}}
{{- with .Request}}
<p>Request body (JSON): {{template "type" .Type}}</p>
{{template "fields" .Fields}}
{{- end}}
<p>Success: <code>{{.Status}}</code>{{if .ContentType}} <span class="muted">{{.ContentType}}</span>{{end}}{{with .Response}}, body {{template "type" .Type}}{{end}}</p>
{{- with .Response}}
{{template "fields" .Fields}}
{{- end}}
</div>
{{- end}}
</section>
{{- end}}

<h2 id="schemas">Schemas</h2>
{{- range .Schemas}}
<h3 id="schema-{{.Name}}">{{.Name}}</h3>
{{template "fields" .Fields}}
{{- end}}
</body>
</html>
{{define "type"}}{{.Prefix}}{{if .Link}}<a href="#schema-{{.Name}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}{{.Suffix}}{{end}}
{{define "fields"}}{{if .List}}<table><tr><th>Field</th><th>Type</th>{{if .AnyRequired}}<th>Required</th>{{end}}<th>Default</th><th>Description</th></tr>
{{- range .List}}
<tr><td><code>{{.Name}}</code></td><td>{{template "type" .Type}}</td>{{if $.AnyRequired}}<td>{{if .Required}}yes{{else}}no{{end}}</td>{{end}}<td>{{.Default}}</td><td>{{.Description}}</td></tr>
{{- end}}
</table>{{end}}{{end}}
`))
