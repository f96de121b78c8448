package doctest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"testing"
)

// TestSession: one shell per document, as a terminal: variables carry over, each curl
// reports its status, and a failing command ends the session.
func TestSession(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.Error(w, `{"error":1}`, http.StatusNotFound)
			return
		}
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	sh, err := StartSession(t.TempDir(), []string{"PATH=" + os.Getenv("PATH"), "URL=" + srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	ctx := context.Background()
	steps := []struct {
		command      string
		stdout       string
		statuses     []int
		exited       bool
		wantExitCode int
	}{
		{command: "X=hello; cd /", stdout: ""},
		{command: "echo $X $(pwd)", stdout: "hello /\n"},
		{command: "curl -s $URL/; curl -s $URL/missing", stdout: `{"ok":true}` + `{"error":1}` + "\n", statuses: []int{200, 404}},
		{command: "V=$(curl -s $URL/ | cat); echo \"$V\"", stdout: `{"ok":true}` + "\n", statuses: []int{200}},
		{command: "false; echo not reached", exited: true, wantExitCode: 1},
	}
	for _, s := range steps {
		res, err := sh.Run(ctx, s.command)
		if err != nil {
			t.Fatalf("%q: %v", s.command, err)
		}
		if res.Stdout != s.stdout || !slices.Equal(res.Statuses, s.statuses) || res.Exited != s.exited || res.ExitCode != s.wantExitCode {
			t.Fatalf("%q: got %+v, want stdout %q statuses %v exited %v code %d", s.command, res, s.stdout, s.statuses, s.exited, s.wantExitCode)
		}
	}
}
