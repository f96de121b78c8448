package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/batch"
	"github.com/loyaltylinks/platform/loyalty/internal/config"
	"github.com/loyaltylinks/platform/shared/server"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

const adminUsage = `usage: loyalty admin <job> [flags]

jobs:
  reprocess-store-owner   give every customer without store_code_owner the store of its
                          first credit entry with a store_code and a coupon_identifier
  sync-app-users          set app_user of active, non-APP customers whose app_user is null
                          from the external app-user service (EXTERNAL_APP_USERS_URL)
  audit                   check the ledger's invariants over the whole database (balance =
                          sum of entries, reversals mirror cancelled entries, redeems agree
                          with their entries and items); prints each problem, exits 1 if any
  refresh-rollups         re-aggregate the report rollups now (what every replica does every
                          REPORT_ROLLUP_INTERVAL); the first run after migration 00560, or
                          after AI_TIMEZONE changed, rebuilds them whole

flags:
  --json                  print the final summary as JSON (both jobs)
  --batch-size N          sync-app-users: customers per batch (default 100)
  --offset N              sync-app-users: skip the first N matching customers (default 0)
  --concurrency N         sync-app-users: look-ups in flight (default 8)

A progress bar is drawn when stderr is a terminal, log lines otherwise. The summary goes
to stdout. The exit status is 1 when any customer could not be processed.
`

// runAdmin runs `loyalty admin <job>`.
func runAdmin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, adminUsage)
		if len(args) == 0 {
			return errors.New("admin: missing job")
		}
		return nil
	}
	job, args := args[0], args[1:]
	fs := flag.NewFlagSet("loyalty admin "+job, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, adminUsage) }
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	var batchSize, offset, concurrency *int
	switch job {
	case "reprocess-store-owner", "audit", "refresh-rollups":
	case "sync-app-users":
		batchSize = fs.Int("batch-size", 100, "customers per batch")
		offset = fs.Int("offset", 0, "matching customers to skip")
		concurrency = fs.Int("concurrency", batch.DefaultConcurrency, "look-ups in flight")
	default:
		fmt.Fprint(stderr, adminUsage)
		return fmt.Errorf("admin: unknown job %q", job)
	}
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("admin %s: %w", job, err)
	}
	if batchSize != nil && (*batchSize < 1 || *offset < 0 || *concurrency < 1) {
		return fmt.Errorf("admin %s: --batch-size and --concurrency must be >= 1, --offset >= 0", job)
	}

	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	tty := isTerminal(stderr)
	level := cfg.LogLevel
	if tty && level == "info" {
		level = "warn" // the progress bar says how it goes; keep the lines for trouble
	}
	logger, err := server.NewLogger(stderr, level, "loyalty")
	if err != nil {
		return err
	}
	a, done, err := openApp(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer done()
	jobs := a.Batch
	progress := newProgress(job, tty, stderr, logger)
	started := time.Now()

	var summary []field
	var failed int
	switch job {
	case "audit":
		problems, err := a.Audit(ctx)
		if err != nil {
			return fmt.Errorf("admin %s: %w", job, err)
		}
		for _, p := range problems {
			fmt.Fprintln(stdout, p)
		}
		summary = []field{{"problems", len(problems)}}
		failed = len(problems)
	case "refresh-rollups":
		pass, err := a.Rollups.Refresh(ctx)
		if err != nil {
			return fmt.Errorf("admin %s: %w", job, err)
		}
		if pass.Busy {
			return fmt.Errorf("admin %s: a replica's pass is running; try again when it ends", job)
		}
		summary = []field{{"partitions", pass.Partitions}, {"customers", pass.Customers}, {"customer periods", pass.CustomerPeriods}}
	case "reprocess-store-owner":
		stats, err := jobs.ReprocessStoreCodeOwner(ctx, progress)
		progress.finish()
		summary = []field{
			{"total_customers", stats.TotalCustomers}, {"updated", stats.Updated},
			{"not_found", stats.NotFound}, {"errors", stats.Errors},
		}
		if err != nil {
			printSummary(stdout, job, summary, time.Since(started), *asJSON)
			return fmt.Errorf("admin %s: %w", job, err)
		}
		failed = stats.Errors
	case "sync-app-users":
		if a.AppUsers == nil {
			return fmt.Errorf("admin %s: EXTERNAL_APP_USERS_URL is not set", job)
		}
		sum, err := syncAppUsers(ctx, jobs, a.AppUsers, batch.AppUserOptions{Limit: *batchSize, Offset: *offset, Concurrency: *concurrency}, progress)
		progress.finish()
		summary = []field{
			{"total_customers", sum.total}, {"processed", sum.processed}, {"updated_to_true", sum.toTrue},
			{"updated_to_false", sum.toFalse}, {"errors", sum.errors}, {"batches", sum.batches},
		}
		if err != nil {
			printSummary(stdout, job, summary, time.Since(started), *asJSON)
			return fmt.Errorf("admin %s: %w", job, err)
		}
		failed = sum.errors
	}
	printSummary(stdout, job, summary, time.Since(started), *asJSON)
	if failed > 0 {
		if job == "audit" {
			return fmt.Errorf("admin %s: %d problems found", job, failed)
		}
		return fmt.Errorf("admin %s: %d customers could not be processed (see the log)", job, failed)
	}
	return nil
}

