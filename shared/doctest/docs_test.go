package doctest

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m, nil) }

// documents are run in this order against one pair of services, as a user reading the
// README and then each service's documents would paste them after one `make run`.
var documents = []string{
	"README.md",
	"loyalty/docs/core.md",
	"loyalty/docs/ledger.md",
	"loyalty/docs/exports.md",
	"loyalty/docs/webhooks.md",
	"loyalty/docs/ai-queries.md",
	"loyalty/docs/sizing.md",
	"linkmgmt/docs/api.md",
	"linkmgmt/docs/links.md",
	"linkmgmt/docs/qr.md",
	"linkmgmt/docs/analytics.md",
}

// shownAddresses are the addresses the documents show: make run's defaults.
var shownAddresses = map[string]string{"loyalty": "localhost:8080", "linkmgmt": "localhost:8081"}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestEveryDocumentIsRun(t *testing.T) {
	root := repoRoot(t)
	found := []string{"README.md"}
	for _, pattern := range []string{"*/docs/*.md"} {
		matches, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range matches {
			rel, _ := filepath.Rel(root, m)
			found = append(found, rel)
		}
	}
	for _, f := range found {
		if !slices.Contains(documents, f) {
			t.Errorf("%s is not in doctest's documents: add it where a reader would come to it", f)
		}
	}
	for _, d := range documents {
		if !slices.Contains(found, d) {
			t.Errorf("doctest's documents name %s, which does not exist", d)
		}
	}
}

// TestEveryExampleParses checks the conventions without services: every runnable block
// splits into commands, every norun block says why.
func TestEveryExampleParses(t *testing.T) {
	root := repoRoot(t)
	for _, doc := range documents {
		raw, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := ParseBlocks(string(raw))
		if err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		var commands, shown, norun int
		for _, b := range blocks {
			if b.NoRun() {
				norun++
			}
			if b.Runs() {
				units, err := b.Units()
				if err != nil {
					t.Errorf("%s: %v", doc, err)
				}
				for _, u := range units {
					commands++
					if u.Shown {
						shown++
					}
				}
			}
		}
		t.Logf("%s: %d commands run, %d with their output compared, %d norun blocks", doc, commands, shown, norun)
	}
}

// TestDocumentExamples starts both services as make run does (scripts/run.sh, on a
// database and a Redis of the test's own, free ports), then pastes every example of
// every document in order, one shell per document started with the export lines make
// run printed.
func TestDocumentExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("doctest: runs both services (skipped with -short)")
	}
	for _, tool := range []string{"bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("doctest: %s not found (the documents' examples use it)", tool)
			}
			t.Skipf("doctest: %s not found: the documents' examples are not run (apt-get install %s)", tool, tool)
		}
	}
	root := repoRoot(t)
	work := t.TempDir()
	var svc services
	if file := os.Getenv("DOCTEST_MAKE_RUN"); file != "" {
		svc = runningServices(t, root, work, file)
	} else {
		svc = startServices(t, root, work)
	}
	for _, doc := range documents {
		t.Run(strings.ReplaceAll(doc, "/", "_"), func(t *testing.T) {
			runDocument(t, root, doc, work, svc)
			if t.Failed() {
				svc.showLogs(t)
			}
		})
	}
}

type services struct {
	exports []string          // the export lines make run printed
	rewrite map[string]string // actual address -> the one the documents show
	logDir  string
}

func (s services) showLogs(t *testing.T) {
	for _, name := range []string{"loyalty", "linkmgmt"} {
		raw, _ := os.ReadFile(filepath.Join(s.logDir, name+".log"))
		lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
		if len(lines) > 15 {
			lines = lines[len(lines)-15:]
		}
		t.Logf("last lines of %s.log:\n%s", name, strings.Join(lines, "\n"))
	}
}

