package aiquery

import ("testing"; "time")

func TestExploreRules(t *testing.T) {
	g := NewRules(func() time.Time { return time.Date(2025, 3, 15, 12, 0, 0, 0, time.UTC) }, time.UTC)
	for _, p := range rules {
		for _, ex := range []string{p.ExamplePT, p.ExampleEN} {
			r, pp, err := g.resolve(ex)
			if err != nil { t.Errorf("%s %q: %v", p.ID, ex, err); continue }
			if r.ID != p.ID { t.Errorf("%s %q -> %s (rest %q)", p.ID, ex, r.ID, pp.q) }
		}
	}
	t.Logf("%d rules", len(rules))
}
