package httpapi

import (
	"net/http"
	"reflect"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/pagination"
)

// Paging bounds of every list endpoint (the spec leaves them open).
var pageLimit = pagination.Bounds{Default: 15, Min: 1, Max: 100}

// maxPageNumber bounds page so (page-1)*limit cannot overflow into a negative OFFSET;
// no account has anywhere near that many pages.
const maxPageNumber = 10_000_000

// pageParams documents limit and page on a list route.
var pageParams = []apidoc.Param{
	{Name: "limit", Type: "integer", Default: pageLimit.Default, Description: "results per page, 1 to 100"},
	{Name: "page", Type: "integer", Default: 1, Description: "page number, 1 to 10000000; a page past the last one is empty"},
}

// parsePage reads the limit and page query parameters of a list endpoint. A value that
// is not an integer or is out of bounds is a 422 naming the parameter
// ("limit: must be at most 100").
func parsePage(c echo.Context) (pagination.Page, error) {
	p, errs := pagination.ParsePage(c.QueryParams(), pageLimit, maxPageNumber)
	if len(errs) > 0 {
		return pagination.Page{}, errInvalidQuery.Withf("%s", errs[0].Error())
	}
	return p, nil
}

// writeList renders the spec's list envelope:
//
//	{"error": 0, "data": {"result": total, "perpage": .., "currentpage": .., "nextpage": ..,
//	 "maxpage": .., "<name>": [items]}}
//
// nextpage is 0 on the last page; maxpage is at least 1. A page past the last one has an
// empty array and the real maxpage. Every list endpoint of the service uses it, with
// listDoc[T](name) as its documented response.
func writeList[T any](c echo.Context, name string, page pagination.Page, total int, items []T) error {
	if items == nil {
		items = []T{}
	}
	env := pagination.NewEnvelope(page, total)
	body := reflect.New(listType(name, reflect.TypeFor[T]())).Elem()
	data := body.Field(1)
	for i, n := range []int{env.Result, env.PerPage, env.CurrentPage, env.NextPage, env.MaxPage} {
		data.Field(i).SetInt(int64(n))
	}
	data.Field(5).Set(reflect.ValueOf(items))
	return c.JSON(http.StatusOK, body.Interface())
}

// listDoc is the documented response of a list endpoint whose array is called name:
// the same type writeList renders, so the document cannot drift from the body.
func listDoc[T any](name string) any {
	return reflect.New(listType(name, reflect.TypeFor[T]())).Elem().Interface()
}

// listType builds the envelope struct type for an array called name of item. The array's
// JSON name differs per resource (cta, campaigns, ...), which a static Go type cannot say.
// name is always a constant of the code, never client input.
func listType(name string, item reflect.Type) reflect.Type {
	intType := reflect.TypeFor[int]()
	data := reflect.StructOf([]reflect.StructField{
		{Name: "Result", Type: intType, Tag: `json:"result"`},
		{Name: "PerPage", Type: intType, Tag: `json:"perpage"`},
		{Name: "CurrentPage", Type: intType, Tag: `json:"currentpage"`},
		{Name: "NextPage", Type: intType, Tag: `json:"nextpage"`},
		{Name: "MaxPage", Type: intType, Tag: `json:"maxpage"`},
		{Name: "Items", Type: reflect.SliceOf(item), Tag: reflect.StructTag(`json:"` + name + `"`)},
	})
	return reflect.StructOf([]reflect.StructField{
		{Name: "Error", Type: intType, Tag: `json:"error"`},
		{Name: "Data", Type: data, Tag: `json:"data"`},
	})
}

// pathID reads an integer id path parameter. Anything that is not a positive integer
// names no resource: it answers notFound (the resource's own ErrNotFound).
func pathID(c echo.Context, name string, notFound error) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id < 1 {
		return 0, notFound
	}
	return id, nil
}

// messageResponse is the body of updates and deletes: {"error": 0, "message": "..."}.
type messageResponse struct {
	Error   int    `json:"error"`
	Message string `json:"message"`
}

// idResponse is the body of creations that answer only the new id.
type idResponse struct {
	Error int   `json:"error"`
	ID    int64 `json:"id"`
}

func writeMessage(c echo.Context, msg string) error {
	return c.JSON(http.StatusOK, messageResponse{Message: msg})
}
