package httpapi

import (
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

// pageHandlers serve the service pages: a landing page and the API reference rendered
// from the same OpenAPI document as /openapi.json, so the human documentation lists
// exactly the routes the router serves.
type pageHandlers struct {
	doc     *apidoc.Doc
	version string

	once sync.Once
	page *docsPage
	err  error
}

// pageSecurityHeaders keep the HTML pages inert: no scripts, nothing loaded from
// elsewhere, no framing.
func pageSecurityHeaders(c echo.Context) {
	h := c.Response().Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

func (h *pageHandlers) landing(c echo.Context) error {
	pageSecurityHeaders(c)
	return renderHTML(c, landingTemplate, map[string]string{"Version": h.version})
}

func (h *pageHandlers) readme(c echo.Context) error {
	h.once.Do(func() {
		t, err := h.doc.Build()
		if err != nil {
			h.err = fmt.Errorf("build openapi document: %w", err)
			return
		}
		h.page = newDocsPage(t)
	})
	if h.err != nil {
		return h.err
	}
	pageSecurityHeaders(c)
	return renderHTML(c, readmeTemplate, h.page)
}

func renderHTML(c echo.Context, t *template.Template, data any) error {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return fmt.Errorf("render %s: %w", t.Name(), err)
	}
	return c.HTML(http.StatusOK, b.String())
}

// docsPage is the view of the OpenAPI document the readme template renders.
type docsPage struct {
	Title       string
	Version     string
	Description string
	Tags        []docsTag
	Schemas     []docsSchema
}

type docsTag struct {
	Name string
	Ops  []docsOp
}

type docsOp struct {
	Anchor      string
	Method      string
	Path        string
	Summary     string
	Description string
	Auth        string
	Params      []docsParam
	Request     *docsBody
	Status      string
	Response    *docsBody
	ContentType string // a non-JSON success body
}

type docsParam struct {
	Name        string
	In          string
	Type        docsType
	Required    bool
	Default     string
	Description string
}

// docsBody is a JSON body: its type and, when it is an object defined in place (or an
// array of one), its fields.
type docsBody struct {
	Type   docsType
	Fields docsFields
}

// docsFields are the fields of an object. The Required column is only shown for
// objects that have required fields (request bodies): response fields are always sent.
type docsFields struct {
	List        []docsField
	AnyRequired bool
}

type docsField struct {
	Name     string
	Type     docsType
	Required bool
	Default  string
}

// docsType renders as Prefix, Name (a link to the schema when Link), Suffix.
type docsType struct {
	Prefix string
	Name   string
	Link   bool
	Suffix string
}

type docsSchema struct {
	Name   string
	Fields docsFields
}

var methodOrder = map[string]int{"GET": 0, "POST": 1, "PUT": 2, "PATCH": 3, "DELETE": 4}

func newDocsPage(t *openapi3.T) *docsPage {
	page := &docsPage{Title: t.Info.Title, Version: t.Info.Version, Description: t.Info.Description}
	byTag := map[string]*docsTag{}
	var tagNames []string
	for _, path := range t.Paths.InMatchingOrder() {
		for method, op := range t.Paths.Value(path).Operations() {
			tag := "Other"
			if len(op.Tags) > 0 {
				tag = op.Tags[0]
			}
			if byTag[tag] == nil {
				byTag[tag] = &docsTag{Name: tag}
				tagNames = append(tagNames, tag)
			}
			byTag[tag].Ops = append(byTag[tag].Ops, newDocsOp(method, path, op))
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
	if t.Components != nil {
		names := make([]string, 0, len(t.Components.Schemas))
		for name := range t.Components.Schemas {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			page.Schemas = append(page.Schemas, docsSchema{Name: name, Fields: fieldsOf(t.Components.Schemas[name].Value)})
		}
	}
	return page
}

func newDocsOp(method, path string, op *openapi3.Operation) docsOp {
	d := docsOp{
		Anchor:      strings.ToLower(method) + strings.NewReplacer("/", "-", "{", "", "}", "").Replace(path),
		Method:      method,
		Path:        path,
		Summary:     op.Summary,
		Description: op.Description,
		Auth:        "Bearer token",
	}
	if op.Security != nil && len(*op.Security) == 0 {
		d.Auth = "none"
	}
	for _, p := range op.Parameters {
		if p.Value == nil {
			continue
		}
		dp := docsParam{Name: p.Value.Name, In: p.Value.In, Required: p.Value.Required, Description: p.Value.Description}
		if p.Value.Schema != nil {
			dp.Type = typeOf(p.Value.Schema)
			if p.Value.Schema.Value != nil && p.Value.Schema.Value.Default != nil {
				dp.Default = fmt.Sprint(p.Value.Schema.Value.Default)
			}
		}
		d.Params = append(d.Params, dp)
	}
	if op.RequestBody != nil && op.RequestBody.Value != nil {
		if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			d.Request = bodyOf(mt.Schema)
		}
	}
	for _, code := range op.Responses.Keys() {
		if code == "default" {
			continue
		}
		d.Status = code
		res := op.Responses.Value(code).Value
		if res == nil {
			continue
		}
		for ct, mt := range res.Content {
			if ct == "application/json" && mt.Schema != nil {
				d.Response = bodyOf(mt.Schema)
			} else {
				d.ContentType = ct
			}
		}
	}
	return d
}

func bodyOf(ref *openapi3.SchemaRef) *docsBody {
	b := &docsBody{Type: typeOf(ref)}
	switch s := ref.Value; {
	case ref.Ref != "" || s == nil:
	case s.Type.Is("array") && s.Items != nil && s.Items.Ref == "" && s.Items.Value != nil:
		b.Fields = fieldsOf(s.Items.Value)
	default:
		b.Fields = fieldsOf(s)
	}
	return b
}

func fieldsOf(s *openapi3.Schema) docsFields {
	if s == nil {
		return docsFields{}
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
	fields := make([]docsField, 0, len(names))
	for _, name := range names {
		prop := s.Properties[name]
		f := docsField{Name: name, Type: typeOf(prop), Required: required[name]}
		if prop.Value != nil && prop.Value.Default != nil {
			f.Default = fmt.Sprint(prop.Value.Default)
		}
		fields = append(fields, f)
	}
	return docsFields{List: fields, AnyRequired: len(s.Required) > 0}
}

// typeOf names a schema: a component by its name, an array by its items, a primitive
// by its type and format.
func typeOf(ref *openapi3.SchemaRef) docsType {
	if ref == nil {
		return docsType{Name: "any"}
	}
	if ref.Ref != "" {
		return docsType{Name: strings.TrimPrefix(ref.Ref, "#/components/schemas/"), Link: true}
	}
	s := ref.Value
	if s == nil || s.Type == nil || len(*s.Type) == 0 {
		return docsType{Name: "any"}
	}
	var t docsType
	switch {
	case s.Type.Is("array"):
		t = typeOf(s.Items)
		t.Prefix = "array of " + t.Prefix
	case s.Format != "":
		t.Name = (*s.Type)[0] + " (" + s.Format + ")"
	default:
		t.Name = (*s.Type)[0]
	}
	if s.Nullable {
		t.Suffix += " or null"
	}
	return t
}

var landingTemplate = template.Must(template.New("landing").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Loyalty API</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
code { background: #f3f3f3; padding: 0 .2rem; }
</style>
</head>
<body>
<h1>Loyalty API</h1>
<p>Customer loyalty programme: customers, points ledger, rewards, promotions, stores, exports and report queries.
Version <code>{{.Version}}</code>.</p>
<ul>
<li><a href="/docs/readme">API reference</a>: every route, its parameters and bodies.</li>
<li><a href="/openapi.json">OpenAPI 3 document</a> (<code>/openapi.json</code>) for tools and client generators.</li>
<li><a href="/healthz">Health</a> and <a href="/readyz">readiness</a>.</li>
</ul>
<p>Get a token with <code>POST /api/v1/authorization</code> and send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
</body>
</html>
`))

var readmeTemplate = template.Must(template.New("readme").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} reference</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.45; }
code { background: #f3f3f3; padding: 0 .2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; vertical-align: top; }
.op { border-top: 1px solid #ccc; padding-top: .5rem; margin-top: 1.5rem; }
.method { font-weight: bold; font-family: monospace; }
.desc { white-space: pre-line; }
</style>
</head>
<body>
<h1>{{.Title}} <small>{{.Version}}</small></h1>
<p class="desc">{{.Description}}</p>
<p>Machine-readable form: <a href="/openapi.json">/openapi.json</a>. Every route but the public ones needs
<code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/v1/authorization</code>. Errors answer
<code>{"detail": "message"}</code>; invalid input answers 422 with <code>{"detail": [{"loc": [...], "msg": ..., "type": ...}]}</code>.</p>

<h2>Contents</h2>
<ul>
{{- range .Tags}}
<li>{{.Name}}<ul>{{range .Ops}}<li><a href="#{{.Anchor}}"><span class="method">{{.Method}}</span> {{.Path}}</a> {{.Summary}}</li>{{end}}</ul></li>
{{- end}}
<li><a href="#schemas">Schemas</a></li>
</ul>

{{- range .Tags}}
<h2>{{.Name}}</h2>
{{- range .Ops}}
<div class="op" id="{{.Anchor}}">
<h3><span class="method">{{.Method}}</span> <code>{{.Path}}</code></h3>
<p><strong>{{.Summary}}</strong></p>
{{- if .Description}}<p class="desc">{{.Description}}</p>{{end}}
<p>Authentication: {{.Auth}}. Success: <code>{{.Status}}</code>{{if .ContentType}} ({{.ContentType}}){{end}}.</p>
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
{{- with .Response}}
<p>Response body: {{template "type" .Type}}</p>
{{template "fields" .Fields}}
{{- end}}
</div>
{{- end}}
{{- end}}

<h2 id="schemas">Schemas</h2>
{{- range .Schemas}}
<h3 id="schema-{{.Name}}">{{.Name}}</h3>
{{template "fields" .Fields}}
{{- end}}
</body>
</html>
{{define "type"}}{{.Prefix}}{{if .Link}}<a href="#schema-{{.Name}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}{{.Suffix}}{{end}}
{{define "fields"}}{{if .List}}<table><tr><th>Field</th><th>Type</th>{{if .AnyRequired}}<th>Required</th>{{end}}<th>Default</th></tr>
{{- range .List}}
<tr><td><code>{{.Name}}</code></td><td>{{template "type" .Type}}</td>{{if $.AnyRequired}}<td>{{if .Required}}yes{{else}}no{{end}}</td>{{end}}<td>{{.Default}}</td></tr>
{{- end}}
</table>{{end}}{{end}}
`))
