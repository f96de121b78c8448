package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
	"github.com/loyaltylinks/platform/linkmgmt/internal/analytics"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/overlay"
	"github.com/loyaltylinks/platform/linkmgmt/internal/pixel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/linkmgmt/internal/splash"
)

// TestDeclaredFailuresRender: each package's declared failures reach the client as the
// status and message the API has always answered, however the failure travels (as
// declared, reworded, with a cause, wrapped with context), and errors.Is still names it.
func TestDeclaredFailuresRender(t *testing.T) {
	cause := errors.New("driver detail")
	tests := []struct {
		name       string
		err        error
		sentinel   error
		wantStatus int
		wantMsg    string
	}{
		{"link not found", link.ErrNotFound, link.ErrNotFound, http.StatusNotFound, "Link not found"},
		{"link not found, wrapped", fmt.Errorf("load: %w", link.ErrNotFound), link.ErrNotFound, http.StatusNotFound, "Link not found"},
		{"alias taken", link.ErrAliasTaken.Withf("The alias %q is already taken on this domain", "x"), link.ErrAliasTaken, http.StatusConflict, `The alias "x" is already taken on this domain`},
		{"campaign not found", campaign.ErrNotFound, campaign.ErrNotFound, http.StatusNotFound, "Campaign not found"},
		{"slug taken", campaign.ErrSlugTaken, campaign.ErrSlugTaken, http.StatusConflict, "This slug is already in use"},
		{"channel not found", channel.ErrNotFound, channel.ErrNotFound, http.StatusNotFound, "Channel not found"},
		{"channel item: link", channel.ItemNotFound(channel.ItemLinks), link.ErrNotFound, http.StatusNotFound, "Link not found"},
		{"channel item: qr", channel.ItemNotFound(channel.ItemQR), qr.ErrNotFound, http.StatusNotFound, "QR code not found"},
		{"channel item: bio", channel.ItemNotFound(channel.ItemBio), channel.ErrBioNotFound, http.StatusNotFound, "Bio page not found"},
		{"channel item type", channel.CheckItemType("pages"), channel.ErrItemType, http.StatusUnprocessableEntity, "type must be one of links, bio, qr"},
		{"overlay not found", overlay.ErrNotFound, overlay.ErrNotFound, http.StatusNotFound, "Overlay not found"},
		{"splash not found", splash.ErrNotFound, splash.ErrNotFound, http.StatusNotFound, "Splash page not found"},
		{"pixel not found", pixel.ErrNotFound, pixel.ErrNotFound, http.StatusNotFound, "Pixel not found"},
		{"domain not found", domain.ErrNotFound, domain.ErrNotFound, http.StatusNotFound, "Domain not found"},
		{"domain taken", domain.ErrTaken, domain.ErrTaken, http.StatusConflict, "This domain is already registered"},
		{"domain check down, with its cause", domain.ErrCheckUnavailable.Because(cause), domain.ErrCheckUnavailable, http.StatusServiceUnavailable, "Branded domains cannot be checked right now, try again later"},
		{"qr not found", qr.ErrNotFound, qr.ErrNotFound, http.StatusNotFound, "QR code not found"},
		{"logos busy", qr.ErrLogosBusy, qr.ErrLogosBusy, http.StatusTooManyRequests, "Too many logos are being processed right now; retry in a moment"},
		{"scope: qr", analytics.NotFound(analytics.KindQR), qr.ErrNotFound, http.StatusNotFound, "QR code not found"},
		{"scope: campaign", analytics.NotFound(analytics.KindCampaign), campaign.ErrNotFound, http.StatusNotFound, "Campaign not found"},
		{"report too slow", analytics.ErrTooSlow.Because(cause), analytics.ErrTooSlow, http.StatusUnprocessableEntity, "this question takes too long to answer from the raw clicks: ask for a shorter period or fewer filters"},
		{"invalid API key", account.ErrInvalidKey, account.ErrInvalidKey, http.StatusUnauthorized, "Invalid API key"},
		{"key disabled", account.ErrKeyInactive, account.ErrKeyInactive, http.StatusUnauthorized, "API key is disabled or expired"},
		{"email taken", account.ErrEmailTaken, account.ErrEmailTaken, http.StatusConflict, "This email is already in use"},
		{"no key", errKeyRequired, errKeyRequired, http.StatusUnauthorized, "A valid API key is required in the Authorization header (Bearer scheme)"},
		{"body too large", errBodyTooLarge.Because(cause), errBodyTooLarge, http.StatusRequestEntityTooLarge, "Request body too large"},
		{"body unreadable", errBodyUnreadable.Because(cause), errBodyUnreadable, http.StatusBadRequest, "Could not read the request body"},
		{"exports busy", errExportsBusy, errExportsBusy, http.StatusTooManyRequests, "too many click exports at once; retry in a few seconds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.sentinel) {
				t.Errorf("errors.Is(%v, %v) = false", tt.err, tt.sentinel)
			}
			if status, msg := render(tt.err); status != tt.wantStatus || msg != tt.wantMsg {
				t.Errorf("render = %d %q, want %d %q", status, msg, tt.wantStatus, tt.wantMsg)
			}
		})
	}
	// Failures of one class are still told apart.
	if errors.Is(link.ErrNotFound, qr.ErrNotFound) || errors.Is(campaign.ErrNotFound, channel.ErrNotFound) {
		t.Error("two not-found failures of different resources match each other")
	}
}
