package grammar

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// postposedNew reads "new" after the noun, as Portuguese puts it and informal English
// allows ("clientes novos", "cli novo", "members new this year"): the same customers who
// signed up as "novos clientes" (rules "Item" and "Subject" with tNew before the noun).
func postposedNew() []*Rule {
	return []*Rule{
		rule("Item", 0.1, tNoun+" "+tNew, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "customers" {
				return nil, false
			}
			return measureV{m: semantic.MeasureByID(semantic.Customers.Count)}, true
		}),
		rule("Subject", 0, tNoun+" "+tNew, func(k []*Edge) (any, bool) {
			if arg(k[0]) != "customers" {
				return nil, false
			}
			return subjectOf("customers", "signup", false)
		}),
	}
}
