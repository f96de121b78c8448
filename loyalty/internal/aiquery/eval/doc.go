// Package eval is the independent evaluation set of the report-question interpreter
// (aiquery.Generator): a deterministic seed of a loyalty programme's data (Seed), question
// files with gold SQL written from how analysts ask (testdata/dev.json, testdata/holdout.json),
// and a comparison of answers that is strict about meaning and lenient about presentation
// (Compare). The tests in this directory run every question through the interpreter, the
// real guard and the real runner, and score it. CONVENTIONS.md states how the gold answers
// count; README.md says how to run the evaluation.
//
// Everything here is test code: the seed, the comparison, the clock and the question
// reader live in _test.go files, so no binary can link the harness. This file only
// keeps the directory a package (go vet, go list and the docs name it).
package eval
