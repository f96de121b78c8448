package httpapi

import "time"

// Date formats of the spec.
const (
	dateTimeLayout = "2006-01-02 15:04:05"
	dateLayout     = "2006-01-02"
)

// formatDateTime renders an optional time as YYYY-MM-DD HH:MM:SS (UTC), or "" when nil.
func formatDateTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(dateTimeLayout)
}
