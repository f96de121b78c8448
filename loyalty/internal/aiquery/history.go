package aiquery

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Entry is one history entry: a question, the query generated for it, and how many rows
// the query returned the last time it ran.
type Entry struct {
	ID             string    `json:"id" gorm:"column:id"`
	UserID         string    `json:"user_id" gorm:"column:user_id"`
	UserName       *string   `json:"user_name" gorm:"column:user_name"`
	UserQuestion   string    `json:"user_question" gorm:"column:user_question"`
	ReportName     *string   `json:"report_name" gorm:"column:report_name"`
	GeneratedQuery string    `json:"generated_query" gorm:"column:generated_query"`
	RecordsCount   *int      `json:"records_count" gorm:"column:records_count"`
	CreatedAt      time.Time `json:"created_at" gorm:"column:created_at"`
	UpdatedAt      time.Time `json:"updated_at" gorm:"column:updated_at"`
}

// ListFilter selects history entries. Zero fields do not filter.
type ListFilter struct {
	UserID     string     // only this user's entries
	UserName   string     // user name contains (case-insensitive)
	ReportName string     // report name contains (case-insensitive)
	From       *time.Time // created at or after
	To         *time.Time // created before
	Limit      int
	Offset     int
}

// History stores history entries in the ai_queries table.
type History struct {
	db *gorm.DB
}

// NewHistory returns the store.
func NewHistory(db *gorm.DB) *History { return &History{db: db} }

const entryColumns = `id, user_id, user_name, user_question, report_name, generated_query, records_count, created_at, updated_at`

// Create stores a new entry for userID; the user's name is taken from the users table
// (fallbackName when the row has none).
func (h *History) Create(ctx context.Context, userID, fallbackName, question string, reportName *string, query string) (Entry, error) {
	var e Entry
	err := h.db.WithContext(ctx).Raw(`
INSERT INTO ai_queries (user_id, user_name, user_question, report_name, generated_query)
VALUES (?, COALESCE((SELECT NULLIF(name, '') FROM users WHERE id = ?), NULLIF(?, '')), ?, ?, ?)
RETURNING `+entryColumns, userID, userID, fallbackName, question, reportName, query).Scan(&e).Error
	if err != nil {
		var pgErr *pgconn.PgError
		if errors.Is(err, gorm.ErrForeignKeyViolated) || (errors.As(err, &pgErr) && (pgErr.Code == "23503" || pgErr.Code == "22P02")) {
			// the token's user no longer exists (or the subject is not a user id)
			return Entry{}, apperr.Wrap(apperr.Unauthorized, err, "The authenticated user no longer exists")
		}
		return Entry{}, fmt.Errorf("insert ai query: %w", err)
	}
	return e, nil
}

// Get returns one entry.
func (h *History) Get(ctx context.Context, id string) (Entry, error) {
	var entries []Entry
	if err := h.db.WithContext(ctx).Raw(`SELECT `+entryColumns+` FROM ai_queries WHERE id = ?`, id).Scan(&entries).Error; err != nil {
		return Entry{}, fmt.Errorf("load ai query %s: %w", id, err)
	}
	if len(entries) == 0 {
		return Entry{}, apperr.New(apperr.NotFound, "Query not found")
	}
	return entries[0], nil
}

// List returns entries, newest first.
func (h *History) List(ctx context.Context, f ListFilter) ([]Entry, error) {
	var (
		conds []string
		args  []any
	)
	if f.UserID != "" {
		conds, args = append(conds, "user_id = ?"), append(args, f.UserID)
	}
	if f.UserName != "" {
		conds, args = append(conds, `user_name ILIKE ? ESCAPE '\'`), append(args, containsPattern(f.UserName))
	}
	if f.ReportName != "" {
		conds, args = append(conds, `report_name ILIKE ? ESCAPE '\'`), append(args, containsPattern(f.ReportName))
	}
	if f.From != nil {
		conds, args = append(conds, "created_at >= ?"), append(args, *f.From)
	}
	if f.To != nil {
		conds, args = append(conds, "created_at < ?"), append(args, *f.To)
	}
	query := `SELECT ` + entryColumns + ` FROM ai_queries`
	if len(conds) > 0 {
		query += " WHERE " + strings.Join(conds, " AND ")
	}
	query += " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?"
	args = append(args, f.Limit, f.Offset)
	entries := []Entry{}
	if err := h.db.WithContext(ctx).Raw(query, args...).Scan(&entries).Error; err != nil {
		return nil, fmt.Errorf("list ai queries: %w", err)
	}
	return entries, nil
}

// Update writes an entry's question, report name and query (records_count is reset when
// the query changes).
func (h *History) Update(ctx context.Context, e Entry) (Entry, error) {
	var out Entry
	err := h.db.WithContext(ctx).Raw(`
UPDATE ai_queries
SET user_question = ?, report_name = ?, generated_query = ?,
    records_count = CASE WHEN generated_query = ? THEN records_count END
WHERE id = ?
RETURNING `+entryColumns, e.UserQuestion, e.ReportName, e.GeneratedQuery, e.GeneratedQuery, e.ID).Scan(&out).Error
	if err != nil {
		return Entry{}, fmt.Errorf("update ai query %s: %w", e.ID, err)
	}
	if out.ID == "" {
		return Entry{}, apperr.New(apperr.NotFound, "Query not found")
	}
	return out, nil
}

// Delete removes one entry.
func (h *History) Delete(ctx context.Context, id string) error {
	res := h.db.WithContext(ctx).Exec(`DELETE FROM ai_queries WHERE id = ?`, id)
	if res.Error != nil {
		return fmt.Errorf("delete ai query %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return apperr.New(apperr.NotFound, "Query not found")
	}
	return nil
}

// RecordRun sets records_count on the user's newest entry whose query is query. It
// returns that entry's question, and whether such an entry exists.
func (h *History) RecordRun(ctx context.Context, userID, query string, rows int) (question string, found bool, err error) {
	var asked []string
	res := h.db.WithContext(ctx).Raw(`
UPDATE ai_queries SET records_count = ?
WHERE id = (SELECT id FROM ai_queries WHERE user_id = ? AND generated_query = ? ORDER BY created_at DESC, id DESC LIMIT 1)
RETURNING user_question`,
		rows, userID, query).Scan(&asked)
	if res.Error != nil {
		return "", false, fmt.Errorf("record ai query run: %w", res.Error)
	}
	if len(asked) == 0 {
		return "", false, nil
	}
	return asked[0], true, nil
}

// containsPattern is an ILIKE pattern matching s anywhere, with s's wildcards escaped.
func containsPattern(s string) string { return "%" + database.EscapeLike(s) + "%" }
