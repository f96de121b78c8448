package click

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// Table tests of the flush transaction's decisions (storeBatches), without a database.

func testClick(link int64, at time.Time, visitor byte, country string) Click {
	c := Click{LinkID: link, AccountID: 99, At: at.UnixMicro()}
	c.Visitor[0] = visitor
	c.Dims[DimCountry] = country
	return c
}

func linkIDsOf(clicks []*Click) []int64 {
	var out []int64
	for _, c := range clicks {
		out = append(out, c.LinkID)
	}
	return out
}

func TestFreshClicks(t *testing.T) {
	day := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	batchA, batchB, batchC := [16]byte{1}, [16]byte{2}, [16]byte{3}
	entries := func() []entry {
		return []entry{
			{id: "1-0", batch: batchA, clicks: []Click{testClick(7, day, 1, "FR"), testClick(3, day, 2, "DE")}},
			{id: "2-0", batch: batchB, clicks: []Click{testClick(5, day, 3, "FR")}},
			{id: "3-0", batch: batchA, clicks: []Click{testClick(7, day, 1, "FR")}}, // batch A again
			{id: "4-0", batch: batchC, clicks: []Click{testClick(0, day, 4, "FR"), testClick(5, day, 5, "US")}},
		}
	}
	tests := []struct {
		name        string
		fresh       map[[16]byte]bool
		wantLinks   []int64 // of the clicks kept, in order
		wantLinkIDs []int64
		wantInvalid []string // entries of the clicks set aside
	}{
		{"every batch fresh: a batch read twice counts once, invalid clicks set aside", map[[16]byte]bool{batchA: true, batchB: true, batchC: true}, []int64{7, 3, 5, 5}, []int64{3, 5, 7}, []string{"4-0"}},
		{"batches stored before are skipped", map[[16]byte]bool{batchB: true}, []int64{5}, []int64{5}, nil},
		{"nothing fresh", map[[16]byte]bool{}, nil, []int64{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clicks, linkIDs, invalid := freshClicks("s", entries(), tt.fresh)
			if got := linkIDsOf(clicks); !slices.Equal(got, tt.wantLinks) {
				t.Errorf("clicks of links %v, want %v", got, tt.wantLinks)
			}
			if !slices.Equal(linkIDs, tt.wantLinkIDs) {
				t.Errorf("link ids %v, want %v", linkIDs, tt.wantLinkIDs)
			}
			var gotInvalid []string
			for _, r := range invalid {
				if r.stream != "s" || r.reason != reasonInvalid || r.click == nil || !errors.Is(r.err, errInvalidClick) {
					t.Errorf("rejection %+v, want an invalid click of stream s", r)
				}
				gotInvalid = append(gotInvalid, r.entry)
			}
			if !slices.Equal(gotInvalid, tt.wantInvalid) {
				t.Errorf("set aside from %v, want %v", gotInvalid, tt.wantInvalid)
			}
		})
	}
}

func TestAttribute(t *testing.T) {
	day := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name         string
		links        []int64
		accountOf    map[int64]int64
		wantLinks    []int64
		wantAccounts []int64 // of the clicks kept, in order
		wantGone     []int64
		wantLocked   []int64
	}{
		{"every link exists: clicks take Postgres' account", []int64{1, 2, 1}, map[int64]int64{1: 20, 2: 10}, []int64{1, 2, 1}, []int64{20, 10, 20}, nil, []int64{10, 20}},
		{"clicks of a deleted link are dropped, the link is gone", []int64{1, 3, 2}, map[int64]int64{1: 20, 2: 20}, []int64{1, 2}, []int64{20, 20}, []int64{3}, []int64{20}},
		{"every link deleted", []int64{3, 4}, map[int64]int64{}, nil, nil, []int64{3, 4}, []int64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var clicks []*Click
			set := map[int64]bool{}
			for _, l := range tt.links {
				c := testClick(l, day, 1, "FR")
				clicks = append(clicks, &c)
				set[l] = true
			}
			var linkIDs []int64
			for l := range set {
				linkIDs = append(linkIDs, l)
			}
			slices.Sort(linkIDs)
			live, gone, accounts := attribute(clicks, linkIDs, tt.accountOf)
			var gotAccounts []int64
			for _, c := range live {
				gotAccounts = append(gotAccounts, c.AccountID)
			}
			if got := linkIDsOf(live); !slices.Equal(got, tt.wantLinks) || !slices.Equal(gotAccounts, tt.wantAccounts) {
				t.Errorf("kept links %v of accounts %v, want %v of %v", got, gotAccounts, tt.wantLinks, tt.wantAccounts)
			}
			if !slices.Equal(gone, tt.wantGone) || !slices.Equal(accounts, tt.wantLocked) {
				t.Errorf("gone %v, accounts %v; want %v, %v", gone, accounts, tt.wantGone, tt.wantLocked)
			}
		})
	}
}

