package analytics

import (
	"iter"
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
		for t := range hourStarts(start, end, q.Zone) {
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

// transitionStep divides every UTC offset of the zone database since 1970 and so every
// instant the clocks change at: the rollups' slots have this length too.
const transitionStep = 15 * time.Minute

// hourStarts are the starts of the hourly buckets from start to end: start, then every
// instant at which the clocks of loc show a whole hour (minutes and seconds 0). Where the
// clocks go back an hour, the repeated hour is two buckets; where they jump an hour, the
// skipped hour is none; where they move by 30 minutes (Lord Howe), the hour around the
// change lasts 30 or 90 minutes and the next bucket starts at the next whole hour.
func hourStarts(start, end time.Time, loc *time.Location) iter.Seq[time.Time] {
	return func(yield func(time.Time) bool) {
		for t := start; t.Before(end); t = nextLocalHour(t, loc) {
			if !yield(t) {
				return
			}
		}
	}
}

// nextLocalHour is the first instant after t at which the clocks of loc show a whole hour.
func nextLocalHour(t time.Time, loc *time.Location) time.Time {
	next := t.Add(time.Hour)
	_, before := t.In(loc).Zone()
	_, after := next.In(loc).Zone()
	if before == after && onTheHour(t, loc) {
		return next // the clocks do not change within the hour (almost always)
	}
	// Offsets and changes are whole multiples of transitionStep: the next whole hour is
	// one of these steps, at most 2 hours and 45 minutes away (a 2-hour jump after xx:15).
	for step := t.Add(transitionStep); step.Sub(t) <= 3*time.Hour; step = step.Add(transitionStep) {
		if onTheHour(step, loc) {
			return step
		}
	}
	return next // no zone since 1970 gets here; bounded all the same
}

func onTheHour(t time.Time, loc *time.Location) bool {
	lt := t.In(loc)
	return lt.Minute() == 0 && lt.Second() == 0
}
