package config

import (
	"strings"
	"testing"
	"time"
)

func TestLoadQRLogoSettings(t *testing.T) {
	dir := t.TempDir()
	base := func(extra map[string]string) func(string) string {
		vars := map[string]string{"DATABASE_URL": "postgres://u@db/app", "REDIS_URL": "redis://cache:6379/0"}
		for k, v := range extra {
			vars[k] = v
		}
		return func(k string) string { return vars[k] }
	}

	cfg, err := Load(base(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.QRLogoDir != "" || cfg.QRLogoMaxBytes != 1<<20 || cfg.QRLogoTimeout != 5*time.Second {
		t.Fatalf("defaults: dir %q max %d timeout %s", cfg.QRLogoDir, cfg.QRLogoMaxBytes, cfg.QRLogoTimeout)
	}

	cfg, err = Load(base(map[string]string{"QR_LOGO_DIR": dir, "QR_LOGO_MAX_BYTES": "2048", "QR_LOGO_TIMEOUT": "2s"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.QRLogoDir != dir || cfg.QRLogoMaxBytes != 2048 || cfg.QRLogoTimeout != 2*time.Second {
		t.Fatalf("set: dir %q max %d timeout %s", cfg.QRLogoDir, cfg.QRLogoMaxBytes, cfg.QRLogoTimeout)
	}

	for name, vars := range map[string]map[string]string{
		"QR_LOGO_DIR":       {"QR_LOGO_DIR": dir + "/missing"},
		"QR_LOGO_MAX_BYTES": {"QR_LOGO_MAX_BYTES": "10"},
		"QR_LOGO_TIMEOUT":   {"QR_LOGO_TIMEOUT": "soon"},
	} {
		if _, err := Load(base(vars)); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s invalid: err = %v, want it named", name, err)
		}
	}
}
