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
