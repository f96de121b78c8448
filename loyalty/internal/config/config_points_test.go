package config

import (
	"strings"
	"testing"
	"time"
)

// TestPointsSettings: POINTS_VALIDITY takes days, a duration or 0 (never), within ten
// years; the expiry job's interval and notice days are bounded too.
func TestPointsSettings(t *testing.T) {
	day := 24 * time.Hour
	for _, tc := range []struct {
		vars     map[string]string
		validity time.Duration
		notice   int
		badVar   string // the variable the error names; empty: valid
	}{
		{map[string]string{}, 0, 7, ""},
		{map[string]string{"POINTS_VALIDITY": "365d"}, 365 * day, 7, ""},
		{map[string]string{"POINTS_VALIDITY": "0"}, 0, 7, ""},
		{map[string]string{"POINTS_VALIDITY": "720h", "POINTS_EXPIRING_NOTICE_DAYS": "0"}, 30 * day, 0, ""},
		{map[string]string{"POINTS_VALIDITY": "3650d"}, 3650 * day, 7, ""},
		{map[string]string{"POINTS_VALIDITY": "3651d"}, 0, 0, "POINTS_VALIDITY"},
		{map[string]string{"POINTS_VALIDITY": "-1d"}, 0, 0, "POINTS_VALIDITY"},
		{map[string]string{"POINTS_VALIDITY": "a year"}, 0, 0, "POINTS_VALIDITY"},
		{map[string]string{"POINTS_EXPIRING_NOTICE_DAYS": "-1"}, 0, 0, "POINTS_EXPIRING_NOTICE_DAYS"},
		{map[string]string{"POINTS_EXPIRING_NOTICE_DAYS": "5000"}, 0, 0, "POINTS_EXPIRING_NOTICE_DAYS"},
		{map[string]string{"POINTS_EXPIRY_INTERVAL": "0s"}, 0, 0, "POINTS_EXPIRY_INTERVAL"},
		{map[string]string{"POINTS_PENDING_DAYS": "7", "POINTS_VALIDITY": "8d"}, 8 * day, 7, ""},
		{map[string]string{"POINTS_PENDING_DAYS": "7", "POINTS_VALIDITY": "7d"}, 0, 0, "POINTS_PENDING_DAYS"},
		{map[string]string{"POINTS_PENDING_DAYS": "366"}, 0, 0, "POINTS_PENDING_DAYS"},
		{map[string]string{"POINTS_PENDING_DAYS": "-1"}, 0, 0, "POINTS_PENDING_DAYS"},
	} {
		vars := map[string]string{"DATABASE_URL": "postgres://u@db/app", "JWT_SECRET": strings.Repeat("x", 32)}
		for k, v := range tc.vars {
			vars[k] = v
		}
		cfg, err := Load(env(vars))
		if tc.badVar != "" {
			if err == nil || !strings.Contains(err.Error(), tc.badVar) {
				t.Errorf("%v: err = %v, want one naming %s", tc.vars, err, tc.badVar)
			}
			continue
		}
		if err != nil || cfg.PointsValidity != tc.validity || cfg.PointsExpiringNoticeDays != tc.notice || cfg.PointsExpiryInterval != time.Minute {
			t.Errorf("%v: validity %s, notice %d, interval %s, err %v; want %s, %d, 1m", tc.vars, cfg.PointsValidity, cfg.PointsExpiringNoticeDays, cfg.PointsExpiryInterval, err, tc.validity, tc.notice)
		}
	}
}
