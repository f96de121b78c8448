package grammar

import "github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"

// Productions of a customer's flag said with its complement ("active or not", "ativos ou
// inativos", "app users or not"): both groups, that is no filter. Only of a customer's own
// column (semantic.Flag.Attr), which no counting rule narrows: "cancelled or not" includes
// rows a count leaves out, and is not read here. The assembly takes the clause only over
// the customers (assemble.go); anywhere else it stays unused and the question is refused.
func eitherRules() []*Rule {
	return []*Rule{
		rule("Clause", 0, tFlag+" "+tOr+" "+tNeg, func(k []*Edge) (any, bool) { return flagEither(arg(k[0]), "") }),
		rule("Clause", 0, tFlag+" "+tOr+" "+tFlag, func(k []*Edge) (any, bool) { return flagEither(arg(k[0]), arg(k[2])) }),
	}
}

// flagEither is the clause of flag a said with its complement b ("" when said as "not").
func flagEither(a, b string) (any, bool) {
	fa := semantic.FlagByID(a)
	if fa == nil || fa.Attr == nil || fa.Neg == nil {
		return nil, false
	}
	if b != "" {
		fb := semantic.FlagByID(b)
		if fb == nil || fb.Filter().ID != fa.Neg().ID {
			return nil, false
		}
	}
	return clauseV{"either", marker(a)}, true
}
