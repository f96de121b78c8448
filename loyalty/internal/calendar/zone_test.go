package calendar

import (
	"testing"
	"time"
)

func TestLoadZone(t *testing.T) {
	tests := []struct {
		name, want string
		ok         bool
	}{
		{"", DefaultZone, true},
		{"  UTC ", "UTC", true},
		{"Asia/Tokyo", "Asia/Tokyo", true},
		{"Etc/GMT+12", "Etc/GMT+12", true},
		{"Local", "", false},
		{"Mars/Olympus", "", false},
		{"../../etc/passwd", "", false},
		// Names only some hosts' /usr/share/zoneinfo holds: not in the embedded database.
		{"right/UTC", "", false},
		{"posix/Europe/Paris", "", false},
		{"posixrules", "", false},
		{"localtime", "", false},
		{"asia/tokyo", "", false},
	}
	for _, tt := range tests {
		loc, err := LoadZone(tt.name)
		if (err == nil) != tt.ok {
			t.Errorf("LoadZone(%q) error = %v, want ok %t", tt.name, err, tt.ok)
			continue
		}
		if tt.ok && loc.String() != tt.want {
			t.Errorf("LoadZone(%q) = %s, want %s", tt.name, loc, tt.want)
		}
	}
}

func TestDayBounds(t *testing.T) {
	sp, err := LoadZone(DefaultZone)
	if err != nil {
		t.Fatal(err)
	}
	// The day as written counts, not the instant: 2024-05-31 in UTC is still May 31st.
	d := time.Date(2024, 5, 31, 23, 30, 0, 0, time.UTC)
	if got, want := DayStart(d, sp), time.Date(2024, 5, 31, 3, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("DayStart = %v, want %v", got.UTC(), want)
	}
	if got, want := DayEnd(d, sp), time.Date(2024, 6, 1, 3, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("DayEnd = %v, want %v", got.UTC(), want)
	}
}
