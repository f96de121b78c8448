// Command bench-reports times report questions for `make bench-scale` (scripts/bench-scale.sh):
// each question is read by the grammar interpreter, compiled twice by the one compiler
// (semantic.Request.Compile, which answers from the rollups when the question's shape
// allows, and CompileRaw, which reads raw rows), and each query is run as report queries
// run (the guard, then the reporting role in a read-only transaction), printing p50 and
// p95 of each side and their ratio.
//
// Questions come on stdin, one per line: an id, the language (pt or en) and the question,
// separated by tabs; "{p}" in the question is replaced by each period of -periods-pt or
// -periods-en (month, quarter, year); a question without it runs once. It exits 1 when a
// question is not understood or a query fails (the raw side may time out: that is
// reported, not a failure). -sql prints each question's SQL, routed and raw, instead.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/grammar"
	"github.com/loyaltylinks/platform/shared/database"
)

type question struct{ id, lang, text string }

func main() {
	url := flag.String("database-url", os.Getenv("DATABASE_URL"), "the loyalty database")
	tz := flag.String("time-zone", "UTC", "report time zone (AI_TIMEZONE)")
	now := flag.String("now", "", "the interpreter's today, YYYY-MM-DD (default: today)")
	runs := flag.Int("runs", 5, "runs per query (rollups)")
	rawRuns := flag.Int("raw-runs", 3, "runs per query (raw rows)")
	timeout := flag.Duration("timeout", 60*time.Second, "statement timeout of each run")
	printSQL := flag.Bool("sql", false, "print each question's SQL (routed and raw) instead of timing it")
	periodsPT := flag.String("periods-pt", "em junho de 2025|no segundo trimestre de 2025|em 2025", "month|quarter|year, pt")
	periodsEN := flag.String("periods-en", "in June 2025|in Q2 2025|in 2025", "month|quarter|year, en")
	flag.Parse()
	if err := run(*url, *tz, *now, *runs, *rawRuns, *timeout, *printSQL, map[string][]string{
		"pt": strings.Split(*periodsPT, "|"), "en": strings.Split(*periodsEN, "|"),
	}, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bench-reports:", err)
		os.Exit(1)
	}
}

func run(url, tz, today string, runs, rawRuns int, timeout time.Duration, printSQL bool, periods map[string][]string, in io.Reader, out io.Writer) error {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return err
	}
	clock := time.Now
	if today != "" {
		d, err := time.ParseInLocation(time.DateOnly, today, loc)
		if err != nil {
			return fmt.Errorf("-now: %w", err)
		}
		clock = func() time.Time { return d.Add(12 * time.Hour) }
	}
	questions, err := readQuestions(in)
	if err != nil {
		return err
	}
	db, err := database.OpenSQL(url, database.Options{Schema: aiquery.ReportingSchema, MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	guard := aiquery.NewGuard(aiquery.DefaultMaxRows)
	runner := aiquery.NewRunner(db, aiquery.RunnerConfig{Role: aiquery.DefaultRole, StatementTimeout: timeout, MaxRows: aiquery.DefaultMaxRows, TimeZone: tz})
	catalog, err := aiquery.ReadCatalog(ctx, guard, runner)
	if err != nil {
		return err
	}
	it := grammar.New(clock, loc)

	fmt.Fprintf(out, "%-24s %-4s %-30s %9s %9s %9s %9s %7s\n", "question", "lang", "period", "p50 ms", "p95 ms", "raw p50", "raw p95", "ratio")
	failed := false
	for _, q := range questions {
		ps := periods[q.lang]
		if !strings.Contains(q.text, "{p}") {
			ps = []string{""} // a question over no period ("nunca compraram") runs once
		}
		for _, p := range ps {
			text := strings.ReplaceAll(q.text, "{p}", p)
			res, err := it.Interpret(text, catalog)
			if err != nil {
				fmt.Fprintf(out, "%-24s %-4s %-30s not understood: %v\n", q.id, q.lang, p, oneLine(err.Error(), 120))
				failed = true
				continue
			}
			routed, err := res.Request.Compile()
			if err != nil {
				return err
			}
			raw, err := res.Request.CompileRaw()
			if err != nil {
				return err
			}
			if printSQL {
				fmt.Fprintf(out, "-- %s %s %s\n%s;\n", q.id, q.lang, p, routed)
				if raw != routed {
					fmt.Fprintf(out, "-- raw\n%s;\n", raw)
				}
				continue
			}
			fast, err := timeQuery(ctx, guard, runner, routed, runs)
			if err != nil {
				fmt.Fprintf(out, "%-24s %-4s %-30s failed: %v\n", q.id, q.lang, p, oneLine(err.Error(), 120))
				failed = true
				continue
			}
			slow := fast
			if raw != routed {
				if slow, err = timeQuery(ctx, guard, runner, raw, rawRuns); err != nil {
					slow = nil // timed out: shown as "-"
				}
			}
			line := fmt.Sprintf("%-24s %-4s %-30s %9s %9s", q.id, q.lang, p, ms(pct(fast, 50)), ms(pct(fast, 95)))
			switch {
			case raw == routed:
				line += fmt.Sprintf(" %9s %9s %7s", "(raw)", "", "")
			case slow == nil:
				line += fmt.Sprintf(" %9s %9s %7s", "timeout", "", "")
			default:
				line += fmt.Sprintf(" %9s %9s %6.0fx", ms(pct(slow, 50)), ms(pct(slow, 95)), float64(pct(slow, 50))/float64(max(pct(fast, 50), time.Microsecond)))
			}
			fmt.Fprintln(out, line)
		}
	}
	if failed {
		return errors.New("some questions failed")
	}
	return nil
}

func readQuestions(r io.Reader) ([]question, error) {
	var out []question
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || (f[1] != "pt" && f[1] != "en") {
			return nil, fmt.Errorf("question line %q: want id, pt|en, question separated by tabs", line)
		}
		out = append(out, question{f[0], f[1], f[2]})
	}
	return out, sc.Err()
}

type discard struct{}

func (discard) Columns([]aiquery.ResultColumn) error { return nil }
func (discard) Row([][]byte) error                   { return nil }

// timeQuery runs sql n times as a report query and returns the latencies, sorted.
func timeQuery(ctx context.Context, guard *aiquery.Guard, runner *aiquery.Runner, sql string, n int) ([]time.Duration, error) {
	checked, err := guard.Check(sql)
	if err != nil {
		return nil, fmt.Errorf("guard: %w", err)
	}
	var lat []time.Duration
	for range n {
		start := time.Now()
		if _, err := runner.Run(ctx, checked, discard{}); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	return lat, nil
}

func pct(lat []time.Duration, p int) time.Duration { return lat[(len(lat)-1)*p/100] }

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64)
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "..."
	}
	return s
}