func TestPlanRollupsAndLinkCounters(t *testing.T) {
	d1 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	d2 := d1.Add(24 * time.Hour)
	clicks := []Click{
		testClick(1, d1, 1, "FR"),
		testClick(1, d1.Add(time.Hour), 1, "FR"), // same visitor, same day
		testClick(1, d2, 2, "DE"),
		testClick(2, d1, 3, "FR"),
	}
	ptrs := make([]*Click, len(clicks))
	for i := range clicks {
		ptrs[i] = &clicks[i]
	}
	accountOf := map[int64]int64{1: 10, 2: 10}
	p := planRollups(ptrs, accountOf)
	day1, day2 := DayOf(SlotOf(d1.UnixMicro())), DayOf(SlotOf(d2.UnixMicro()))

	tests := []struct {
		name       string
		rows       map[rollupKey]*Tally
		key        rollupKey
		wantClicks int64
		wantFR     int64
		wantUnique int64
		wantSlots  int64 // clicks counted in the slots (day rows only)
	}{
		{"link 1, day 1", p.linkDays, rollupKey{1, day1}, 2, 2, 1, 2},
		{"link 1, day 2", p.linkDays, rollupKey{1, day2}, 1, 0, 1, 1},
		{"link 2, day 1", p.linkDays, rollupKey{2, day1}, 1, 1, 1, 1},
		{"account, day 1: both links", p.accountDays, rollupKey{10, day1}, 3, 3, 2, 3},
		{"account, day 2", p.accountDays, rollupKey{10, day2}, 1, 0, 1, 1},
		{"link 1, all time: no slots", p.linkTotals, rollupKey{1, 0}, 3, 2, 2, 0},
		{"link 2, all time", p.linkTotals, rollupKey{2, 0}, 1, 1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.rows[tt.key]
			if got == nil {
				t.Fatalf("no row %+v", tt.key)
			}
			var slots int64
			for _, n := range got.Slots {
				slots += n
			}
			if got.Clicks != tt.wantClicks || got.Dims[DimCountry].Values["FR"] != tt.wantFR || got.Visitors.Count() != tt.wantUnique || slots != tt.wantSlots {
				t.Errorf("clicks %d, FR %d, unique %d, slots %d; want %d, %d, %d, %d",
					got.Clicks, got.Dims[DimCountry].Values["FR"], got.Visitors.Count(), slots, tt.wantClicks, tt.wantFR, tt.wantUnique, tt.wantSlots)
			}
		})
	}
	if len(p.linkDays) != 3 || len(p.accountDays) != 2 || len(p.linkTotals) != 2 {
		t.Fatalf("rows: %d link days, %d account days, %d link totals; want 3, 2, 2", len(p.linkDays), len(p.accountDays), len(p.linkTotals))
	}

	// Step 5 adds the flush's clicks and takes the unique count from the all-time row as
	// merged (here: link 1 had 4 visitors stored before).
	stored := &Tally{}
	stored.Visitors.Add(11, 12, 13, 14)
	merged := map[rollupKey]*Tally{{1, 0}: stored, {2, 0}: p.linkTotals[rollupKey{2, 0}]}
	u := linkCounters(p.linkTotals, merged)
	if !slices.Equal(u.ids, []int64{1, 2}) || !slices.Equal(u.added, []int64{3, 1}) || !slices.Equal(u.uniques, []int64{4, 1}) {
		t.Fatalf("counters %+v, want links [1 2] adding [3 1] with uniques [4 1]", u)
	}
}