type appUserSummary struct {
	total, processed, toTrue, toFalse, errors, batches int
}

// syncAppUsers runs SyncAppUsers batch after batch, following next_offset, until none is
// left: every matching customer is visited once.
func syncAppUsers(ctx context.Context, jobs *batch.Jobs, dir batch.AppUserDirectory, o batch.AppUserOptions, p *progress) (appUserSummary, error) {
	var sum appUserSummary
	total, err := jobs.CountAppUserCandidates(ctx)
	if err != nil {
		return sum, err
	}
	sum.total = total
	p.Total(max(0, total-o.Offset))
	for {
		st, err := jobs.SyncAppUsers(ctx, dir, o, p)
		sum.processed += st.Processed
		sum.toTrue += st.UpdatedToTrue
		sum.toFalse += st.UpdatedToFalse
		sum.errors += st.Errors
		if err != nil {
			return sum, err
		}
		sum.batches++
		// Processed 0 means the window came back empty: the set shrank under us; stop.
		if st.NextOffset == nil || st.Processed == 0 {
			return sum, nil
		}
		o.Offset = *st.NextOffset
	}
}

type field struct {
	name  string
	value int
}

func printSummary(w io.Writer, job string, fields []field, took time.Duration, asJSON bool) {
	if asJSON {
		m := make(map[string]int, len(fields))
		for _, f := range fields {
			m[f.name] = f.value
		}
		_ = json.NewEncoder(w).Encode(m)
		return
	}
	fmt.Fprintf(w, "%s finished in %s\n", job, took.Round(time.Millisecond))
	for _, f := range fields {
		fmt.Fprintf(w, "  %-17s %d\n", f.name, f.value)
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress is a batch.Progress drawn as a bar on a terminal, or logged at most every few
// seconds (and at the end) otherwise.
type progress struct {
	job string
	bar *progressbar.ProgressBar // nil when not on a terminal
	log *slog.Logger

	mu      sync.Mutex
	total   int
	done    int
	lastLog time.Time
}

func newProgress(job string, tty bool, w io.Writer, log *slog.Logger) *progress {
	p := &progress{job: job, log: log, lastLog: time.Now()}
	if tty {
		p.bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(job),
			progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("customers"),
			progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))
	}
	return p
}

func (p *progress) Total(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total = n
	if p.bar != nil {
		p.bar.ChangeMax(n)
		return
	}
	p.log.Info("admin job started", "job", p.job, "customers", n)
}

func (p *progress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if p.bar != nil {
		_ = p.bar.Add(n)
		return
	}
	if time.Since(p.lastLog) >= 2*time.Second {
		p.lastLog = time.Now()
		p.log.Info("admin job progress", "job", p.job, "done", p.done, "total", p.total)
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		return
	}
	p.log.Info("admin job progress", "job", p.job, "done", p.done, "total", p.total)
}
