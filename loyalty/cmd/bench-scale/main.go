// Command bench-scale times routes of a running loyalty service for `make bench-scale`
// (scripts/bench-scale.sh): per route and per number of concurrent clients, the p50 and
// p95 latency and the throughput, printed as a table.
//
// Routes come on stdin, one per line: name, mode, method and path separated by tabs.
// Modes:
//
//	read   the whole body is read (an API read)
//	first  the time to the first byte of the body is measured, then the request is
//	       dropped (a streamed export: how soon it starts); one client (the service
//	       bounds concurrent exports)
//	once   one request, one client, whole body (a write that cannot be repeated, e.g. a
//	       DELETE, or a batch job)
//
// It exits 1 when any request fails (an error or a status of 300 or more), so a broken
// route fails the run; the figures themselves never do.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

type route struct {
	name, mode, method, path string
}

type result struct {
	route   route
	clients int
	lat     []time.Duration
	errs    int
	lastErr string
	took    time.Duration
}

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "service base URL")
	token := flag.String("token", "", "bearer token")
	duration := flag.Duration("duration", 10*time.Second, "time per route and client count")
	maxRequests := flag.Int("max-requests", 2000, "requests per route and client count at most")
	clientList := flag.String("clients", "1,16", "client counts, comma separated")
	flag.Parse()

	var clients []int
	for _, s := range strings.Split(*clientList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "bench-scale: bad -clients %q\n", *clientList)
			os.Exit(2)
		}
		clients = append(clients, n)
	}
	routes, err := readRoutes(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-scale:", err)
		os.Exit(2)
	}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 5 * time.Minute}
	b := bench{base: strings.TrimRight(*base, "/"), token: *token, hc: hc}

	fmt.Printf("%-44s %7s %6s %9s %9s %9s %s\n", "route", "clients", "n", "p50 ms", "p95 ms", "req/s", "errors")
	failed := false
	for _, r := range routes {
		cs := clients
		if r.mode != "read" {
			cs = []int{1}
		}
		for _, c := range cs {
			res := b.run(r, c, *duration, *maxRequests)
			fmt.Println(res.line())
			if res.errs > 0 {
				failed = true
				fmt.Fprintf(os.Stderr, "bench-scale: %s: %d failed, last: %s\n", r.name, res.errs, res.lastErr)
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

func readRoutes(r io.Reader) ([]route, error) {
	var out []route
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("route line %q: want name, mode, method, path separated by tabs", line)
		}
		switch f[1] {
		case "read", "first", "once":
		default:
			return nil, fmt.Errorf("route %q: unknown mode %q", f[0], f[1])
		}
		out = append(out, route{name: f[0], mode: f[1], method: f[2], path: f[3]})
	}
	return out, sc.Err()
}

type bench struct {
	base, token string
	hc          *http.Client
}

// run sends r from c clients until duration has passed or maxRequests were sent.
func (b bench) run(r route, c int, duration time.Duration, maxRequests int) result {
	res := result{route: r, clients: c}
	if r.mode == "once" {
		maxRequests = 1
	}
	var mu sync.Mutex
	var sent int
	take := func() bool {
		mu.Lock()
		defer mu.Unlock()
		if sent >= maxRequests {
			return false
		}
		sent++
		return true
	}
	deadline := time.Now().Add(duration)
	start := time.Now()
	var wg sync.WaitGroup
	for range c {
		wg.Go(func() {
			for time.Now().Before(deadline) && take() {
				d, err := b.one(r)
				mu.Lock()
				if err != nil {
					res.errs++
					res.lastErr = err.Error()
				} else {
					res.lat = append(res.lat, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res.took = time.Since(start)
	return res
}

// one sends one request and returns its latency: to the end of the body, or to its
// first byte in mode first.
func (b bench) one(r route) (time.Duration, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, r.method, b.base+r.path, nil)
	if err != nil {
		return 0, err
	}
	if b.token != "" {
		req.Header.Set("Authorization", "Bearer "+b.token)
	}
	start := time.Now()
	resp, err := b.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return 0, fmt.Errorf("%s %s: status %d: %s", r.method, r.path, resp.StatusCode, body)
	}
	if r.mode == "first" {
		var one [1]byte
		if _, err := io.ReadFull(resp.Body, one[:]); err != nil {
			return 0, fmt.Errorf("%s %s: first byte: %w", r.method, r.path, err)
		}
		d := time.Since(start)
		cancel() // the rest of the export is not wanted
		return d, nil
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil && !errors.Is(err, context.Canceled) {
		return 0, fmt.Errorf("%s %s: body: %w", r.method, r.path, err)
	}
	return time.Since(start), nil
}

func (r result) line() string {
	p50, p95 := "-", "-"
	if len(r.lat) > 0 {
		slices.Sort(r.lat)
		p50 = ms(r.lat[(len(r.lat)-1)*50/100])
		p95 = ms(r.lat[(len(r.lat)-1)*95/100])
	}
	rps := float64(len(r.lat)) / r.took.Seconds()
	return fmt.Sprintf("%-44s %7d %6d %9s %9s %9.1f %d", r.route.name, r.clients, len(r.lat), p50, p95, rps, r.errs)
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64)
}
