package semantic

import (
	"fmt"
	"strings"
)

// ByPurchaseCountBand breaks customers down by bands of how many purchases (sales not
// cancelled) each made in period p, or ever when p is nil ("clientes por número de compras
// este ano: 0, 1, 2 a 4, 5 ou mais"). Every customer is in the count, those with no
// purchase too (band "0"). The bands must meet; counts below the first band or above a
// last band with an end are left out.
func ByPurchaseCountBand(bands []AgeBand, p *Period) *Dimension {
	name := T("faixa de número de compras", "purchase count band")
	if p != nil {
		name = T(name.PT+" ("+p.Label.PT+")", name.EN+" ("+p.Label.EN+")")
	}
	return &Dimension{ID: "purchase_count_band", Name: name, Members: bandLabels(bands), build: func(f *Fact, l Lang) (dimSQL, bool) {
		if f != Customers || len(bands) == 0 || !BandsMeet(bands, false) {
			return dimSQL{}, false
		}
		n := fmt.Sprintf("(SELECT count(*) FROM %s.%s x WHERE %s)", Schema, Sales.View, customerRows(Sales, "x", p))
		where := bandRange(n, bands)
		if bands[0].Lo > 0 {
			where = append(where, fmt.Sprintf("%s >= %d", n, bands[0].Lo))
		}
		e := bandCase(n, bands, l)
		return dimSQL{cols: []Column{col(e, T("compras", "purchases"), l)}, where: strings.Join(where, " AND ")}, true
	}}
}