func startServices(t *testing.T, root, work string) services {
	t.Helper()
	start := time.Now()
	binDir := filepath.Join(work, "bin")
	args := []string{"build", "-o", binDir + string(filepath.Separator)}
	if raceEnabled {
		args = append(args, "-race")
	}
	build := exec.Command("go", append(args, "./loyalty/cmd/loyalty", "./linkmgmt/cmd/linkmgmt")...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	t.Logf("doctest: binaries built in %s (race detector %v)", time.Since(start).Round(time.Millisecond), raceEnabled)
	start = time.Now()
	databaseURL, redisURL := testkit.NewDatabase(t), testkit.Redis(t)
	ports := map[string]string{"loyalty": freePort(t), "linkmgmt": freePort(t)}
	logDir := filepath.Join(work, "logs")
	cmd := exec.Command("bash", "scripts/run.sh")
	cmd.Dir = root
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + os.Getenv("HOME"),
		"DATABASE_URL=" + databaseURL,
		"REDIS_URL=" + redisURL,
		"LOYALTY_ADDR=:" + ports["loyalty"],
		"LINKMGMT_ADDR=:" + ports["linkmgmt"],
		"LOYALTY_METRICS_ADDR=off",
		"LINKMGMT_METRICS_ADDR=off",
		"RUN_BIN_DIR=" + binDir,
		"RUN_LOG_DIR=" + logDir,
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	t.Cleanup(func() {
		// Ctrl-C's way out: run.sh stops both services and exits 0.
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			t.Errorf("scripts/run.sh did not stop within 30 s of SIGTERM")
		}
	})

	// The banner, printed once both services answer, ends with the Ctrl-C line.
	banner := make(chan []string, 1)
	go func() {
		var lines []string
		sc := bufio.NewScanner(stdout)
		sent := false
		for sc.Scan() {
			lines = append(lines, sc.Text())
			if !sent && strings.Contains(sc.Text(), "Ctrl-C stops") {
				banner <- lines
				sent = true
			}
		}
		if !sent {
			banner <- nil
		}
		_ = cmd.Wait()
		close(exited)
	}()
	var lines []string
	select {
	case lines = <-banner:
	case <-time.After(2 * time.Minute):
		t.Fatalf("scripts/run.sh printed no banner in 2 minutes; stderr:\n%s", stderr.String())
	}
	if lines == nil {
		t.Fatalf("scripts/run.sh exited before its banner; stderr:\n%s", stderr.String())
	}
	t.Logf("doctest: scripts/run.sh printed its banner after %s", time.Since(start).Round(time.Millisecond))
	svc := services{rewrite: map[string]string{}, logDir: logDir}
	for _, l := range lines {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "export ") {
			svc.exports = append(svc.exports, l)
		}
	}
	if len(svc.exports) == 0 {
		t.Fatalf("make run's banner has no export lines:\n%s", strings.Join(lines, "\n"))
	}
	for name, port := range ports {
		svc.rewrite["localhost:"+port] = shownAddresses[name]
	}
	return svc
}

// runningServices uses services already running (DOCTEST_MAKE_RUN names a file holding
// the export lines their make run printed; the binaries are the clone's bin/): quicker
// while editing a document, on data the earlier documents left.
func runningServices(t *testing.T, root, work, file string) services {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "bin"), filepath.Join(work, "bin")); err != nil {
		t.Fatal(err)
	}
	svc := services{rewrite: map[string]string{}, logDir: filepath.Join(root, ".local", "logs")}
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "export ") {
			svc.exports = append(svc.exports, l)
		}
		for name, variable := range map[string]string{"loyalty": "LOYALTY_URL='http://", "linkmgmt": "LINKMGMT_URL='http://"} {
			if _, rest, ok := strings.Cut(l, variable); ok {
				addr, _, _ := strings.Cut(rest, "'")
				svc.rewrite[addr] = shownAddresses[name]
			}
		}
	}
	return svc
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// runDocument pastes a document's examples, in order, into a new shell that starts with
// make run's export lines, and stops at the first one that fails.
func runDocument(t *testing.T, root, doc, work string, svc services) {
	raw, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := ParseBlocks(string(raw))
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + work, // no ~/.curlrc or ~/.jq of the developer's
		"LANG=C.UTF-8",
		"TMPDIR=" + work,
	}
	sh, err := StartSession(work, env)
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	ctx := context.Background()
	if res, err := sh.Run(ctx, strings.Join(svc.exports, "\n")); err != nil || res.Exited {
		t.Fatalf("make run's export lines: %v %+v", err, res)
	}
	for _, b := range blocks {
		if !b.Runs() {
			continue
		}
		units, err := b.Units()
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		for _, u := range units {
			if err := runUnit(ctx, sh, u, svc); err != nil {
				t.Fatalf("%s:%d:\n%s\n\n%v", doc, u.Line, indent(u.Command), err)
			}
		}
	}
}

func runUnit(ctx context.Context, sh *Session, u Unit, svc services) error {
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	res, err := sh.Run(ctx, u.Command)
	if err != nil {
		return err
	}
	stdout := RewriteAddresses(res.Stdout, svc.rewrite)
	if res.Exited {
		return fmt.Errorf("exit status %d\nstdout:\n%s\nstderr:\n%s", res.ExitCode, stdout, res.Stderr)
	}
	if err := CheckStatuses(res.Statuses, u.Statuses); err != nil {
		return fmt.Errorf("%w\nstdout:\n%s", err, stdout)
	}
	if u.Shown {
		if err := Match(u.Expected, stdout); err != nil {
			return err
		}
	}
	return nil
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }
