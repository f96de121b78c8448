// Package apidoc builds a service's OpenAPI 3 document from the routes it registers, so
// the document cannot drift from the router: a route is added to Echo and described in
// the same call (see Router.Handle).
package apidoc

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"
	"github.com/labstack/echo/v4"
)

// Param is a query or header parameter of an operation, or (declared with
// Doc.PathParams) the type of a path parameter. Path parameters are derived from the
// route itself: their names are the route's (":id" is {id}), only their type and
// description are declared.
type Param struct {
	Name        string
	In          string // "query" (default) or "header"; ignored for path parameters
	Type        string // "string" (default), "integer", "boolean", "number"
	Format      string // "uuid", "int64", ...; "" for none
	Required    bool
	Default     any
	Enum        []any
	Description string
}

// Op describes one route.
type Op struct {
	Summary     string
	Description string
	Tag         string
	Request     any    // zero value of the JSON body type; nil when there is none
	Response    any    // zero value of the success body type; nil for no JSON body
	Status      int    // success status; default 200
	ContentType string // success content type when not JSON (e.g. text/html, an xlsx type)
	Params      []Param
	Public      bool // no authentication
	Admin       bool // admin role only (documented in the description)
}

// Doc accumulates operations and renders the OpenAPI document.
type Doc struct {
	info     openapi3.Info
	security *openapi3.SecurityScheme
	errorRef any // zero value of the error body type

	mu         sync.Mutex
	ops        []entry
	pathParams map[string]Param // by name

	once sync.Once
	json []byte
	err  error
}

type entry struct {
	method, path string
	op           Op
}

// New returns an empty document. security describes how non-public routes authenticate;
// errorBody is the zero value of the service's error body, documented on every route.
func New(title, version, description string, security *openapi3.SecurityScheme, errorBody any) *Doc {
	return &Doc{
		info:     openapi3.Info{Title: title, Version: version, Description: description},
		security: security,
		errorRef: errorBody,
	}
}

// Add records an operation for an Echo-style path (":id" parameters).
func (d *Doc) Add(method, path string, op Op) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ops = append(d.ops, entry{method: method, path: path, op: op})
}

// PathParams declares the type (and description) of the path parameters the routes use,
// by name: one declaration per name for the whole service, since a name means one kind
// of value everywhere. Building the document fails while a route has a path parameter
// with no declaration, so every documented path parameter carries a declared type.
func (d *Doc) PathParams(params ...Param) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pathParams == nil {
		d.pathParams = map[string]Param{}
	}
	for _, p := range params {
		d.pathParams[p.Name] = p
	}
}

// Routes lists "METHOD path" of every documented route (tests compare it with Echo's).
func (d *Doc) Routes() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]string, 0, len(d.ops))
	for _, e := range d.ops {
		out = append(out, e.method+" "+e.path)
	}
	sort.Strings(out)
	return out
}

// Handler serves the document as JSON. It is built once, on first request.
func (d *Doc) Handler() echo.HandlerFunc {
	return func(c echo.Context) error {
		d.once.Do(func() { d.json, d.err = d.build() })
		if d.err != nil {
			return fmt.Errorf("build openapi document: %w", d.err)
		}
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, d.json)
	}
}

// Build renders the document and loads it back, references resolved (tests, docs pages).
func (d *Doc) Build() (*openapi3.T, error) {
	raw, err := d.build()
	if err != nil {
		return nil, err
	}
	t, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("load openapi document: %w", err)
	}
	return t, nil
}

var (
	pathParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)
	docParam  = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)
)

// shape is a path with its parameter names erased: "/customer/{}" for both
// "/customer/:document" and "/customer/{customer_id}".
func shape(path string) string {
	return docParam.ReplaceAllString(pathParam.ReplaceAllString(path, "{}"), "{}")
}

