// Package aiquery turns store managers' report questions into SQL and runs it safely.
//
// A Generator (the offline Rules: the grammar interpreter of package grammar over the
// semantic model of package semantic; or OpenAI, asked only when the rules refuse) proposes a query; whatever
// it proposes, and whatever a client sends to execute-query, passes the Guard (pg_query parse tree: one
// SELECT over the reporting views, allow-listed functions) and then runs through the
// Runner (READ ONLY transaction, SET LOCAL ROLE to a role that can read only the views,
// statement timeout, row cap, extended protocol). History keeps each user's questions.
package aiquery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/lexicon"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Defaults of the configuration (the service's README lists the variables).
const (
	DefaultMaxRows          = 100000
	DefaultStatementTimeout = 5 * time.Second
	DefaultLookBack         = 7 * 24 * time.Hour
	MaxQuestionLength       = 2000
	MaxReportNameLength     = 200
)

// Options configure the service. Zero fields take the defaults.
type Options struct {
	Generator        Generator // default: Rules in Location
	ReportDB         *sql.DB   // pool report queries run on (the binary gives them their own); default: the service's pool
	Role             string    // default DefaultRole
	StatementTimeout time.Duration
	MaxRows          int
	MaxResultBytes   int            // cap on a result's values and its xlsx; default DefaultMaxResultBytes
	MaxConcurrent    int            // report queries running at once in this service; default DefaultMaxConcurrent
	Location         *time.Location // session time zone of report queries; default UTC
	Now              func() time.Time
	Logger           *slog.Logger // audit lines for runs and refusals; default: discarded
}

// Service is the report-query feature: generate, execute, history.
type Service struct {
	gen     Generator
	guard   *Guard
	runner  *Runner
	history *History
	catalog *catalogSource
	words   func() *lexicon.Lexicon // the model's words (built on first use): the language a question is written in
	loc     *time.Location
	now     func() time.Time
	log     *slog.Logger
}

