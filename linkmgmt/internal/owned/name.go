package owned

import (
	"strings"

	"github.com/loyaltylinks/platform/shared/apperr"
)

// MaxNameLen is the longest name an account's resource (channel, campaign, pixel, splash
// page, overlay) may have.
const MaxNameLen = 255

// Name is a resource's name as stored: trimmed, not empty, at most MaxNameLen bytes.
// invalid is the resource's own failure, so errors.Is(err, pkg.ErrInvalid) holds.
func Name(name string, invalid *apperr.Error) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", invalid.Withf("name is required")
	}
	if len(name) > MaxNameLen {
		return "", invalid.Withf("name must be at most %d characters", MaxNameLen)
	}
	return name, nil
}

// PutName puts a Fields' name (nil: not given) in cols as Name stores it; a new resource
// needs one.
func PutName(cols map[string]any, name *string, creating bool, invalid *apperr.Error) error {
	if name == nil {
		if creating {
			return invalid.Withf("name is required")
		}
		return nil
	}
	n, err := Name(*name, invalid)
	if err != nil {
		return err
	}
	cols["name"] = n
	return nil
}
