package testkit

import (
	"os"
	"testing"
)

// SlowTestsVar is the environment variable that runs the slow tests: SLOW_TESTS=1.
const SlowTestsVar = "SLOW_TESTS"

// Slow marks a test as slow (tens of thousands of requests, or long waits): it is
// skipped, with a message saying how to run it, unless SLOW_TESTS is 1 or true. Under
// CI=true slow tests run unless SLOW_TESTS says otherwise, so `make test` on a laptop
// stays quick and CI runs everything.
func Slow(t testing.TB) {
	t.Helper()
	if !SlowTestsOn(os.Getenv) {
		t.Skipf("slow test: skipped unless %s=1 (CI runs it)", SlowTestsVar)
	}
}

// SlowTestsOn reports whether slow tests run under the environment getenv reads.
func SlowTestsOn(getenv func(string) string) bool {
	switch getenv(SlowTestsVar) {
	case "1", "true":
		return true
	case "":
		return getenv("CI") == "true"
	}
	return false
}
