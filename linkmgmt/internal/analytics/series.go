package analytics

import (
	"sort"
	"time"
)

// Buckets are the series' buckets of a query: Starts[i] is the first instant of bucket
// i (UTC), End the first instant after the last one. Every bucket starts on a boundary
// of the query's zone (a local hour, midnight, Monday, first of the month), except the
// first, which starts with the period, and the last, which ends with it. Days are local
// days: a day when the clocks change has 23 or 25 hours.
type Buckets struct {
	Starts []time.Time
	End    time.Time
}

// BucketsOf builds the buckets of q (q.Points() of them, at most MaxPoints).
func BucketsOf(q Query) Buckets {
	start, end := q.Bounds()
	b := Buckets{Starts: make([]time.Time, 0, q.Points()), End: end}
	switch q.Interval {
	case Hour:
		// Whole hours from local midnight: where the clocks go back, the repeated hour
		// is two buckets; where they jump, the skipped hour is none.
		for t := start; t.Before(end); t = t.Add(time.Hour) {
			b.Starts = append(b.Starts, t)
		}
	case Day:
		for d := q.From; !q.To.Before(d); d = d.AddDays(1) {
			b.Starts = append(b.Starts, d.Start(q.Zone).UTC())
		}
	case Week:
		b.Starts = append(b.Starts, start)
		d := q.From.AddDays(1)
		for d.Weekday() != time.Monday {
			d = d.AddDays(1)
		}
		for ; !q.To.Before(d); d = d.AddDays(7) {
			b.Starts = append(b.Starts, d.Start(q.Zone).UTC())
		}
	default:
		b.Starts = append(b.Starts, start)
		for d := q.From.firstOfNextMonth(); !q.To.Before(d); d = d.firstOfNextMonth() {
			b.Starts = append(b.Starts, d.Start(q.Zone).UTC())
		}
	}
	return b
}

// index is the bucket holding t, or -1 when t is outside the period.
func (b Buckets) index(t time.Time) int {
	if len(b.Starts) == 0 || t.Before(b.Starts[0]) || !t.Before(b.End) {
		return -1
	}
	return sort.Search(len(b.Starts), func(i int) bool { return b.Starts[i].After(t) }) - 1
}
