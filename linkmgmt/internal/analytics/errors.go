package analytics

import (
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/linkmgmt/internal/qr"
	"github.com/loyaltylinks/platform/shared/apperr"
)

// ErrTooSlow: the question would take longer than the statement timeout to answer from
// the raw clicks.
var ErrTooSlow = apperr.Define(apperr.Invalid, "report_too_slow", "this question takes too long to answer from the raw clicks: ask for a shorter period or fewer filters")

var notFound = map[Kind]error{
	KindLink: link.ErrNotFound, KindQR: qr.ErrNotFound, KindCampaign: campaign.ErrNotFound, KindChannel: channel.ErrNotFound,
}
