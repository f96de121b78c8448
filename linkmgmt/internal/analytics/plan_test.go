package analytics

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/click"
)

// TestPlanDays: where each UTC day of a period is read from (rolledUp's plan), without a
// database.
func TestPlanDays(t *testing.T) {
	utc := func(d, h int) time.Time { return time.Date(2026, 3, d, h, 0, 0, 0, time.UTC) }
	day := func(d int) int64 { return click.DayNumber(utc(d, 0)) }
	longAgo, recent := utc(1, 0).AddDate(-1, 0, 0), utc(1, 0)
	tests := []struct {
		name             string
		start, end       time.Time
		horizon          time.Time
		wantFull         [2]int64 // fullFrom, fullTo
		wantRaw          [][2]time.Time
		wantWhole        map[int64]bool
		countsWhole, not []int64
	}{
		{"UTC days: all whole, nothing raw", utc(3, 0), utc(6, 0), longAgo,
			[2]int64{day(3), day(5)}, nil, map[int64]bool{}, []int64{day(3), day(5)}, []int64{day(2), day(6)}},
		{"a zone east of UTC: both ends partial, read raw", utc(2, 22), utc(5, 22), longAgo,
			[2]int64{day(3), day(4)}, [][2]time.Time{{utc(2, 22), utc(3, 0)}, {utc(5, 0), utc(5, 22)}}, map[int64]bool{}, []int64{day(3), day(4)}, []int64{day(2), day(5)}},
		{"within one UTC day: one raw range", utc(4, 3), utc(4, 9), longAgo,
			[2]int64{day(4) + 1, day(4) - 1}, [][2]time.Time{{utc(4, 3), utc(4, 9)}}, map[int64]bool{}, nil, []int64{day(4)}},
		{"past the retention: the whole day where most of it is inside", utc(2, 22), utc(5, 20), recent.AddDate(0, 1, 0),
			[2]int64{day(3), day(4)}, nil, map[int64]bool{day(2): false, day(5): true}, []int64{day(3), day(4), day(5)}, []int64{day(2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planDays(tt.start, tt.end, tt.horizon)
			if got := [2]int64{p.fullFrom, p.fullTo}; got != tt.wantFull {
				t.Errorf("full days %v, want %v", got, tt.wantFull)
			}
			if !slices.Equal(p.raw, tt.wantRaw) {
				t.Errorf("raw ranges %v, want %v", p.raw, tt.wantRaw)
			}
			if !maps.Equal(p.whole, tt.wantWhole) {
				t.Errorf("whole partial days %v, want %v", p.whole, tt.wantWhole)
			}
			for _, d := range tt.countsWhole {
				if !p.countsWhole(d) {
					t.Errorf("day %d does not count whole", d)
				}
			}
			for _, d := range tt.not {
				if p.countsWhole(d) {
					t.Errorf("day %d counts whole", d)
				}
			}
		})
	}
}

// TestPendingAddsWithinTheBuckets: Redis's counts join the series and breakdowns only
// within the period's buckets, and their visitors the unique count.
func TestPendingAddsWithinTheBuckets(t *testing.T) {
	q := Query{From: DateOf(time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)), To: DateOf(time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)), Zone: time.UTC, Interval: Day}
	b := BucketsOf(q)
	rep := Report{Series: make([]Point, len(b.Starts))}
	for d := range rep.Dims {
		rep.Dims[d] = map[string]int64{}
	}
	inside := click.SlotOf(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC).UnixMicro())
	outside := click.SlotOf(time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC).UnixMicro())
	counts := func(n int64, fps ...uint64) *click.SlotCounts {
		c := &click.SlotCounts{Clicks: n, Visitors: fps}
		c.Dims[click.DimCountry].Values = map[string]int64{"FR": n}
		return c
	}
	pending := []click.Pending{
		{Slots: map[int64]*click.SlotCounts{inside: counts(2, 1, 2), outside: counts(5, 3)}},
		{Slots: map[int64]*click.SlotCounts{inside: counts(1, 2)}},
	}
	var g gathered
	g.addPending(pending, b, &rep)
	g.into(&rep)
	if len(rep.Series) != 1 || rep.Series[0].Clicks != 3 || rep.Dims[click.DimCountry]["FR"] != 3 || rep.UniqueClicks != 2 {
		t.Fatalf("series %+v, FR %d, unique %d; want 3 clicks, FR 3, 2 visitors", rep.Series, rep.Dims[click.DimCountry]["FR"], rep.UniqueClicks)
	}
}
