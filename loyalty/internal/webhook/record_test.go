package webhook

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestFoldOutcomes: what a batch's outcomes write (record), decided without a database:
// the deliveries finished and retried, the attempts logged, the failure streak, what
// becomes of failing_since, and when the subscription is disabled.
func TestFoldOutcomes(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	id := func(s string) *string { return &s }
	out := func(seq int64, result string) outcome {
		return outcome{d: pending{EventSeq: seq, EventID: id("e" + string(rune('0'+seq))), Type: "points.credited", Attempts: 1}, result: result, status: 500, err: "boom", attemptsAt: at}
	}
	gone := func(seq int64, result string) outcome { o := out(seq, result); o.d.EventID = nil; return o }
	disabling := out(9, ResultFailed)
	disabling.disable = "the receiver's address is not allowed"
	tests := []struct {
		name          string
		before        failureStreak
		outs          []outcome
		wantDelivered []int64
		wantFailed    []int64
		wantRetries   []int64
		wantLogged    int
		wantStreak    failureStreak
		wantSince     failingSince
		wantDisable   string // a part of the reason; "" for none
	}{
		{"all delivered: streak cleared", failureStreak{3, 2}, []outcome{out(1, ResultDelivered), out(2, ResultDelivered)},
			[]int64{1, 2}, nil, nil, 2, failureStreak{}, sinceCleared, ""},
		{"still failing: streak grows, failing_since kept", failureStreak{3, 2}, []outcome{out(1, ResultRetrying), out(2, ResultFailed)},
			nil, []int64{2}, []int64{1}, 2, failureStreak{5, 3}, sinceKept, ""},
		{"a success then failures: streak restarts", failureStreak{3, 2}, []outcome{out(1, ResultDelivered), out(2, ResultRetrying)},
			[]int64{1}, nil, []int64{2}, 2, failureStreak{1, 0}, sinceRestarted, ""},
		{"attempts of events gone are not logged", failureStreak{}, []outcome{gone(1, ResultDelivered), out(2, ResultDelivered)},
			[]int64{1, 2}, nil, nil, 1, failureStreak{}, sinceCleared, ""},
		{"the tenth refusal in a row disables", failureStreak{9, 9}, []outcome{out(4, ResultFailed)},
			nil, []int64{4}, nil, 1, failureStreak{10, 10}, sinceKept, "the last 10 events were refused; last answer: HTTP 500: boom"},
		{"an outcome's own reason wins", failureStreak{9, 9}, []outcome{disabling},
			nil, []int64{9}, nil, 1, failureStreak{10, 10}, sinceKept, "not allowed"},
		{"nine refusals do not", failureStreak{8, 8}, []outcome{out(4, ResultFailed)},
			nil, []int64{4}, nil, 1, failureStreak{9, 9}, sinceKept, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := foldOutcomes(tt.before, tt.outs)
			var retries []int64
			for _, o := range r.retries {
				retries = append(retries, o.d.EventSeq)
			}
			if !slices.Equal(r.delivered, tt.wantDelivered) || !slices.Equal(r.failed, tt.wantFailed) || !slices.Equal(retries, tt.wantRetries) {
				t.Errorf("delivered %v, failed %v, retried %v; want %v, %v, %v", r.delivered, r.failed, retries, tt.wantDelivered, tt.wantFailed, tt.wantRetries)
			}
			l := r.log
			if n := len(l.eventID); n != tt.wantLogged || len(l.eventType) != n || len(l.attempt) != n || len(l.status) != n || len(l.latency) != n || len(l.errText) != n || len(l.result) != n || len(l.at) != n {
				t.Errorf("logged %d attempts (columns %d %d %d %d %d %d %d), want %d in every column", n, len(l.eventType), len(l.attempt), len(l.status), len(l.latency), len(l.errText), len(l.result), len(l.at), tt.wantLogged)
			}
			if n := len(l.attempt); n > 0 && l.attempt[0] != 2 {
				t.Errorf("attempt number %d, want the delivery's attempts + 1 = 2", l.attempt[0])
			}
			if r.streak != tt.wantStreak || r.since != tt.wantSince {
				t.Errorf("streak %+v, since %d; want %+v, %d", r.streak, r.since, tt.wantStreak, tt.wantSince)
			}
			if (tt.wantDisable == "") != (r.disable == "") || !strings.Contains(r.disable, tt.wantDisable) {
				t.Errorf("disable %q, want %q", r.disable, tt.wantDisable)
			}
		})
	}
}
