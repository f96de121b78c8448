package eval

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
	"gorm.io/gorm"
)

// newInterpreter is the generator under evaluation (the service's offline interpreter,
// aiquery.Rules), at the evaluation's clock and time zone. When the interpreter's
// constructor changes, adapt this one call.
func newInterpreter(_ *gorm.DB) aiquery.Generator {
	return aiquery.NewRules(func() time.Time { return Now }, Location)
}

// Environment variables of the accuracy test (README.md).
const (
	envSet         = "EVAL_SET"          // dev, holdout, extra, fresh-a ... fresh-bb or all (default all)
	envEnforce     = "EVAL_ENFORCE"      // 0: print the scores only (default 1)
	envOnly        = "EVAL_ONLY"         // comma-separated ids: run just these
	envShowHoldout = "EVAL_SHOW_HOLDOUT" // 1: print the questions of the hidden sets too
	envReport      = "EVAL_REPORT"       // file to write the per-question report to (markdown)
)

// thresholds of issue 18, each overridable: EVAL_MIN_RIGHT_DEV, EVAL_MAX_SILENT_DEV, ...
// The fresh sets have floors (issue 24): a little under their score after the grammar's
// last round that moved them (the seventeenth round, 2026-11-29, for fresh-av to fresh-ax)
// and no more silently wrong answers than then; the sets still blind (fresh-az, fresh-ba,
// fresh-bb) have floors too, set from their totals alone, so a change that loses what was
// understood fails; they are floors against regression, not the goal (85% right, at most 1
// silently wrong per 60, on sets nobody has read). Overridable the same way
// (EVAL_MIN_RIGHT_FRESH_A, EVAL_MAX_SILENT_FRESH_A, ...); a set without an entry is a
// measurement, enforced only when one of its variables is set.
var thresholds = map[string]struct {
	minRight  float64
	maxSilent int
}{
	"dev":      {0.85, 2},
	"holdout":  {0.80, 2},
	"extra":    {0.85, 2},
	"fresh-a":  {0.91, 0},
	"fresh-b":  {0.87, 1},
	"fresh-c":  {0.95, 0},
	"fresh-d":  {0.92, 1},
	"fresh-e":  {0.91, 0},
	"fresh-f":  {0.88, 0},
	"fresh-g":  {0.83, 0},
	"fresh-h":  {0.83, 0},
	"fresh-i":  {0.95, 0},
	"fresh-j":  {0.86, 0},
	"fresh-k":  {0.66, 0},
	"fresh-l":  {0.71, 0},
	"fresh-m":  {0.68, 0},
	"fresh-n":  {0.80, 0},
	"fresh-o":  {0.72, 0},
	"fresh-p":  {0.80, 0},
	"fresh-q":  {0.73, 0},
	"fresh-r":  {0.76, 0},
	"fresh-s":  {0.68, 0},
	"fresh-t":  {0.86, 1},
	"fresh-u":  {0.70, 0},
	"fresh-v":  {0.88, 0},
	"fresh-w":  {0.88, 0},
	"fresh-x":  {0.61, 0},
	"fresh-y":  {0.76, 0},
	"fresh-z":  {0.88, 0},
	"fresh-aa": {0.71, 2},
	"fresh-ab": {0.66, 1},
	"fresh-ac": {0.78, 1},
	"fresh-ad": {0.57, 1},
	"fresh-ae": {0.70, 0},
	"fresh-ag": {0.81, 0},
	"fresh-ah": {0.86, 0},
	"fresh-ai": {0.86, 0},
	"fresh-aj": {0.85, 0},
	"fresh-ak": {0.93, 0},
	"fresh-al": {0.71, 0},
	"fresh-am": {0.63, 0},
	"fresh-an": {0.76, 0},
	"fresh-ao": {0.91, 0},
	"fresh-ap": {0.83, 0},
	"fresh-aq": {0.85, 0},
	"fresh-ar": {0.70, 0},
	"fresh-as": {0.88, 0},
	"fresh-at": {0.88, 0},
	"fresh-au": {0.86, 0},
	"fresh-av": {0.75, 0},
	"fresh-aw": {0.66, 0},
	"fresh-ax": {0.78, 0},
	"fresh-ay": {0.89, 2},
	"fresh-az": {0.53, 1},
	"fresh-ba": {0.60, 1},
	"fresh-bb": {0.43, 0},
}

