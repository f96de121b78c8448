package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
	"github.com/loyaltylinks/platform/shared/pagination"
)

const mimeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

type generateQueryRequest struct {
	Question   string  `json:"question" validate:"required"`
	ReportName *string `json:"report_name"`
}

// generateQueryResponse: the spec's query and report_name, plus what the query means in
// the question's language (title, measure, breakdown, filters, period, ...) and where it
// came from ("rules" or "model"), so a person can check it before running it.
type generateQueryResponse struct {
	Query      string  `json:"query"`
	ReportName *string `json:"report_name"`
	Source     string  `json:"source"`
	*aiquery.Interpretation
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

// aiQueryHandlers serve /ai: report questions, report queries and their history.
type aiQueryHandlers struct {
	base
	ai *aiquery.Service
}

func (a *aiQueryHandlers) aiService() (*aiquery.Service, error) {
	if a.ai == nil { // app.New always builds it; a zero handler must not panic
		return nil, apperr.New(apperr.Unavailable, "AI queries are not available")
	}
	return a.ai, nil
}

func caller(c echo.Context) aiquery.Caller {
	p := principal(c)
	return aiquery.Caller{ID: p.Subject, Name: p.Name, Admin: p.IsAdmin()}
}

func (a *aiQueryHandlers) generateQuery(c echo.Context) error {
	ai, err := a.aiService()
	if err != nil {
		return err
	}
	var req generateQueryRequest
	if err := a.bind.JSON(c, &req); err != nil {
		return err
	}
	g, err := ai.Generate(c.Request().Context(), caller(c), req.Question, req.ReportName)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, generateQueryResponse{Query: g.GeneratedQuery, ReportName: g.ReportName, Source: g.Source, Interpretation: g.Interpretation})
}

func (a *aiQueryHandlers) executeQuery(c echo.Context) error {
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

func (a *aiQueryHandlers) listQueries(c echo.Context) error {
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

func (a *aiQueryHandlers) listAllQueries(c echo.Context) error {
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
		return inQuery(err)
	}
	return c.JSON(http.StatusOK, entries)
}

func (a *aiQueryHandlers) updateQuery(c echo.Context) error {
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

func (a *aiQueryHandlers) deleteQuery(c echo.Context) error {
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
