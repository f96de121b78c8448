// Package csvcell keeps text written to a CSV file from running as a formula when the
// file is opened in a spreadsheet (CSV or formula injection, OWASP). It is the one rule
// of both services: every text cell of every CSV they write goes through Text.
//
// A spreadsheet evaluates a cell that starts with a formula trigger. Checking the first
// character of a value is not enough: a spreadsheet that splits lines on another
// separator than the writer's (`;` in much of Europe, tab, `|`) starts a new cell after
// each of them, and a reader that ignores the quoting starts a new line after CR or LF.
// So Text looks at every place a cell can start (the value's start and the character
// after each `,` `;` `|` tab CR LF) and, where the first character after any spaces and
// double quotes there is a trigger, puts a single quote (') in front of that character:
// spreadsheets read a cell starting with ' as text. `x;=1+2` becomes `x;'=1+2`,
// `=SUM(A1)` becomes `'=SUM(A1)`; anything else is left exactly as it is.
package csvcell

import "strings"

// triggers are the characters that make a spreadsheet read a cell as a formula (OWASP
// CSV injection): = + - @, tab and carriage return.
const triggers = "=+-@\t\r"

// separators are the characters after which some reader starts a new cell or line:
// the common CSV separators and the line ends.
const separators = ",;|\t\r\n"

// skipped may stand between a cell's start and its trigger without stopping a
// spreadsheet from reading the formula: spaces, and a quote that opens a quoted cell.
const skipped = " \""

// Text is s with a single quote inserted before every formula trigger that starts a
// cell (see the package comment); s itself when there is none.
func Text(s string) string {
	var b strings.Builder
	done := 0 // s[:done] is written to b
	for start := 0; start <= len(s); {
		i := start
		for i < len(s) && strings.IndexByte(skipped, s[i]) >= 0 {
			i++
		}
		if i < len(s) && strings.IndexByte(triggers, s[i]) >= 0 {
			if b.Len() == 0 {
				b.Grow(len(s) + 4)
			}
			b.WriteString(s[done:i])
			b.WriteByte('\'')
			done = i
		}
		next := strings.IndexAny(s[i:], separators)
		if next < 0 {
			break
		}
		start = i + next + 1
	}
	if done == 0 && b.Len() == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}
