package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/webhook"
)

const receiverUsage = `usage: loyalty webhook-receiver [--addr 127.0.0.1:9000] [--path /hooks/loyalty]

A webhook receiver for trying subscriptions on a development machine (make run allows
loopback receivers; production never does). It checks every delivery as a receiver
must (webhook.Verify: the signature with WEBHOOK_SECRET, the subscription's whsec_...
secret, and the timestamp within 5 minutes), answers 204, and prints one line per
delivery on stdout: "<event type> <event id> <body>". Refused deliveries (401, 400) are
reported on stderr. GET /healthz answers "ok" once it listens. Ctrl-C stops it.
`

// receiverTolerance is how far a delivery's timestamp may be from now (the replay window
// docs/webhooks.md asks receivers to enforce).
const receiverTolerance = 5 * time.Minute

// receiverMaxBody bounds what one delivery may send.
const receiverMaxBody = 1 << 20

func webhookReceiver(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("webhook-receiver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, receiverUsage) }
	addr := fs.String("addr", "127.0.0.1:9000", "listen address")
	path := fs.String("path", "/hooks/loyalty", "path deliveries are posted to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	secret := getenv("WEBHOOK_SECRET")
	if secret == "" {
		return errors.New("webhook-receiver: set WEBHOOK_SECRET to the subscription's secret (whsec_..., shown when it was created or rotated)")
	}
	var mu sync.Mutex // one line per delivery, whole
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("POST "+*path, func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, receiverMaxBody))
		if err != nil {
			http.Error(w, "cannot read the body", http.StatusBadRequest)
			return
		}
		if err := webhook.Verify(secret, r.Header, body, time.Now(), receiverTolerance); err != nil {
			status := http.StatusUnauthorized
			if !errors.Is(err, webhook.ErrBadSignature) {
				status = http.StatusBadRequest
			}
			mu.Lock()
			fmt.Fprintf(stderr, "refused (%d): %v\n", status, err)
			mu.Unlock()
			http.Error(w, err.Error(), status)
			return
		}
		mu.Lock()
		fmt.Fprintf(stdout, "%s %s %s\n", r.Header.Get(webhook.HeaderEventType), r.Header.Get(webhook.HeaderID), body)
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *addr)
	if err != nil {
		return fmt.Errorf("webhook-receiver: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stderr, "webhook-receiver: listening on http://%s%s\n", ln.Addr(), *path)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("webhook-receiver: %w", err)
	}
	<-stopped
	return nil
}
