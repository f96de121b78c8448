package database

import "strings"

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// EscapeLike makes s match literally inside a LIKE or ILIKE pattern written with
// ESCAPE '\' (Postgres' default escape character): its %, _ and \ lose their meaning.
// Callers add the wildcards they want around it.
func EscapeLike(s string) string { return likeEscaper.Replace(s) }
