package analytics

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// oddZones have offsets that are not whole hours, clocks that move by 30 minutes or two
// hours, or change at midnight: the zones where buckets have gone wrong.
var oddZones = []string{
	"Australia/Lord_Howe", // +10:30, +11:00 in summer: the clocks move 30 minutes
	"Asia/Kolkata",        // +5:30
	"Asia/Kathmandu",      // +5:45
	"America/St_Johns",    // -3:30 / -2:30
	"Pacific/Chatham",     // +12:45 / +13:45
	"Antarctica/Troll",    // +0 / +2: a two-hour change
	"America/Santiago",    // changes at midnight: 24:00 becomes 01:00 (no midnight)
	"Asia/Beirut",         // changes at midnight
	"America/Havana",      // changes at midnight (01:00 back to 00:00)
	"Africa/Casablanca",   // moves back and forth around Ramadan
	"America/New_York",
	"Europe/Paris",
	"UTC",
}

// wantStarts computes the bucket starts of a period from their definition alone
// (docs/analytics.md), by walking the period in 15-minute steps (every offset and every
// change of the clocks is a multiple of 15 minutes): the period's start, then every
// instant whose local time begins an hour (minutes 0), a day (the first instant of a
// local date), a week (of a Monday) or a month (of the 1st).
func wantStarts(q Query, start, end time.Time) []time.Time {
	out := []time.Time{start}
	prev := start.In(q.Zone)
	for t := start.Add(15 * time.Minute); t.Before(end); t = t.Add(15 * time.Minute) {
		lt := t.In(q.Zone)
		newDay := lt.YearDay() != prev.YearDay()
		var begins bool
		switch q.Interval {
		case Hour:
			begins = lt.Minute() == 0
		case Day:
			begins = newDay
		case Week:
			begins = newDay && lt.Weekday() == time.Monday
		case Month:
			begins = newDay && lt.Day() == 1
		}
		if begins {
			out = append(out, t)
		}
		prev = lt
	}
	return out
}

// TestBucketsStartAtLocalBoundariesInEveryZone: over a year of clock changes (2026) in
// zones with odd offsets and odd changes, every interval's buckets are exactly those of
// the definition: hourly buckets start at local whole hours (issue 23: Lord Howe's
// started at :30 after its 30-minute change), days at the first instant of each local
// date, weeks on Mondays, months on the 1st; every start falls on a 15-minute slot of
// the rollups, and Points counts the buckets BucketsOf builds.
func TestBucketsStartAtLocalBoundariesInEveryZone(t *testing.T) {
	year := DateOf(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	for _, name := range oddZones {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		var queries []Query
		for _, iv := range []Interval{Day, Week, Month} {
			queries = append(queries, Query{From: year, To: year.AddDays(364), Zone: loc, Interval: iv})
		}
		for from := year; from.Before(year.AddDays(365)); from = from.AddDays(40) { // at most 1,000 hours each
			queries = append(queries, Query{From: from, To: from.AddDays(39), Zone: loc, Interval: Hour})
		}
		for _, q := range queries {
			label := fmt.Sprintf("%s %s %s..%s", name, q.Interval, q.From, q.To)
			start, end := q.Bounds()
			b := BucketsOf(q)
			want := wantStarts(q, start, end)
			if !slices.EqualFunc(b.Starts, want, time.Time.Equal) {
				for i := range min(len(b.Starts), len(want)) {
					if !b.Starts[i].Equal(want[i]) {
						t.Fatalf("%s: bucket %d starts %s, want %s", label, i, b.Starts[i].In(loc), want[i].In(loc))
					}
				}
				t.Fatalf("%s: %d buckets, want %d", label, len(b.Starts), len(want))
			}
			if !b.End.Equal(end) {
				t.Errorf("%s: ends %s, want %s", label, b.End, end)
			}
			if n := q.Points(); n != len(b.Starts) {
				t.Errorf("%s: Points() = %d, BucketsOf built %d", label, n, len(b.Starts))
			}
			for _, s := range b.Starts {
				if s.UnixMicro()%(15*60*1e6) != 0 {
					t.Fatalf("%s: bucket start %s is not on a 15-minute slot", label, s)
				}
			}
		}
	}
}

// TestLordHoweHoursAroundItsChanges pins the example of issue 23: on 2026-10-04 Lord
// Howe's clocks go from 02:00 to 02:30 (+10:30 to +11:00), on 2026-04-05 from 02:00 back
// to 01:30: the hour before each change lasts 90 minutes, and every later bucket starts
// at a whole hour.
func TestLordHoweHoursAroundItsChanges(t *testing.T) {
	loc, err := time.LoadLocation("Australia/Lord_Howe")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		day   string
		first []string
		hours int
	}{
		// 02:00 does not exist: 23 whole hours in 23.5 hours.
		{"2026-10-04", []string{"00:00+10:30", "01:00+10:30", "03:00+11:00", "04:00+11:00"}, 23},
		// 01:30 to 02:00 happens twice, no whole hour does: 24 whole hours in 24.5 hours.
		{"2026-04-05", []string{"00:00+11:00", "01:00+11:00", "02:00+10:30", "03:00+10:30"}, 24},
	} {
		d, _ := time.Parse(time.DateOnly, c.day)
		b := BucketsOf(Query{From: DateOf(d), To: DateOf(d), Zone: loc, Interval: Hour})
		var got []string
		for _, s := range b.Starts[:4] {
			got = append(got, s.In(loc).Format("15:04-07:00"))
		}
		if !slices.Equal(got, c.first) {
			t.Errorf("%s: first buckets %v, want %v", c.day, got, c.first)
		}
		if len(b.Starts) != c.hours {
			t.Errorf("%s: %d hourly buckets, want %d", c.day, len(b.Starts), c.hours)
		}
	}
}