// extra: the interpreter author's own questions (paraphrases of dev questions with their
// gold, and questions of their own), added to the independent sets. fresh-a and fresh-b:
// a second independent measure of generalisation, written without reading the interpreter
// or the other sets' questions; fresh-c and fresh-d: a third, written the same way.
var setFiles = []string{"dev", "holdout", "extra", "fresh-a", "fresh-b", "fresh-c", "fresh-d", "fresh-e", "fresh-f", "fresh-g", "fresh-h", "fresh-i", "fresh-j", "fresh-k", "fresh-l", "fresh-m", "fresh-n", "fresh-o", "fresh-p", "fresh-q", "fresh-r", "fresh-s", "fresh-t", "fresh-u", "fresh-v", "fresh-w", "fresh-x", "fresh-y", "fresh-z", "fresh-aa", "fresh-ab", "fresh-ac", "fresh-ad", "fresh-ag", "fresh-ah", "fresh-ae", "fresh-ai", "fresh-aj", "fresh-ak", "fresh-al", "fresh-am", "fresh-an", "fresh-ao", "fresh-ap", "fresh-aq", "fresh-ar", "fresh-as", "fresh-at", "fresh-au", "fresh-av", "fresh-aw", "fresh-ax", "fresh-ay", "fresh-az", "fresh-ba", "fresh-bb"}

// hiddenSets print only ids, classes and totals unless EVAL_SHOW_HOLDOUT=1: their value as
// a measure lasts as long as nobody tunes the interpreter on their questions.
var hiddenSets = map[string]bool{"holdout": true, "fresh-a": true, "fresh-b": true, "fresh-c": true, "fresh-d": true, "fresh-e": true, "fresh-f": true, "fresh-g": true, "fresh-h": true, "fresh-i": true, "fresh-j": true, "fresh-k": true, "fresh-l": true, "fresh-m": true, "fresh-n": true, "fresh-o": true, "fresh-p": true, "fresh-q": true, "fresh-r": true, "fresh-s": true, "fresh-t": true, "fresh-u": true, "fresh-v": true, "fresh-w": true, "fresh-x": true, "fresh-y": true, "fresh-z": true, "fresh-aa": true, "fresh-ab": true, "fresh-ac": true, "fresh-ad": true, "fresh-ag": true, "fresh-ah": true, "fresh-ae": true, "fresh-ai": true, "fresh-aj": true, "fresh-ak": true, "fresh-al": true, "fresh-am": true, "fresh-an": true, "fresh-ao": true, "fresh-ap": true, "fresh-aq": true, "fresh-ar": true, "fresh-as": true, "fresh-at": true, "fresh-au": true, "fresh-av": true, "fresh-aw": true, "fresh-ax": true, "fresh-ay": true, "fresh-az": true, "fresh-ba": true, "fresh-bb": true}

