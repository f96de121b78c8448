package config

import (
	"strings"
	"testing"
	"time"
)

func TestEnvCollectsEveryProblem(t *testing.T) {
	vars := map[string]string{
		"PORTS":   "abc",
		"ON":      "maybe",
		"WAIT":    "-5s",
		"DB":      "mysql://x",
		"MODE":    "fast",
		"GOODINT": "7",
	}
	e := NewEnv(func(k string) string { return vars[k] })
	if got := e.Int("GOODINT", 1, 0); got != 7 {
		t.Errorf("GOODINT = %d", got)
	}
	e.Int("PORTS", 1, 0)
	e.Bool("ON", false)
	e.Duration("WAIT", time.Second)
	e.URL("DB", true, "postgres")
	e.Required("MISSING")
	e.OneOf("MODE", "slow", "slow", "safe")
	err := e.Err()
	if err == nil {
		t.Fatal("no error")
	}
	for _, name := range []string{"PORTS", "ON", "WAIT", "DB", "MISSING", "MODE"} {
		if !strings.Contains(err.Error(), name+":") {
			t.Errorf("error does not name %s:\n%v", name, err)
		}
	}
	if strings.Contains(err.Error(), "GOODINT") {
		t.Errorf("error names a valid variable:\n%v", err)
	}
}

func TestEnvDefaults(t *testing.T) {
	e := NewEnv(func(string) string { return "" })
	if e.String("A", "x") != "x" || e.Int("B", 3, 0) != 3 || !e.Bool("C", true) || e.Duration("D", time.Minute) != time.Minute || e.URL("E", false, "http") != "" {
		t.Fatal("defaults not applied")
	}
	if e.Err() != nil {
		t.Fatalf("unexpected error %v", e.Err())
	}
}

func TestListenAddr(t *testing.T) {
	tests := []struct {
		raw        string
		canDisable bool
		want       string
		wantErr    bool
	}{
		{"", false, ":9090", false},
		{":8080", false, ":8080", false},
		{"127.0.0.1:0", false, "127.0.0.1:0", false},
		{"[::1]:9090", false, "[::1]:9090", false},
		{"off", true, "", false},
		{"off", false, ":9090", true},
		{"9090", false, ":9090", true},
		{":http", false, ":9090", true},
		{":70000", false, ":9090", true},
		{"localhost", true, ":9090", true},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			e := NewEnv(func(string) string { return tt.raw })
			got := e.ListenAddr("ADDR", ":9090", tt.canDisable)
			if got != tt.want || (e.Err() != nil) != tt.wantErr {
				t.Fatalf("ListenAddr(%q) = %q, err %v; want %q, error %t", tt.raw, got, e.Err(), tt.want, tt.wantErr)
			}
		})
	}
}

func TestSamePort(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{":8080", ":8080", true},
		{":8080", "127.0.0.1:8080", true},
		{"0.0.0.0:8080", "10.0.0.1:8080", true},
		{"127.0.0.1:8080", "10.0.0.1:8080", false},
		{":8080", ":9090", false},
		{":0", ":0", false},
	}
	for _, tt := range tests {
		if got := SamePort(tt.a, tt.b); got != tt.want {
			t.Errorf("SamePort(%q, %q) = %t, want %t", tt.a, tt.b, got, tt.want)
		}
	}
}
