package config

import (
	"strings"
	"testing"
	"time"
)

// TestServer covers the listener variables both services read: METRICS_ADDR apart from
// the API's port and the slow-client time limits (each service gives its own defaults).
func TestServer(t *testing.T) {
	const defHTTP, defMetrics = ":8080", ":9090"
	tests := []struct {
		name        string
		vars        map[string]string
		wantMetrics string
		wantRead    time.Duration
		wantStall   time.Duration
		wantErrOn   []string
	}{
		{"defaults: metrics on a port of their own", nil, defMetrics, 30 * time.Second, 60 * time.Second, nil},
		{"set", map[string]string{"METRICS_ADDR": "127.0.0.1:9100", "HTTP_READ_TIMEOUT": "10s", "HTTP_WRITE_STALL_TIMEOUT": "2m"}, "127.0.0.1:9100", 10 * time.Second, 2 * time.Minute, nil},
		{"metrics off", map[string]string{"METRICS_ADDR": "off"}, "", 30 * time.Second, 60 * time.Second, nil},
		{"metrics on the API port", map[string]string{"METRICS_ADDR": "0.0.0.0" + defHTTP}, "", 0, 0, []string{"METRICS_ADDR"}},
		{"metrics on the moved API port", map[string]string{"HTTP_ADDR": ":7000", "METRICS_ADDR": ":7000"}, "", 0, 0, []string{"METRICS_ADDR"}},
		{"malformed addresses", map[string]string{"HTTP_ADDR": "8080", "METRICS_ADDR": "metrics"}, "", 0, 0, []string{"HTTP_ADDR", "METRICS_ADDR"}},
		{"timeouts must be positive", map[string]string{"HTTP_READ_TIMEOUT": "0s", "HTTP_WRITE_STALL_TIMEOUT": "never"}, "", 0, 0, []string{"HTTP_READ_TIMEOUT", "HTTP_WRITE_STALL_TIMEOUT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewEnv(func(k string) string { return tt.vars[k] })
			s := e.Server(defHTTP, defMetrics)
			err := e.Err()
			if len(tt.wantErrOn) > 0 {
				if err == nil {
					t.Fatal("the configuration was accepted")
				}
				for _, name := range tt.wantErrOn {
					if !strings.Contains(err.Error(), name+":") {
						t.Errorf("error does not name %s: %v", name, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.MetricsAddr != tt.wantMetrics || s.HTTPReadTimeout != tt.wantRead || s.HTTPWriteStallTimeout != tt.wantStall {
				t.Fatalf("metrics %q, read %v, stall %v; want %q, %v, %v", s.MetricsAddr, s.HTTPReadTimeout, s.HTTPWriteStallTimeout, tt.wantMetrics, tt.wantRead, tt.wantStall)
			}
		})
	}
}
