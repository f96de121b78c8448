// Command manifestlint checks rendered Kubernetes manifests (kustomize build
// output on stdin) for what a JSON schema cannot express: our operational
// policy and the references between objects. kubeconform does the schema part.
//
//	kustomize build deploy/k8s/overlays/production | manifestlint -release
//
// Policy, for every workload's pod template:
//   - runAsNonRoot, seccomp RuntimeDefault (pod or container level);
//   - every container: cpu/memory requests and a memory limit,
//     readOnlyRootFilesystem, no privilege escalation, capabilities drop ALL;
//   - Deployments: readiness and liveness probes on every container.
//   - pods scraped by Prometheus: metrics on a port of their own (see metrics.go).
//
// References: Services select some workload's pods; Ingress backends name a
// rendered Service and one of its ports; HPAs and PDBs target something that
// exists; envFrom ConfigMaps are rendered (Secrets may come from outside).
//
// -release (overlays that get deployed) also refuses placeholder Secrets
// (CHANGE_ME) and images without a pinned tag or digest (none, :latest).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"sigs.k8s.io/yaml"
)

type meta struct {
	Name        string            `json:"name"`
	Labels      map[string]string `json:"labels"`
	Annotations map[string]string `json:"annotations"`
}

type container struct {
	Name    string `json:"name"`
	Image   string `json:"image"`
	EnvFrom []struct {
		ConfigMapRef *struct{ Name string } `json:"configMapRef"`
	} `json:"envFrom"`
	Env []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"env"`
	Ports []struct {
		Name          string `json:"name"`
		ContainerPort int    `json:"containerPort"`
	} `json:"ports"`
	Resources struct {
		Requests map[string]any `json:"requests"`
		Limits   map[string]any `json:"limits"`
	} `json:"resources"`
	ReadinessProbe  *probe           `json:"readinessProbe"`
	LivenessProbe   *probe           `json:"livenessProbe"`
	StartupProbe    *probe           `json:"startupProbe"`
	SecurityContext *securityContext `json:"securityContext"`
}

type securityContext struct {
	RunAsNonRoot             *bool `json:"runAsNonRoot"`
	ReadOnlyRootFilesystem   *bool `json:"readOnlyRootFilesystem"`
	AllowPrivilegeEscalation *bool `json:"allowPrivilegeEscalation"`
	Capabilities             *struct {
		Drop []string `json:"drop"`
	} `json:"capabilities"`
	SeccompProfile *struct {
		Type string `json:"type"`
	} `json:"seccompProfile"`
}

type podTemplate struct {
	Metadata meta `json:"metadata"`
	Spec     struct {
		SecurityContext *securityContext `json:"securityContext"`
		InitContainers  []container      `json:"initContainers"`
		Containers      []container      `json:"containers"`
	} `json:"spec"`
}

type object struct {
	APIVersion string         `json:"apiVersion"`
	Kind       string         `json:"kind"`
	Metadata   meta           `json:"metadata"`
	Data       map[string]any `json:"data"`
	StringData map[string]any `json:"stringData"`
	Spec       struct {
		// Deployment, StatefulSet, DaemonSet, Job
		Template *podTemplate `json:"template"`
		// CronJob
		JobTemplate *struct {
			Spec struct {
				Template *podTemplate `json:"template"`
			} `json:"spec"`
		} `json:"jobTemplate"`
		// Service
		Selector json.RawMessage `json:"selector"`
		Ports    []struct {
			Name       string          `json:"name"`
			Port       int             `json:"port"`
			TargetPort json.RawMessage `json:"targetPort"` // name or number
		} `json:"ports"`
		// HPA
		ScaleTargetRef *struct {
			Kind string `json:"kind"`
			Name string `json:"name"`
		} `json:"scaleTargetRef"`
		// Ingress
		DefaultBackend *backend `json:"defaultBackend"`
		Rules          []struct {
			Host string `json:"host"`
			HTTP *struct {
				Paths []struct {
					Path    string  `json:"path"`
					Backend backend `json:"backend"`
				} `json:"paths"`
			} `json:"http"`
		} `json:"rules"`
	} `json:"spec"`
}

type backend struct {
	Service *struct {
		Name string `json:"name"`
		Port struct {
			Name   string `json:"name"`
			Number int    `json:"number"`
		} `json:"port"`
	} `json:"service"`
}

func main() {
	release := flag.Bool("release", false, "deployable overlay: no placeholder Secrets, pinned image tags")
	flag.Parse()
	objs, err := decode(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "manifestlint:", err)
		os.Exit(1)
	}
	problems := check(objs, *release)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "manifestlint:", p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("manifestlint: %d objects, policy and references OK\n", len(objs))
}

// decode splits a YAML stream on document separators and decodes each one.
func decode(r io.Reader) ([]object, error) {
	var docs [][]byte
	var cur bytes.Buffer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimRight(line, " ") == "---" {
			docs = append(docs, bytes.Clone(cur.Bytes()))
			cur.Reset()
			continue
		}
		cur.WriteString(line + "\n")
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	docs = append(docs, cur.Bytes())
	var objs []object
	for i, d := range docs {
		j, err := yaml.YAMLToJSON(d)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", i+1, err)
		}
		if string(bytes.TrimSpace(j)) == "null" {
			continue
		}
		var o object
		if err := json.Unmarshal(j, &o); err != nil {
			return nil, fmt.Errorf("document %d: %w", i+1, err)
		}
		objs = append(objs, o)
	}
	if len(objs) == 0 {
		return nil, fmt.Errorf("no objects in input")
	}
	return objs, nil
}

func check(objs []object, release bool) []string {
	var problems []string
	bad := func(o object, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s/%s: %s", o.Kind, o.Metadata.Name, fmt.Sprintf(format, args...)))
	}
	has := map[string]bool{} // "Kind/name"
	services := map[string]object{}
	configMaps := map[string]bool{}
	workloads := 0
	for _, o := range objs {
		has[o.Kind+"/"+o.Metadata.Name] = true
		switch o.Kind {
		case "Service":
			services[o.Metadata.Name] = o
		case "ConfigMap":
			configMaps[o.Metadata.Name] = true
		}
	}
	for _, o := range objs {
		tpl := o.Spec.Template
		if o.Kind == "CronJob" && o.Spec.JobTemplate != nil {
			tpl = o.Spec.JobTemplate.Spec.Template
		}
		switch o.Kind {
		case "Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob":
			workloads++
			if tpl == nil {
				bad(o, "no pod template")
				continue
			}
			problems = append(problems, checkPod(o, tpl, release, configMaps)...)
		case "Secret":
			if release {
				for k, v := range merge(o.Data, o.StringData) {
					if s, ok := v.(string); ok && strings.Contains(s, "CHANGE_ME") {
						bad(o, "%s is a placeholder (CHANGE_ME): real Secrets come from the secret manager, not this overlay", k)
					}
				}
			}
		case "Service":
			var sel map[string]string
			_ = json.Unmarshal(o.Spec.Selector, &sel)
			if len(sel) == 0 {
				continue // headless/external services are allowed
			}
			if !anyWorkloadMatches(objs, sel) {
				bad(o, "selector %v matches no rendered workload", sel)
			}
		case "HorizontalPodAutoscaler":
			if t := o.Spec.ScaleTargetRef; t == nil || !has[t.Kind+"/"+t.Name] {
				bad(o, "scaleTargetRef does not name a rendered workload")
			}
		case "PodDisruptionBudget":
			var sel struct {
				MatchLabels map[string]string `json:"matchLabels"`
			}
			_ = json.Unmarshal(o.Spec.Selector, &sel)
			if len(sel.MatchLabels) == 0 || !anyWorkloadMatches(objs, sel.MatchLabels) {
				bad(o, "selector matches no rendered workload")
			}
		case "Ingress":
			backends := []backend{}
			if o.Spec.DefaultBackend != nil {
				backends = append(backends, *o.Spec.DefaultBackend)
			}
			for _, r := range o.Spec.Rules {
				if r.HTTP == nil {
					continue
				}
				for _, p := range r.HTTP.Paths {
					backends = append(backends, p.Backend)
				}
			}
			for _, b := range backends {
				if b.Service == nil {
					continue
				}
				svc, ok := services[b.Service.Name]
				if !ok {
					bad(o, "backend service %q is not rendered", b.Service.Name)
					continue
				}
				portOK := false
				for _, p := range svc.Spec.Ports {
					portOK = portOK || (b.Service.Port.Name != "" && p.Name == b.Service.Port.Name) ||
						(b.Service.Port.Number != 0 && p.Port == b.Service.Port.Number)
				}
				if !portOK {
					bad(o, "backend service %q has no port %q/%d", b.Service.Name, b.Service.Port.Name, b.Service.Port.Number)
				}
			}
		}
	}
	if workloads == 0 {
		problems = append(problems, "no workloads rendered")
	}
	return append(problems, checkMetrics(objs)...)
}

func checkPod(o object, tpl *podTemplate, release bool, configMaps map[string]bool) []string {
	var problems []string
	bad := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s/%s: %s", o.Kind, o.Metadata.Name, fmt.Sprintf(format, args...)))
	}
	pod := tpl.Spec.SecurityContext
	if pod == nil {
		pod = &securityContext{}
	}
	all := append(append([]container{}, tpl.Spec.InitContainers...), tpl.Spec.Containers...)
	if len(tpl.Spec.Containers) == 0 {
		bad("no containers")
	}
	for i, c := range all {
		isInit := i < len(tpl.Spec.InitContainers)
		sc := c.SecurityContext
		if sc == nil {
			sc = &securityContext{}
		}
		if !isTrue(sc.RunAsNonRoot) && !isTrue(pod.RunAsNonRoot) {
			bad("container %s: runAsNonRoot is not true", c.Name)
		}
		seccomp := sc.SeccompProfile
		if seccomp == nil {
			seccomp = pod.SeccompProfile
		}
		if seccomp == nil || (seccomp.Type != "RuntimeDefault" && seccomp.Type != "Localhost") {
			bad("container %s: seccompProfile is not RuntimeDefault", c.Name)
		}
		if !isTrue(sc.ReadOnlyRootFilesystem) {
			bad("container %s: readOnlyRootFilesystem is not true", c.Name)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			bad("container %s: allowPrivilegeEscalation is not false", c.Name)
		}
		if sc.Capabilities == nil || !contains(sc.Capabilities.Drop, "ALL") {
			bad("container %s: capabilities do not drop ALL", c.Name)
		}
		for _, r := range []string{"cpu", "memory"} {
			if c.Resources.Requests[r] == nil {
				bad("container %s: no %s request", c.Name, r)
			}
		}
		if c.Resources.Limits["memory"] == nil {
			bad("container %s: no memory limit", c.Name)
		}
		if o.Kind == "Deployment" && !isInit {
			if c.ReadinessProbe == nil {
				bad("container %s: no readinessProbe", c.Name)
			}
			if c.LivenessProbe == nil {
				bad("container %s: no livenessProbe", c.Name)
			}
		}
		for _, e := range c.EnvFrom {
			if e.ConfigMapRef != nil && !configMaps[e.ConfigMapRef.Name] {
				bad("container %s: envFrom ConfigMap %q is not rendered", c.Name, e.ConfigMapRef.Name)
			}
		}
		if release && !pinned(c.Image) {
			bad("container %s: image %q has no pinned tag or digest", c.Name, c.Image)
		}
	}
	return problems
}

func pinned(image string) bool {
	if strings.Contains(image, "@sha256:") {
		return true
	}
	last := image[strings.LastIndex(image, "/")+1:]
	i := strings.LastIndex(last, ":")
	return i >= 0 && last[i+1:] != "" && last[i+1:] != "latest"
}

func anyWorkloadMatches(objs []object, sel map[string]string) bool {
	for _, o := range objs {
		tpl := o.Spec.Template
		if o.Kind == "CronJob" && o.Spec.JobTemplate != nil {
			tpl = o.Spec.JobTemplate.Spec.Template
		}
		if tpl != nil && matches(sel, tpl.Metadata.Labels) {
			return true
		}
	}
	return false
}

func matches(sel, labels map[string]string) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func merge(a, b map[string]any) map[string]any {
	m := map[string]any{}
	for k, v := range a {
		m[k] = v
	}
	for k, v := range b {
		m[k] = v
	}
	return m
}

func isTrue(b *bool) bool { return b != nil && *b }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
