package main

import (
	"encoding/json"
	"fmt"
	"net"
	"strconv"
)

// probe is the part of a container probe that says where it connects.
type probe struct {
	HTTPGet   *struct{ Port json.RawMessage } `json:"httpGet"`
	TCPSocket *struct{ Port json.RawMessage } `json:"tcpSocket"`
	GRPC      *struct{ Port int }             `json:"grpc"`
}

// port is the name or number a probe or a Service's targetPort refers to.
func (p *probe) port() json.RawMessage {
	switch {
	case p == nil:
		return nil
	case p.HTTPGet != nil:
		return p.HTTPGet.Port
	case p.TCPSocket != nil:
		return p.TCPSocket.Port
	case p.GRPC != nil:
		return json.RawMessage(strconv.Itoa(p.GRPC.Port))
	}
	return nil
}

// refersTo reports whether a port reference (a JSON name or number) is the named port.
func refersTo(ref json.RawMessage, name string, number int) bool {
	var s string
	if json.Unmarshal(ref, &s) == nil {
		return s == name || s == strconv.Itoa(number)
	}
	var n int
	return json.Unmarshal(ref, &n) == nil && n == number
}

// checkMetrics holds every pod template annotated prometheus.io/scrape=true to the
// services' split of ports: /metrics is served on METRICS_ADDR, never on the public port.
//   - prometheus.io/port is the containerPort named "metrics";
//   - METRICS_ADDR (env or an envFrom ConfigMap) is set and listens on that port;
//   - no probe uses it (probes check the port that serves traffic);
//   - no Service selecting the pod targets it (Ingresses reach pods through Services).
func checkMetrics(objs []object) []string {
	var problems []string
	configMaps := map[string]map[string]any{}
	for _, o := range objs {
		if o.Kind == "ConfigMap" {
			configMaps[o.Metadata.Name] = o.Data
		}
	}
	for _, o := range objs {
		tpl := o.Spec.Template
		if tpl == nil || tpl.Metadata.Annotations["prometheus.io/scrape"] != "true" {
			continue
		}
		bad := func(format string, args ...any) {
			problems = append(problems, fmt.Sprintf("%s/%s: %s", o.Kind, o.Metadata.Name, fmt.Sprintf(format, args...)))
		}
		scrapePort := tpl.Metadata.Annotations["prometheus.io/port"]
		metricsPort, owner := 0, -1
		for i, c := range tpl.Spec.Containers {
			for _, p := range c.Ports {
				if p.Name == "metrics" {
					metricsPort, owner = p.ContainerPort, i
				}
			}
		}
		if owner < 0 {
			bad(`scraped by Prometheus but no containerPort is named "metrics"`)
			continue
		}
		if scrapePort != strconv.Itoa(metricsPort) {
			bad("prometheus.io/port is %q, the metrics containerPort is %d", scrapePort, metricsPort)
		}
		c := tpl.Spec.Containers[owner]
		addr, found := "", false
		for _, e := range c.EnvFrom {
			if e.ConfigMapRef != nil {
				if v, ok := configMaps[e.ConfigMapRef.Name]["METRICS_ADDR"].(string); ok {
					addr, found = v, true
				}
			}
		}
		for _, e := range c.Env {
			if e.Name == "METRICS_ADDR" {
				addr, found = e.Value, true
			}
		}
		if _, port, err := net.SplitHostPort(addr); !found || err != nil || port != strconv.Itoa(metricsPort) {
			bad("container %s: METRICS_ADDR is %q (set: %t), want it listening on the metrics containerPort %d", c.Name, addr, found, metricsPort)
		}
		for _, c := range tpl.Spec.Containers {
			for kind, p := range map[string]*probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
				if ref := p.port(); ref != nil && refersTo(ref, "metrics", metricsPort) {
					bad("container %s: the %s probe uses the metrics port; probe the port that serves traffic", c.Name, kind)
				}
			}
		}
		for _, svc := range objs {
			var sel map[string]string
			if svc.Kind != "Service" || json.Unmarshal(svc.Spec.Selector, &sel) != nil || len(sel) == 0 || !matches(sel, tpl.Metadata.Labels) {
				continue
			}
			for _, p := range svc.Spec.Ports {
				target := p.TargetPort
				if len(target) == 0 { // defaults to the Service port
					target = json.RawMessage(strconv.Itoa(p.Port))
				}
				if refersTo(target, "metrics", metricsPort) {
					bad("Service %s exposes the metrics port (%s): metrics stay off Services", svc.Metadata.Name, target)
				}
			}
		}
	}
	return problems
}
