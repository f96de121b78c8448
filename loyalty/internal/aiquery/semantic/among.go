package semantic

import (
	"fmt"
	"strings"
)

// Among is the part of measure m's rows that meet filters fs, asked beside m ("quantos
// resgates a Centro teve e quantos desses estão pendentes", "how many customers never
// bought, and of those how many accept email"): m's aggregate over those rows only. Only
// counts and sums have parts; a filter that dates rows otherwise, reads another period,
// needs a join, or keeps rows m does not count (cancelled sales beside the sales) has none.
func Among(m *Measure, fs []*Filter) (*Measure, error) {
	if m.Kind != Count && m.Kind != Sum || len(fs) == 0 {
		return nil, fmt.Errorf("no part of %s", m.ID)
	}
	var conds, ids []string
	var pt, en []string
	for _, f := range fs {
		cond, joins, ok := f.sql(m.Fact)
		if !ok || len(joins) > 0 || f.UsesPeriod || f.timeOf[m.Fact] != "" || f.replaces(m.Fact) && !f.counted {
			return nil, fmt.Errorf("no part of %s meeting %s", m.ID, f.ID)
		}
		conds, ids = append(conds, cond), append(ids, f.ID)
		pt, en = append(pt, f.Name.PT), append(en, f.Name.EN)
	}
	part, ok := m.filtered(strings.Join(conds, " AND "))
	if !ok {
		return nil, fmt.Errorf("no part of %s", m.ID)
	}
	slugPT, slugEN := slug(strings.Join(pt, " ")), slug(strings.Join(en, " "))
	return &Measure{
		ID: m.ID + "_among_" + strings.Join(ids, "_"), Fact: m.Fact, Kind: m.Kind, Where: m.Where,
		Expr:  part,
		Alias: T(m.Alias.PT+"_"+slugPT, m.Alias.EN+"_"+slugEN),
		Name:  T(m.Name.PT+" ("+strings.Join(pt, ", ")+")", m.Name.EN+" ("+strings.Join(en, ", ")+")"),
		Def:   T("dentre os de "+m.Name.PT+", os que atendem: "+strings.Join(pt, ", "), "of the rows of "+m.Name.EN+", those meeting: "+strings.Join(en, ", ")),
	}, nil
}
