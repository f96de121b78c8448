package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/pagination"
)

const mimeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

type generateQueryRequest struct {
	Question   string  `json:"question" validate:"required"`
	ReportName *string `json:"report_name"`
}

type generateQueryResponse struct {
	Query      string  `json:"query"`
	ReportName *string `json:"report_name"`
}

type executeQueryRequest struct {
	Query string `json:"query" validate:"required"`
}

type queryAnswer struct {
	Answer string `json:"answer"`
}

type historyUpdateRequest struct {
	UserQuestion nullable.Field[string] `json:"user_question"`
	ReportName   nullable.Field[string] `json:"report_name"`
}

type deletedQuery struct {
	Detail string `json:"detail"`
	ID     string `json:"id"`
}

func (a *API) aiQueryRoutes(v1 *apidoc.Router) {
	const tag = "AI queries"
	page := []apidoc.Param{
		{Name: "limit", Type: "integer", Default: 50, Description: "1 to 100"},
		{Name: "offset", Type: "integer", Default: 0, Description: "minimum 0"},
	}
	v1.Handle(http.MethodPost, "/ai/generate-query", a.generateQuery, apidoc.Op{
		Tag: tag, Summary: "Turn a report question into a SQL query",
		Description: "Portuguese or English questions (see docs/ai-queries.md). The query is checked by the guard and stored in the caller's history.",
		Request:     generateQueryRequest{}, Response: generateQueryResponse{},
	})
	v1.Handle(http.MethodPost, "/ai/execute-query", a.executeQuery, apidoc.Op{
		Tag: tag, Summary: "Run a report query",
		Description: "One SELECT over the reporting views. At most one row: JSON {\"answer\": \"...\"}; several rows: an xlsx download (header = column names). Refused queries are 422.",
		Request:     executeQueryRequest{}, Response: queryAnswer{},
	})
	v1.Handle(http.MethodGet, "/ai/queries", a.listQueries, apidoc.Op{
		Tag: tag, Summary: "The caller's query history, newest first", Response: []aiquery.Entry{}, Params: page,
	})
	v1.Handle(http.MethodGet, "/ai/queries/all", a.listAllQueries, apidoc.Op{
		Tag: tag, Summary: "Every user's query history, newest first", Admin: true, Response: []aiquery.Entry{},
		Description: "Without start_date and end_date, the last 7 days.",
		Params: append(page,
			apidoc.Param{Name: "start_date", Description: "YYYY-MM-DD, inclusive"},
			apidoc.Param{Name: "end_date", Description: "YYYY-MM-DD, inclusive"},
			apidoc.Param{Name: "report_name", Description: "report name contains (case-insensitive)"},
			apidoc.Param{Name: "user_name", Description: "user name contains (case-insensitive)"},
		),
	}, requireAdmin)
	v1.Handle(http.MethodPatch, "/ai/queries/:query_id", a.updateQuery, apidoc.Op{
		Tag: tag, Summary: "Update a history entry", Description: "A changed user_question regenerates the query.",
		Request: historyUpdateRequest{}, Response: aiquery.Entry{},
	})
	v1.Handle(http.MethodDelete, "/ai/queries/:query_id", a.deleteQuery, apidoc.Op{
		Tag: tag, Summary: "Delete a history entry", Response: deletedQuery{},
	})
}

func (a *API) aiService() (*aiquery.Service, error) {
	if a.ai == nil {
		return nil, apperr.New(apperr.Unavailable, "AI queries are not available")
	}
	return a.ai, nil
}

func caller(c echo.Context) aiquery.Caller {
	p := principal(c)
	return aiquery.Caller{ID: p.Subject, Name: p.Name, Admin: p.IsAdmin()}
}

func (a *API) generateQuery(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	var req generateQueryRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	e, err := ai.Generate(c.Request().Context(), caller(c), req.Question, req.ReportName)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, generateQueryResponse{Query: e.GeneratedQuery, ReportName: e.ReportName})
}

func (a *API) executeQuery(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	var req executeQueryRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	out, err := ai.Execute(c.Request().Context(), caller(c), req.Query)
	var busy *aiquery.Busy
	if errors.As(err, &busy) {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(busy.RetryAfter.Seconds())))
	}
	if err != nil {
		return err
	}
	defer out.Close()
	c.Response().Header().Set("X-Records-Count", strconv.Itoa(out.Rows))
	if !out.IsSpreadsheet() {
		return c.JSON(http.StatusOK, queryAnswer{Answer: out.Answer})
	}
	name := fmt.Sprintf("report-%s.xlsx", time.Now().UTC().Format("20060102-150405"))
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, mimeXLSX)
	h.Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s"`, name))
	h.Set(echo.HeaderContentLength, strconv.Itoa(out.XLSXSize()))
	// The outcome holds a report slot until written; the file goes in one write, which the
	// server's write-stall limit bounds, so a client that stops reading loses the download
	// rather than keeping the slot.
	c.Response().WriteHeader(http.StatusOK)
	if err := out.WriteXLSX(c.Response()); err != nil {
		// Headers are gone already: the client sees a truncated download.
		a.log.ErrorContext(c.Request().Context(), "write report xlsx", "error", err)
	}
	return nil
}

func historyPage(q *Query) (limit, offset int) {
	limit = q.Int("limit", pagination.Bounds{Default: 50, Min: 1, Max: 100})
	offset = q.Int("offset", pagination.Bounds{Default: 0, Min: 0})
	return limit, offset
}

func (a *API) listQueries(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	q := NewQuery(c)
	limit, offset := historyPage(q)
	if err := q.Err(); err != nil {
		return err
	}
	entries, err := ai.List(c.Request().Context(), caller(c), limit, offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, entries)
}

func (a *API) listAllQueries(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	q := NewQuery(c)
	limit, offset := historyPage(q)
	f := aiquery.AllFilter{
		StartDate: q.Date("start_date"), EndDate: q.Date("end_date"),
		ReportName: q.String("report_name"), UserName: q.String("user_name"),
		Limit: limit, Offset: offset,
	}
	if err := q.Err(); err != nil {
		return err
	}
	entries, err := ai.ListAll(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, entries)
}

func (a *API) updateQuery(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	id, err := PathUUID(c, "query_id")
	if err != nil {
		return err
	}
	var req historyUpdateRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	e, err := ai.Update(c.Request().Context(), caller(c), id, aiquery.Patch{UserQuestion: req.UserQuestion, ReportName: req.ReportName})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, e)
}

func (a *API) deleteQuery(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	id, err := PathUUID(c, "query_id")
	if err != nil {
		return err
	}
	if err := ai.Delete(c.Request().Context(), caller(c), id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, deletedQuery{Detail: "query deleted", ID: id})
}
