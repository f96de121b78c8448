// Package config reads environment variables with defaults and collects every invalid or
// missing one, so a service refuses to start with one message naming them all.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Env reads variables through getenv (os.Getenv in main, a map in tests).
type Env struct {
	getenv func(string) string
	errs   []error
}

// NewEnv returns a reader over getenv.
func NewEnv(getenv func(string) string) *Env { return &Env{getenv: getenv} }

// Err returns every problem found so far, joined, or nil.
func (e *Env) Err() error { return errors.Join(e.errs...) }

func (e *Env) fail(name, format string, args ...any) {
	e.errs = append(e.errs, fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...)))
}

// String returns the variable or def when it is unset or empty.
func (e *Env) String(name, def string) string {
	if v := strings.TrimSpace(e.getenv(name)); v != "" {
		return v
	}
	return def
}

// Required returns the variable, recording an error when it is unset or empty.
func (e *Env) Required(name string) string {
	v := strings.TrimSpace(e.getenv(name))
	if v == "" {
		e.fail(name, "required but not set")
	}
	return v
}

// Bool parses true/false/1/0 (strconv.ParseBool).
func (e *Env) Bool(name string, def bool) bool {
	raw := strings.TrimSpace(e.getenv(name))
	if raw == "" {
		return def
	}
	v, err := strconv.ParseBool(raw)
	if err != nil {
		e.fail(name, "want true or false, got %q", raw)
		return def
	}
	return v
}

// Int parses an integer at least min.
func (e *Env) Int(name string, def, min int) int {
	raw := strings.TrimSpace(e.getenv(name))
	if raw == "" {
		return def
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < min {
		e.fail(name, "want an integer >= %d, got %q", min, raw)
		return def
	}
	return v
}

// Float parses a number greater than zero.
func (e *Env) Float(name string, def float64) float64 {
	raw := strings.TrimSpace(e.getenv(name))
	if raw == "" {
		return def
	}
	v, err := strconv.ParseFloat(raw, 64)
	if err != nil || v <= 0 {
		e.fail(name, "want a number > 0, got %q", raw)
		return def
	}
	return v
}

// Duration parses a Go duration ("15m", "24h") greater than zero.
func (e *Env) Duration(name string, def time.Duration) time.Duration {
	raw := strings.TrimSpace(e.getenv(name))
	if raw == "" {
		return def
	}
	v, err := time.ParseDuration(raw)
	if err != nil || v <= 0 {
		e.fail(name, "want a positive duration such as 30s or 24h, got %q", raw)
		return def
	}
	return v
}

// URL parses an absolute URL whose scheme is one of schemes. An empty optional variable
// gives "".
func (e *Env) URL(name string, required bool, schemes ...string) string {
	raw := strings.TrimSpace(e.getenv(name))
	if raw == "" {
		if required {
			e.fail(name, "required but not set")
		}
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		e.fail(name, "not an absolute URL")
		return ""
	}
	for _, s := range schemes {
		if u.Scheme == s {
			return raw
		}
	}
	e.fail(name, "scheme must be one of %s, got %q", strings.Join(schemes, ", "), u.Scheme)
	return ""
}

// OneOf returns the variable when it is one of allowed, def when unset.
func (e *Env) OneOf(name, def string, allowed ...string) string {
	v := e.String(name, def)
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	e.fail(name, "want one of %s, got %q", strings.Join(allowed, ", "), v)
	return def
}

// ListenAddr parses a listen address, host:port or :port (port 0 picks a free one). With
// canDisable, "off" is accepted and gives "": the listener is not started.
func (e *Env) ListenAddr(name, def string, canDisable bool) string {
	raw := e.String(name, def)
	if canDisable && raw == "off" {
		return ""
	}
	if _, port, err := net.SplitHostPort(raw); err == nil {
		if n, err := strconv.Atoi(port); err == nil && n >= 0 && n <= 65535 {
			return raw
		}
	}
	want := "host:port or :port"
	if canDisable {
		want += ", or off"
	}
	e.fail(name, "want %s, got %q", want, raw)
	return def
}

// SamePort reports whether two listen addresses would collide: the same non-zero port on
// the same host, or on any host when either listens on every interface.
func SamePort(a, b string) bool {
	hostA, portA, errA := net.SplitHostPort(a)
	hostB, portB, errB := net.SplitHostPort(b)
	if errA != nil || errB != nil || portA != portB || portA == "0" {
		return false
	}
	return hostA == hostB || hostA == "" || hostB == "" || hostA == "0.0.0.0" || hostB == "0.0.0.0" || hostA == "::" || hostB == "::"
}