// NewService wires the service over the loyalty database.
func NewService(db *gorm.DB, o Options) (*Service, error) {
	if o.Location == nil {
		o.Location = time.UTC
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Role == "" {
		o.Role = DefaultRole
	}
	if o.StatementTimeout <= 0 {
		o.StatementTimeout = DefaultStatementTimeout
	}
	if o.MaxRows <= 0 {
		o.MaxRows = DefaultMaxRows
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.Generator == nil {
		o.Generator = NewRules(o.Now, o.Location)
	}
	if o.ReportDB == nil {
		sqlDB, err := db.DB()
		if err != nil {
			return nil, fmt.Errorf("aiquery: database pool: %w", err)
		}
		o.ReportDB = sqlDB
	}
	guard := NewGuard(o.MaxRows)
	runner := NewRunner(o.ReportDB, RunnerConfig{
		Role: o.Role, StatementTimeout: o.StatementTimeout, MaxRows: o.MaxRows, TimeZone: o.Location.String(),
		MaxResultBytes: o.MaxResultBytes, MaxConcurrent: o.MaxConcurrent,
	})
	return &Service{
		gen:     o.Generator,
		guard:   guard,
		runner:  runner,
		history: NewHistory(db),
		catalog: &catalogSource{read: func(ctx context.Context) (*semantic.Catalog, error) { return ReadCatalog(ctx, guard, runner) }, now: time.Now, log: o.Logger},
		words:   sync.OnceValue(func() *lexicon.Lexicon { return lexicon.New(nil) }),
		loc:     o.Location,
		now:     o.Now,
		log:     o.Logger,
	}, nil
}

// Caller is the authenticated user a call is made for.
type Caller struct {
	ID    string
	Name  string
	Admin bool
}

// Generated is a stored history entry with what its query means.
type Generated struct {
	Entry
	Interpretation *Interpretation
	Source         string
}

// Generate turns question into a query, checks it with the guard and a dry run under the
// reporting role, and stores a history entry for the caller. A query that is refused or
// fails is never stored.
func (s *Service) Generate(ctx context.Context, c Caller, question string, reportName *string) (Generated, error) {
	question, err := cleanQuestion(question, "question")
	if err != nil {
		return Generated{}, err
	}
	if err := checkReportName(reportName); err != nil {
		return Generated{}, err
	}
	g, err := s.generate(ctx, question, "question")
	if err != nil {
		return Generated{}, err
	}
	e, err := s.history.Create(ctx, c.ID, c.Name, question, reportName, g.Query)
	if err != nil {
		return Generated{}, err
	}
	return Generated{Entry: e, Interpretation: g.Interpretation, Source: g.Source}, nil
}

// generate asks the generator and checks its answer (guard and dry run); errors name the
// request field field.
func (s *Service) generate(ctx context.Context, question, field string) (Generation, error) {
	ask := Ask{Question: question, Catalog: s.catalog.get(ctx), Check: s.check}
	g, err := s.gen.Generate(ctx, ask)
	var nu *NotUnderstood
	if errors.As(err, &nu) {
		if nu.WriteIntent {
			s.log.WarnContext(ctx, "ai query: write intent refused", "question", question)
		}
		return Generation{}, apperr.Validation(apperr.Field(nu.Message, "value_error", "body", field))
	}
	if err == nil {
		g.Query = strings.TrimSpace(g.Query)
		err = s.check(ctx, g.Query)
	}
	if err != nil {
		return Generation{}, s.checkFailure(ctx, err, g, field)
	}
	return g, nil
}

// checkFailure says why a generated query was not kept: refused by the guard, or failed
// its dry run (both 422, nothing stored); other errors pass through.
func (s *Service) checkFailure(ctx context.Context, err error, g Generation, field string) error {
	var r *Refusal
	if errors.As(err, &r) {
		s.log.WarnContext(ctx, "ai query: generated query refused", "reason", r.Reason, "query", g.Query, "source", g.Source)
		return apperr.Validation(apperr.Field("The generated query was refused: "+r.Reason, "query_refused", "body", field))
	}
	var ee *ExecError
	if errors.As(err, &ee) {
		s.log.WarnContext(ctx, "ai query: generated query failed its dry run", "reason", ee.Message, "query", g.Query, "source", g.Source)
		verr := apperr.Validation(apperr.Field("The generated query failed: "+ee.Message, "query_failed", "body", field))
		verr.Err = err
		return verr
	}
	return err
}

// check passes query through the guard and runs it once with no rows (LIMIT 0) as the
// reporting role: unknown columns, type errors and missing grants show up before the query
// is stored, without reading data.
func (s *Service) check(ctx context.Context, query string) error {
	checked, err := s.guard.Check(query)
	if err != nil {
		return err
	}
	dry, err := s.guard.Check("SELECT * FROM (" + checked.SQL() + ") AS dry_run LIMIT 0")
	if err != nil {
		return err
	}
	_, err = s.runner.Run(ctx, dry, discard{})
	return err
}

// discard is a Sink that keeps nothing.
type discard struct{}

func (discard) Columns([]ResultColumn) error { return nil }
func (discard) Row([][]byte) error           { return nil }

// Execute checks and runs query for the caller. The caller's newest history entry with
// this exact query gets the row count. The caller must Close the outcome.
func (s *Service) Execute(ctx context.Context, c Caller, query string) (*Outcome, error) {
	query = strings.TrimSpace(query)
	checked, err := s.guard.Check(query)
	if err != nil {
		var r *Refusal
		if errors.As(err, &r) {
			s.log.WarnContext(ctx, "ai query refused", "user_id", c.ID, "reason", r.Reason)
			return nil, apperr.Validation(apperr.Field("Query refused: "+r.Reason, "query_refused", "body", "query"))
		}
		return nil, err
	}
	// A place among the report queries running at once, held until the outcome is closed
	// (its spreadsheet is in memory until then).
	release, err := s.runner.acquire()
	if err != nil {
		s.log.WarnContext(ctx, "ai query refused: too many running", "user_id", c.ID)
		return nil, err
	}
	col := &collector{limit: s.runner.cfg.MaxResultBytes}
	start := time.Now()
	_, err = s.runner.Run(ctx, checked, col)
	var out *Outcome
	if err == nil {
		out, err = col.outcome(s.runner.cfg.MaxResultBytes)
	}
	if err != nil {
		release()
		col.discard()
		var ee *ExecError
		if errors.As(err, &ee) {
			s.log.InfoContext(ctx, "ai query failed", "user_id", c.ID, "reason", ee.Message, "duration_ms", time.Since(start).Milliseconds())
			verr := apperr.Validation(apperr.Field(ee.Message, ee.Type, "body", "query"))
			verr.Err = err
			return nil, verr
		}
		return nil, err
	}
	out.release = release
	s.log.InfoContext(ctx, "ai query executed", "user_id", c.ID, "rows", out.Rows, "duration_ms", time.Since(start).Milliseconds())
	question, found, err := s.history.RecordRun(ctx, c.ID, query, out.Rows)
	if err != nil {
		_ = out.Close()
		return nil, err
	}
	if out.Rows == 0 && found {
		// A row's answer reads in the question's language through its column names; an
		// empty one has none, so it follows the question it was generated from.
		out.Answer = noRowsAnswer(s.words().Read(question).Lang)
	}
	return out, nil
}

// List returns the caller's own entries, newest first.
func (s *Service) List(ctx context.Context, c Caller, limit, offset int) ([]Entry, error) {
	return s.history.List(ctx, ListFilter{UserID: c.ID, Limit: limit, Offset: offset})
}

// AllFilter selects entries of every user (admin view). Dates are calendar days in the
// service's time zone, both inclusive; with neither, the last DefaultLookBack.
type AllFilter struct {
	StartDate  *time.Time
	EndDate    *time.Time
	ReportName string
	UserName   string
	Limit      int
	Offset     int
}

// ListAll returns every user's entries, newest first.
func (s *Service) ListAll(ctx context.Context, f AllFilter) ([]Entry, error) {
	lf := ListFilter{ReportName: f.ReportName, UserName: f.UserName, Limit: f.Limit, Offset: f.Offset}
	if f.StartDate != nil {
		from := calendar.DayStart(*f.StartDate, s.loc)
		lf.From = &from
	}
	if f.EndDate != nil {
		to := calendar.DayEnd(*f.EndDate, s.loc)
		lf.To = &to
	}
	if lf.From != nil && lf.To != nil && !lf.From.Before(*lf.To) {
		return nil, apperr.Validation(validation.Value("end_date must not be before start_date", "end_date"))
	}
	if f.StartDate == nil && f.EndDate == nil {
		from := s.now().Add(-DefaultLookBack)
		lf.From = &from
	}
	return s.history.List(ctx, lf)
}

// Patch is a history update: fields not sent are left alone.
type Patch struct {
	UserQuestion nullable.Field[string]
	ReportName   nullable.Field[string]
}

// Update changes one of the caller's entries (any entry for an admin). A changed
// question regenerates the query.
func (s *Service) Update(ctx context.Context, c Caller, id string, p Patch) (Entry, error) {
	e, err := s.owned(ctx, c, id)
	if err != nil {
		return Entry{}, err
	}
	if p.UserQuestion.HasValue() {
		question, err := cleanQuestion(p.UserQuestion.Value, "user_question")
		if err != nil {
			return Entry{}, err
		}
		if question != e.UserQuestion {
			g, err := s.generate(ctx, question, "user_question")
			if err != nil {
				return Entry{}, err
			}
			e.UserQuestion, e.GeneratedQuery = question, g.Query
		}
	}
	if p.ReportName.Set {
		name := p.ReportName.Ptr()
		if err := checkReportName(name); err != nil {
			return Entry{}, err
		}
		e.ReportName = name
	}
	return s.history.Update(ctx, e)
}

// Delete removes one of the caller's entries (any entry for an admin).
func (s *Service) Delete(ctx context.Context, c Caller, id string) error {
	if _, err := s.owned(ctx, c, id); err != nil {
		return err
	}
	return s.history.Delete(ctx, id)
}

// owned loads an entry the caller may change; another user's entry is not found (its
// existence is not revealed) unless the caller is an admin.
func (s *Service) owned(ctx context.Context, c Caller, id string) (Entry, error) {
	e, err := s.history.Get(ctx, id)
	if err != nil {
		return Entry{}, err
	}
	if e.UserID != c.ID && !c.Admin {
		return Entry{}, apperr.New(apperr.NotFound, "Query not found")
	}
	return e, nil
}

func cleanQuestion(q, field string) (string, error) {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return "", apperr.Validation(apperr.Field("String should have at least 1 character", "string_too_short", "body", field))
	case len([]rune(q)) > MaxQuestionLength:
		return "", apperr.Validation(apperr.Field(fmt.Sprintf("String should have at most %d characters", MaxQuestionLength), "string_too_long", "body", field))
	}
	return q, nil
}

func checkReportName(name *string) error {
	if name != nil && len([]rune(*name)) > MaxReportNameLength {
		return apperr.Validation(apperr.Field(fmt.Sprintf("String should have at most %d characters", MaxReportNameLength), "string_too_long", "body", "report_name"))
	}
	return nil
}
