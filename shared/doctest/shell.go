package doctest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Session is one bash process standing for a user's terminal: commands run in it one
// after another, so variables, functions and the working directory carry over.
type Session struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	done    chan string // the end markers the shell prints after each command
	scratch string      // where command files and their output go
	n       int
}

// Result is what one command did.
type Result struct {
	Stdout, Stderr string // stderr without the runner's status lines
	Statuses       []int  // the HTTP status of every curl transfer, in order
	Exited         bool   // the command failed and ended the session (set -e)
	ExitCode       int
}

// statusPrefix starts the line the curl wrapper writes on stderr after each transfer.
const statusPrefix = "doctest-http-status "

// prelude wraps curl so that every transfer reports its HTTP status on stderr (a -w
// given by the document comes later on the command line and wins).
const prelude = `curl() { command curl -w '%{stderr}` + statusPrefix + `%{http_code}\n' "$@"; }
`

// StartSession starts bash in dir with exactly env (and the curl wrapper).
func StartSession(dir string, env []string) (*Session, error) {
	scratch, err := os.MkdirTemp("", "doctest-session-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("bash", "--noprofile", "--norc")
	cmd.Dir = dir
	cmd.Env = env
	// Its own process group, so that Close also ends what the document started in the
	// background.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard // each command's own stderr goes to its file
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Session{cmd: cmd, stdin: stdin, done: make(chan string), scratch: scratch}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.done <- sc.Text()
		}
		close(s.done)
	}()
	if _, err := io.WriteString(stdin, prelude); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Run runs shell text as if pasted, with set -e: a failing command ends the session
// (Result.Exited), as it ends the example.
func (s *Session) Run(ctx context.Context, command string) (Result, error) {
	s.n++
	base := filepath.Join(s.scratch, strconv.Itoa(s.n))
	if err := os.WriteFile(base+".sh", []byte(command+"\n"), 0o600); err != nil {
		return Result{}, err
	}
	marker := fmt.Sprintf("doctest-done-%d", s.n)
	line := fmt.Sprintf("{ set -e; . %q; } <%s >%q 2>%q; set +e; echo %s\n",
		base+".sh", os.DevNull, base+".out", base+".err", marker)
	if _, err := io.WriteString(s.stdin, line); err != nil {
		return Result{}, fmt.Errorf("the shell is gone: %w", err)
	}
	var res Result
	select {
	case got, ok := <-s.done:
		if !ok {
			err := s.cmd.Wait()
			res.Exited = true
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				res.ExitCode = exit.ExitCode()
			}
		} else if got != marker {
			return Result{}, fmt.Errorf("unexpected line from the shell: %q", got)
		}
	case <-ctx.Done():
		s.Close()
		return Result{}, fmt.Errorf("command still running: %w", ctx.Err())
	}
	out, _ := os.ReadFile(base + ".out")
	errOut, _ := os.ReadFile(base + ".err")
	res.Stdout = string(out)
	res.Stderr, res.Statuses = splitStatuses(string(errOut))
	return res, nil
}

var statusLine = regexp.MustCompile(`(?m)^` + statusPrefix + `(\d{3})\n?`)

// splitStatuses takes the wrapper's status lines out of stderr.
func splitStatuses(stderr string) (string, []int) {
	var statuses []int
	for _, m := range statusLine.FindAllStringSubmatch(stderr, -1) {
		code, _ := strconv.Atoi(m[1])
		statuses = append(statuses, code)
	}
	return statusLine.ReplaceAllString(stderr, ""), statuses
}

// Close ends the shell and everything it started.
func (s *Session) Close() {
	if s.cmd.Process != nil {
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	}
	_ = s.stdin.Close()
	for range s.done {
	}
	_ = s.cmd.Wait()
	_ = os.RemoveAll(s.scratch)
}

// CheckStatuses applies the HTTP rule to one command: every curl transfer got an answer
// below 400, or one the shown output declares.
func CheckStatuses(got, declared []int) error {
	for _, code := range got {
		if code == 0 {
			return errors.New("curl got no HTTP answer (status 000)")
		}
		if code >= 400 && !slices.Contains(declared, code) {
			return fmt.Errorf("curl got HTTP %d, which the shown output does not declare (show it: curl -i, or end the output with \"# %d\")", code, code)
		}
	}
	for _, code := range declared {
		if !slices.Contains(got, code) {
			return fmt.Errorf("the shown output declares HTTP %d, the command got %v", code, got)
		}
	}
	return nil
}

// RewriteAddresses replaces the addresses the services really listen on with the ones
// the documents show (make run's defaults), in a command's output.
func RewriteAddresses(s string, actualToShown map[string]string) string {
	for actual, shown := range actualToShown {
		s = strings.ReplaceAll(s, actual, shown)
	}
	return s
}