func (d *Doc) build() ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	schemas := openapi3.Schemas{}
	gen := openapi3gen.NewGenerator(
		openapi3gen.SchemaCustomizer(customize),
		openapi3gen.CreateTypeNameGenerator(componentName),
		openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true}),
	)
	schemaFor := func(v any) (*openapi3.SchemaRef, error) {
		return gen.NewSchemaRefForValue(v, schemas)
	}

	t := &openapi3.T{OpenAPI: "3.0.3", Info: &d.info, Paths: openapi3.NewPaths(), Components: &openapi3.Components{Schemas: schemas}}
	if d.security != nil {
		t.Components.SecuritySchemes = openapi3.SecuritySchemes{"bearer": &openapi3.SecuritySchemeRef{Value: d.security}}
	}
	var errSchema *openapi3.SchemaRef
	if d.errorRef != nil {
		var err error
		if errSchema, err = schemaFor(d.errorRef); err != nil {
			return nil, fmt.Errorf("error schema: %w", err)
		}
	}

	templates := map[string]string{} // path shape -> first documented template
	for _, e := range d.ops {
		op := openapi3.NewOperation()
		op.Summary = e.op.Summary
		op.Description = e.op.Description
		if e.op.Admin {
			op.Description = strings.TrimSpace(op.Description + "\n\nAdmin role only.")
		}
		if e.op.Tag != "" {
			op.Tags = []string{e.op.Tag}
		}
		op.OperationID = strings.ToLower(e.method) + strings.NewReplacer("/", "_", ":", "", "{", "", "}", "", "-", "_", ".", "_").Replace(e.path)
		if e.op.Public {
			op.Security = &openapi3.SecurityRequirements{}
		} else if d.security != nil {
			op.Security = &openapi3.SecurityRequirements{{"bearer": []string{}}}
		}
		// OpenAPI forbids two templates that differ only in parameter names
		// (/customer/{document} and /customer/{customer_id}); the router allows them per
		// method. Such an operation is filed under the first template, whose name its
		// parameter must carry; the parameter keeps the type of the route's own and says
		// in its description which value it is.
		docPath := pathParam.ReplaceAllString(e.path, "{$1}")
		if first, ok := templates[shape(e.path)]; ok {
			docPath = first
		} else {
			templates[shape(e.path)] = docPath
		}
		routeNames := pathParam.FindAllStringSubmatch(e.path, -1)
		for i, m := range docParam.FindAllStringSubmatch(docPath, -1) {
			routeName := routeNames[i][1]
			declared, ok := d.pathParams[routeName]
			if !ok {
				return nil, fmt.Errorf("%s %s: path parameter %q has no declared type (Doc.PathParams)", e.method, e.path, routeName)
			}
			s := schema(declared)
			s.Enum = declared.Enum
			param := openapi3.NewPathParameter(m[1]).WithSchema(s)
			param.Description = declared.Description
			if routeName != m[1] {
				param.Description = strings.TrimSpace(routeName + ", not the " + m[1] + " of the other operations on this path: " + declared.Description)
			}
			op.AddParameter(param)
		}
		for _, p := range e.op.Params {
			op.AddParameter(parameter(p))
		}
		if e.op.Request != nil {
			s, err := schemaFor(e.op.Request)
			if err != nil {
				return nil, fmt.Errorf("%s %s request schema: %w", e.method, e.path, err)
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithJSONSchemaRef(s)}
		}
		status := e.op.Status
		if status == 0 {
			status = http.StatusOK
		}
		res := openapi3.NewResponse().WithDescription(http.StatusText(status))
		switch {
		case e.op.ContentType != "":
			res.Content = openapi3.NewContentWithSchema(openapi3.NewStringSchema().WithFormat("binary"), []string{e.op.ContentType})
		case e.op.Response != nil:
			s, err := schemaFor(e.op.Response)
			if err != nil {
				return nil, fmt.Errorf("%s %s response schema: %w", e.method, e.path, err)
			}
			res.Content = openapi3.NewContentWithJSONSchemaRef(s)
		}
		op.AddResponse(status, res)
		if errSchema != nil {
			op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("Error").WithJSONSchemaRef(errSchema)})
		}
		t.AddOperation(docPath, e.method, op)
	}
	return json.MarshalIndent(t, "", "  ")
}

func parameter(p Param) *openapi3.Parameter {
	var param *openapi3.Parameter
	if p.In == "header" {
		param = openapi3.NewHeaderParameter(p.Name)
	} else {
		param = openapi3.NewQueryParameter(p.Name)
	}
	s := schema(p)
	s.Default = p.Default
	s.Enum = p.Enum
	param.Required = p.Required
	param.Description = p.Description
	return param.WithSchema(s)
}

// schema is the schema of a parameter's declared type and format.
func schema(p Param) *openapi3.Schema {
	var s *openapi3.Schema
	switch p.Type {
	case "integer":
		s = openapi3.NewIntegerSchema()
	case "boolean":
		s = openapi3.NewBoolSchema()
	case "number":
		s = openapi3.NewFloat64Schema()
	default:
		s = openapi3.NewStringSchema()
	}
	if p.Format != "" {
		s.Format = p.Format
	}
	return s
}

// WireSchema is implemented by types whose JSON form is not what their Go structure
// suggests (a date kept in a time.Time written as "YYYY-MM-DD", ...): the document shows
// the schema they return, inline, never as a component of its own.
type WireSchema interface {
	OpenAPISchema() *openapi3.Schema
}

var wireSchemaType = reflect.TypeFor[WireSchema]()

// wireSchema returns the schema of a WireSchema type (value or pointer receiver).
func wireSchema(t reflect.Type) (*openapi3.Schema, bool) {
	if !reflect.PointerTo(t).Implements(wireSchemaType) {
		return nil, false
	}
	return reflect.New(t).Interface().(WireSchema).OpenAPISchema(), true
}

// customize maps the platform's JSON helper types to what they look like on the wire:
// nullable.Field[T] is T (nullable), a WireSchema type its own schema, json.Number a
// number. Struct fields tagged validate:"required" are listed as required, a
// validate:"oneof=a b" rule becomes an enum, and a default:"..." tag (a JSON value, or a
// bare string) documents a field's default.
func customize(_ string, t reflect.Type, tag reflect.StructTag, schema *openapi3.Schema) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	wire, isWire := wireSchema(t)
	switch {
	case isWire:
		*schema = *wire
	case t == reflect.TypeFor[json.Number]():
		// An exact number of any size (sums that may pass the int64 range), not a string.
		*schema = *openapi3.NewFloat64Schema().WithFormat("")
	case t.PkgPath() == "github.com/loyaltylinks/platform/shared/nullable" && strings.HasPrefix(t.Name(), "Field["):
		f, _ := t.FieldByName("Value")
		inner, err := openapi3gen.NewSchemaRefForValue(reflect.Zero(f.Type).Interface(), nil, openapi3gen.SchemaCustomizer(customize))
		if err != nil {
			return err
		}
		*schema = *inner.Value
		schema.Nullable = true
	case t.Kind() == reflect.Struct:
		schema.Required = requiredFields(t)
	}
	if def, ok := tag.Lookup("default"); ok && t.Kind() != reflect.Struct {
		var v any
		if err := json.Unmarshal([]byte(def), &v); err != nil {
			v = def
		}
		schema.Default = v
	}
	for _, rule := range strings.Split(tag.Get("validate"), ",") {
		if values, ok := strings.CutPrefix(rule, "oneof="); ok && t.Kind() == reflect.String {
			for _, v := range strings.Fields(values) {
				schema.Enum = append(schema.Enum, v)
			}
		}
	}
	return nil
}

// requiredFields lists the JSON names of t's fields tagged validate:"required...".
func requiredFields(t reflect.Type) []string {
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		rules := strings.Split(f.Tag.Get("validate"), ",")
		if !f.IsExported() || rules[0] != "required" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}

// componentName names the component schema of a Go type. WireSchema types and
// nullable.Field get "" so they are inlined: customize turns them into plain strings or
// their inner type, which must not become components of their own.
func componentName(t reflect.Type) string {
	if _, ok := wireSchema(t); ok || t.PkgPath() == "github.com/loyaltylinks/platform/shared/nullable" {
		return ""
	}
	return invalidComponentChars.ReplaceAllString(t.Name(), "_")
}

var invalidComponentChars = regexp.MustCompile(`[^A-Za-z0-9._-]`)

// Router registers routes on an Echo group and documents them in one call.
type Router struct {
	group  *echo.Group
	prefix string
	doc    *Doc
}

// NewRouter documents routes added to group, whose prefix (as passed to Echo) is prefix.
func NewRouter(doc *Doc, group *echo.Group, prefix string) *Router {
	return &Router{group: group, prefix: prefix, doc: doc}
}

// Group returns a sub-router with more middleware (same prefix + sub).
func (r *Router) Group(sub string, m ...echo.MiddlewareFunc) *Router {
	return &Router{group: r.group.Group(sub, m...), prefix: r.prefix + sub, doc: r.doc}
}

// Handle registers the handler and documents it.
func (r *Router) Handle(method, path string, h echo.HandlerFunc, op Op, m ...echo.MiddlewareFunc) {
	r.group.Add(method, path, h, m...)
	r.doc.Add(method, r.prefix+path, op)
}
