package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v6"
)

// Languages of the questions.
const (
	LangPT = "pt-BR"
	LangEN = "en"
)

// Item is one evaluation question: either gold SQL over the reporting views that answers
// exactly it, or expect "refuse" (write intent, out of scope, not answerable from the
// views, ambiguous).
type Item struct {
	ID       string `json:"id"`
	Lang     string `json:"lang"`
	Question string `json:"question"`
	GoldSQL  SQL    `json:"gold_sql,omitempty"`
	Expect   string `json:"expect,omitempty"`
	// Ordered forces row order to matter (true) or not (false); by default it matters
	// when the gold query ends in ORDER BY ... LIMIT (a top-N).
	Ordered *bool `json:"ordered,omitempty"`
	// FreeLabels lets a gold text column be matched by any column labelling the same rows
	// one-to-one (bands, buckets whose names are the answerer's choice).
	FreeLabels bool   `json:"free_labels,omitempty"`
	Note       string `json:"note,omitempty"`
}

// ExpectRefuse is Item.Expect for questions that must be refused.
const ExpectRefuse = "refuse"

// Refuse reports whether the item must be refused.
func (it Item) Refuse() bool { return it.Expect == ExpectRefuse }

// SQL is a query written in the JSON files either as one string or as an array of lines.
type SQL string

// UnmarshalJSON accepts a string or an array of strings (joined with newlines).
func (s *SQL) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var lines []string
		if err := json.Unmarshal(b, &lines); err != nil {
			return err
		}
		*s = SQL(strings.Join(lines, "\n"))
		return nil
	}
	var one string
	if err := json.Unmarshal(b, &one); err != nil {
		return err
	}
	*s = SQL(one)
	return nil
}

// Set is one question file.
type Set struct {
	Name     string `json:"set"`
	Notice   string `json:"notice,omitempty"`
	Now      string `json:"now"`
	TimeZone string `json:"time_zone"`
	Items    []Item `json:"items"`
}

// LoadSet reads and checks a question file: unique ids, a known language, a question, and
// exactly one of gold_sql and expect "refuse"; the file's clock and time zone must be the
// evaluation's.
func LoadSet(path string) (Set, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Set{}, fmt.Errorf("read question set: %w", err)
	}
	var s Set
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Set{}, fmt.Errorf("parse %s: %w", path, err)
	}
	if s.TimeZone != TimeZone || s.Now != Now.Format("2006-01-02T15:04:05-07:00") {
		return Set{}, fmt.Errorf("%s: written for now=%s in %s, the evaluation runs at %s in %s", path, s.Now, s.TimeZone, Now.Format("2006-01-02T15:04:05-07:00"), TimeZone)
	}
	seen := map[string]bool{}
	for i, it := range s.Items {
		switch {
		case it.ID == "":
			return Set{}, fmt.Errorf("%s: item %d has no id", path, i)
		case seen[it.ID]:
			return Set{}, fmt.Errorf("%s: duplicate id %s", path, it.ID)
		case it.Lang != LangPT && it.Lang != LangEN:
			return Set{}, fmt.Errorf("%s: %s: lang %q, want %s or %s", path, it.ID, it.Lang, LangPT, LangEN)
		case strings.TrimSpace(it.Question) == "":
			return Set{}, fmt.Errorf("%s: %s: no question", path, it.ID)
		case it.Expect != "" && it.Expect != ExpectRefuse:
			return Set{}, fmt.Errorf("%s: %s: expect %q, want %q or nothing", path, it.ID, it.Expect, ExpectRefuse)
		case it.Refuse() == (it.GoldSQL != ""):
			return Set{}, fmt.Errorf("%s: %s: needs exactly one of gold_sql and expect %q", path, it.ID, ExpectRefuse)
		}
		seen[it.ID] = true
	}
	return s, nil
}

// OrderMatters reports whether the answer's row order is part of its meaning: the item
// says so, or the gold query is a top-N (ORDER BY with LIMIT at its top level).
func (it Item) OrderMatters() (bool, error) {
	if it.Ordered != nil {
		return *it.Ordered, nil
	}
	sel, err := topSelect(string(it.GoldSQL))
	if err != nil {
		return false, err
	}
	return len(sel.SortClause) > 0 && sel.LimitCount != nil, nil
}

func topSelect(sql string) (*pg.SelectStmt, error) {
	tree, err := pg.Parse(sql)
	if err != nil {
		return nil, fmt.Errorf("parse gold sql: %w", err)
	}
	if len(tree.Stmts) != 1 || tree.Stmts[0].Stmt.GetSelectStmt() == nil {
		return nil, fmt.Errorf("gold sql is not one SELECT")
	}
	return tree.Stmts[0].Stmt.GetSelectStmt(), nil
}

// WithLimit returns sql (a top-N) with its top-level LIMIT replaced by n, to look past the
// cut for ties.
func WithLimit(sql string, n int) (string, error) {
	tree, err := pg.Parse(sql)
	if err != nil {
		return "", fmt.Errorf("parse gold sql: %w", err)
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	sel.LimitCount = pg.MakeAConstIntNode(int64(n), -1)
	return pg.Deparse(tree)
}

// Limit returns the constant top-level LIMIT of sql (0 when there is none).
func Limit(sql string) int {
	sel, err := topSelect(sql)
	if err != nil || sel.LimitCount == nil || sel.LimitCount.GetAConst() == nil || sel.LimitCount.GetAConst().GetIval() == nil {
		return 0
	}
	return int(sel.LimitCount.GetAConst().GetIval().Ival)
}
