package main

import (
	"strings"
	"testing"
)

// scraped is a minimal valid rendering: a Deployment scraped on its metrics port, its
// ConfigMap and a Service for the public port.
const scraped = `
apiVersion: v1
kind: ConfigMap
metadata: {name: app-config}
data: {HTTP_ADDR: ":8080", METRICS_ADDR: ":9090"}
---
apiVersion: v1
kind: Service
metadata: {name: app}
spec:
  selector: {app: x}
  ports: [{name: http, port: 80, targetPort: http}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: app}
spec:
  template:
    metadata:
      labels: {app: x}
      annotations: {prometheus.io/scrape: "true", prometheus.io/port: "9090"}
    spec:
      securityContext: {runAsNonRoot: true, seccompProfile: {type: RuntimeDefault}}
      containers:
        - name: app
          image: app:1
          envFrom: [{configMapRef: {name: app-config}}]
          ports: [{name: http, containerPort: 8080}, {name: metrics, containerPort: 9090}]
          resources: {requests: {cpu: 1, memory: 1}, limits: {memory: 1}}
          readinessProbe: {httpGet: {path: /readyz, port: http}}
          livenessProbe: {httpGet: {path: /healthz, port: 8080}}
          securityContext: {readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}
`

func TestMetricsPortPolicy(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           string // part of the expected problem; "" = none
	}{
		{"valid", "", "", ""},
		{"scrape annotation on the public port", `prometheus.io/port: "9090"`, `prometheus.io/port: "8080"`, "prometheus.io/port"},
		{"no metrics containerPort", `{name: metrics, containerPort: 9090}`, `{name: admin, containerPort: 9090}`, `named "metrics"`},
		{"METRICS_ADDR on another port", `METRICS_ADDR: ":9090"`, `METRICS_ADDR: ":9999"`, "METRICS_ADDR"},
		{"METRICS_ADDR not set", `, METRICS_ADDR: ":9090"`, ``, "METRICS_ADDR"},
		{"METRICS_ADDR off", `METRICS_ADDR: ":9090"`, `METRICS_ADDR: "off"`, "METRICS_ADDR"},
		{"probe on the metrics port by name", `port: http}}`, `port: metrics}}`, "readiness probe"},
		{"probe on the metrics port by number", `port: 8080}}`, `port: 9090}}`, "liveness probe"},
		{"Service exposes metrics", `targetPort: http}`, `targetPort: http}, {name: m, port: 9090, targetPort: metrics}`, "exposes the metrics port"},
		{"Service exposes metrics by default targetPort", `targetPort: http}`, `targetPort: http}, {name: m, port: 9090}`, "exposes the metrics port"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := scraped
			if tt.old != "" {
				if !strings.Contains(doc, tt.old) {
					t.Fatalf("fixture lacks %q", tt.old)
				}
				doc = strings.Replace(doc, tt.old, tt.new, 1)
			}
			objs, err := decode(strings.NewReader(doc))
			if err != nil {
				t.Fatal(err)
			}
			problems := check(objs, false)
			if tt.want == "" {
				if len(problems) > 0 {
					t.Fatalf("problems in a valid rendering: %v", problems)
				}
				return
			}
			if len(problems) == 0 || !strings.Contains(strings.Join(problems, "\n"), tt.want) {
				t.Fatalf("problems %v, want one about %q", problems, tt.want)
			}
		})
	}
}