func loadSets(t *testing.T) []Set {
	t.Helper()
	var out []Set
	for _, name := range setFiles {
		s, err := LoadSet(filepath.Join("testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != name {
			t.Fatalf("testdata/%s.json says set %q", name, s.Name)
		}
		out = append(out, s)
	}
	return out
}

// env runs queries the way execute-query does: the guard, then the runner as the
// reporting role, in the evaluation's time zone.
type env struct {
	guard   *aiquery.Guard
	runner  *aiquery.Runner
	aliases map[string]string
	catalog *semantic.Catalog // the values the service would give the generator
}

func newEnv(t *testing.T, db *gorm.DB) *env {
	t.Helper()
	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	aliases, err := loadAliases(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	e := &env{
		guard: aiquery.NewGuard(aiquery.DefaultMaxRows),
		runner: aiquery.NewRunner(sqlDB, aiquery.RunnerConfig{Role: aiquery.DefaultRole, StatementTimeout: 10 * time.Second,
			MaxRows: aiquery.DefaultMaxRows, TimeZone: TimeZone}),
		aliases: aliases,
	}
	// As the service does: the generator reads the data's values (stores, products,
	// payment types, origins) through the guard and the runner.
	if e.catalog, err = aiquery.ReadCatalog(context.Background(), e.guard, e.runner); err != nil {
		t.Fatal(err)
	}
	return e
}

// errRefusedByGuard marks a query the guard would not run.
var errRefusedByGuard = errors.New("refused by the guard")

// runAt checks sql with the guard, then runs it with its clock pinned to Now.
func (e *env) runAt(ctx context.Context, sql string) (Result, error) {
	if _, err := e.guard.Check(strings.TrimSpace(sql)); err != nil {
		return Result{}, fmt.Errorf("%w: %v", errRefusedByGuard, err)
	}
	pinned, err := PinClock(sql, Now)
	if err != nil {
		return Result{}, err
	}
	return e.run(ctx, pinned)
}

func (e *env) run(ctx context.Context, sql string) (Result, error) {
	checked, err := e.guard.Check(strings.TrimSpace(sql))
	if err != nil {
		return Result{}, fmt.Errorf("%w: %v", errRefusedByGuard, err)
	}
	var c Collector
	if _, err := e.runner.Run(ctx, checked, &c); err != nil {
		return Result{}, fmt.Errorf("failed: %w", err)
	}
	return c.Result, nil
}

// loadAliases maps the names of one entity to each other: a store's code and name, a
// customer's document and name, a product's SKU and name, a payment type's code and
// description.
func loadAliases(ctx context.Context, db *gorm.DB) (map[string]string, error) {
	var rows []struct{ Entity, Label string }
	err := db.WithContext(ctx).Raw(`
		SELECT 'store:' || store_code AS entity, store_code AS label FROM stores
		UNION ALL SELECT 'store:' || store_code, name FROM stores
		UNION ALL SELECT 'customer:' || doc, doc FROM customers
		UNION ALL SELECT 'customer:' || doc, name FROM customers
		UNION ALL SELECT 'product:' || sku, sku FROM products
		UNION ALL SELECT 'product:' || sku, name FROM products
		UNION ALL SELECT DISTINCT 'payment:' || payment_type, payment_type FROM coupons WHERE payment_type IS NOT NULL
		UNION ALL SELECT DISTINCT 'payment:' || payment_type, payment_type_description FROM coupons WHERE payment_type_description IS NOT NULL`).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("load aliases: %w", err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[aliasKey(r.Label)] = r.Entity
	}
	return out, nil
}

// Classes of an answer.
const (
	classRight   = "right"
	classRefused = "refused"
	classWrong   = "wrong"
)

type outcome struct {
	set    string
	item   Item
	class  string
	silent bool   // wrong, and the SQL ran and returned an answer
	detail string // why, on refused and wrong
	sql    string
}

func (e *env) evaluate(ctx context.Context, gen aiquery.Generator, set string, it Item) outcome {
	out := outcome{set: set, item: it}
	g, genErr := gen.Generate(ctx, aiquery.Ask{Question: it.Question, Catalog: e.catalog})
	sql := g.Query
	if genErr != nil {
		out.detail = genErr.Error()
		if it.Refuse() {
			out.class = classRight
		} else {
			out.class = classRefused
		}
		return out
	}
	out.sql = strings.TrimSpace(sql)
	// As execute-query would: the guard sees the query as generated. It then runs with
	// its clock pinned to the evaluation's Now (PinClock).
	got, runErr := e.runAt(ctx, out.sql)
	if it.Refuse() {
		out.class = classWrong
		out.silent = runErr == nil
		out.detail = "answered a question that must be refused"
		if runErr != nil {
			out.detail += "; the query " + runErr.Error()
		}
		return out
	}
	if runErr != nil {
		out.class = classWrong
		out.detail = "the query " + runErr.Error()
		return out
	}
	gold, err := e.run(ctx, string(it.GoldSQL))
	if err != nil {
		out.class = classWrong
		out.detail = "gold query: " + err.Error()
		return out
	}
	ordered, err := it.OrderMatters()
	if err != nil {
		out.class = classWrong
		out.detail = err.Error()
		return out
	}
	ok, why := Compare(gold, got, Options{Ordered: ordered, FreeLabels: it.FreeLabels, MaxExtra: 2, Aliases: e.aliases})
	if ok {
		out.class = classRight
		return out
	}
	out.class, out.silent = classWrong, true
	out.detail = why + "; got " + summarize(got) + ", want " + summarize(gold)
	return out
}

func summarize(r Result) string {
	var cols []string
	for _, c := range r.Columns {
		cols = append(cols, c.Name)
	}
	var rows []string
	for i, row := range r.Rows {
		if i == 3 {
			rows = append(rows, fmt.Sprintf("... (%d rows)", len(r.Rows)))
			break
		}
		var vals []string
		for _, v := range row {
			if v == nil {
				vals = append(vals, "NULL")
			} else {
				vals = append(vals, *v)
			}
		}
		rows = append(rows, "("+strings.Join(vals, ", ")+")")
	}
	return "[" + strings.Join(cols, ", ") + "] " + strings.Join(rows, " ")
}

type tally struct{ total, right, refused, wrong, silent int }

func (t *tally) add(o outcome) {
	t.total++
	switch o.class {
	case classRight:
		t.right++
	case classRefused:
		t.refused++
	default:
		t.wrong++
	}
	if o.silent {
		t.silent++
	}
}

func (t tally) rate() float64 {
	if t.total == 0 {
		return 0
	}
	return float64(t.right) / float64(t.total)
}

func (t tally) String() string {
	return fmt.Sprintf("%3d questions: %3d right (%5.1f%%), %3d refused, %3d wrong (%d silently)", t.total, t.right, 100*t.rate(), t.refused, t.wrong, t.silent)
}

func envFloat(t *testing.T, name string, def float64) float64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return v
}

// TestAccuracy scores the interpreter on the question sets and checks the thresholds of
// issue 18 (dev: 85% right, holdout: 80% right; at most 2 silently wrong answers each).
// Run with -v to see every question; EVAL_ENFORCE=0 prints the scores without failing.
func TestAccuracy(t *testing.T) {
	which := os.Getenv(envSet)
	if which == "" {
		which = "all"
	}
	if which != "all" && !slices.Contains(setFiles, which) {
		t.Fatalf("%s=%q: want one of %s or all", envSet, which, strings.Join(setFiles, ", "))
	}
	only := map[string]bool{}
	for _, id := range strings.Split(os.Getenv(envOnly), ",") {
		if id = strings.TrimSpace(id); id != "" {
			only[id] = true
		}
	}
	enforce := os.Getenv(envEnforce) != "0" && len(only) == 0
	showHoldout := os.Getenv(envShowHoldout) == "1"

	db, _ := seededDB(t)
	e := newEnv(t, db)
	gen := newInterpreter(db)
	ctx := context.Background()

	var report strings.Builder
	fmt.Fprintf(&report, "# Evaluation of the report-question interpreter\n\nClock %s (%s).\n\n", Now.Format("2006-01-02 15:04 Mon"), TimeZone)
	type key struct{ set, lang string }
	tallies := map[key]*tally{}
	for _, s := range loadSets(t) {
		if which != "all" && which != s.Name {
			continue
		}
		show := !hiddenSets[s.Name] || showHoldout
		fmt.Fprintf(&report, "## %s\n\n| id | lang | class | question | detail |\n|---|---|---|---|---|\n", s.Name)
		for _, it := range s.Items {
			if len(only) > 0 && !only[it.ID] {
				continue
			}
			o := e.evaluate(ctx, gen, s.Name, it)
			for _, k := range []key{{s.Name, it.Lang}, {s.Name, "all"}} {
				if tallies[k] == nil {
					tallies[k] = &tally{}
				}
				tallies[k].add(o)
			}
			line := fmt.Sprintf("%-8s %-5s %-7s", it.ID, it.Lang, o.class)
			if o.silent {
				line += " (silent)"
			}
			if show {
				line += " | " + it.Question
				if o.class != classRight || (it.Refuse() && o.class == classRight) {
					if o.sql != "" {
						line += "\n        sql: " + oneLine(o.sql)
					}
					if o.detail != "" {
						line += "\n        " + oneLine(o.detail)
					}
				}
				fmt.Fprintf(&report, "| %s | %s | %s | %s | %s |\n", it.ID, it.Lang, o.class, mdEscape(it.Question), mdEscape(oneLine(strings.TrimSpace(o.sql+" "+o.detail))))
			} else {
				fmt.Fprintf(&report, "| %s | %s | %s | (hidden) | |\n", it.ID, it.Lang, o.class)
			}
			t.Log(line)
		}
		report.WriteString("\n")
	}

	report.WriteString("## Totals\n\n")
	for _, set := range setFiles {
		for _, lang := range []string{LangPT, LangEN, "all"} {
			if tl := tallies[key{set, lang}]; tl != nil {
				line := fmt.Sprintf("%-7s %-5s %s", set, lang, tl)
				t.Log(line)
				report.WriteString("    " + line + "\n")
			}
		}
	}
	if path := os.Getenv(envReport); path != "" {
		if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
			t.Errorf("write %s: %v", path, err)
		}
	}
	if !enforce {
		return
	}
	for _, set := range setFiles {
		tl := tallies[key{set, "all"}]
		if tl == nil {
			continue
		}
		suffix := strings.ToUpper(strings.ReplaceAll(set, "-", "_"))
		minRightVar, maxSilentVar := "EVAL_MIN_RIGHT_"+suffix, "EVAL_MAX_SILENT_"+suffix
		th, gated := thresholds[set]
		if !gated && os.Getenv(minRightVar) == "" && os.Getenv(maxSilentVar) == "" {
			continue // a measurement: its totals are printed above
		}
		if !gated {
			th.minRight, th.maxSilent = 0, tl.total // only the variables set bind
		}
		minRight := envFloat(t, minRightVar, th.minRight)
		maxSilent := int(envFloat(t, maxSilentVar, float64(th.maxSilent)))
		if tl.rate() < minRight {
			t.Errorf("%s: %.1f%% right, want at least %.1f%%", set, 100*tl.rate(), 100*minRight)
		}
		if tl.silent > maxSilent {
			t.Errorf("%s: %d answers silently wrong, want at most %d", set, tl.silent, maxSilent)
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
