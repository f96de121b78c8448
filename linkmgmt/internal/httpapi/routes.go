package httpapi

import (
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/loyaltylinks/platform/linkmgmt/internal/analytics"
	"github.com/loyaltylinks/platform/linkmgmt/internal/app"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
	"github.com/loyaltylinks/platform/shared/apidoc"
	"github.com/loyaltylinks/platform/shared/server"
)

// routes lists every route of the service in one place. API routes are added through
// apidoc.Router.Handle, which registers and documents them in one call, so /openapi.json
// always matches the router (TestEveryRouteIsDocumented checks it).
func routes(srv *server.Server, svc *app.App, limiter *rateLimiter) {
	e := srv.Echo
	doc := apidoc.New("Link Management API", "3.0.0",
		"Short links, redirects, campaigns, channels, QR codes, pixels, branded domains and click analytics.",
		&openapi3.SecurityScheme{Type: "http", Scheme: "bearer", Description: "Authorization: Bearer <API key>"},
		errorBody{})
	// The type of every path parameter, as its handler reads it (pathID: a positive integer).
	id := func(name, what string) apidoc.Param {
		return apidoc.Param{Name: name, Type: "integer", Format: "int64", Description: what}
	}
	doc.PathParams(
		id("id", "the id of the link, QR code, campaign, channel, pixel, domain, overlay or splash page the path names"),
		id("campaignid", "the campaign's id"), id("linkid", "the link's id"), id("channelid", "the channel's id"),
		id("itemid", "the id of the item, of the kind type names"),
		apidoc.Param{Name: "type", Enum: []any{channel.ItemLinks, channel.ItemQR, channel.ItemBio}, Description: "the kind of item"},
	)
	doc.Mount(e, docsPage) // /openapi.json, /docs (and /docs/readme, redirected)

	// The rate limit runs after authentication: it counts per account, at its plan's
	// limit; calls without a valid key are counted per client address by requireAPIKey.
	// checkParams then refuses query parameters and path values that are not bounded
	// UTF-8 text.
	api := apidoc.NewRouter(doc, e.Group("/api", requireAPIKey(svc.Accounts, limiter), limiter.middleware, checkParams), "/api")
	b := base{log: svc.Log, bind: NewBinder()}

	// Account (account.go)
	account := &accountHandlers{base: b, accounts: svc.Accounts}
	api.Handle(http.MethodGet, "/account", account.getAccount, apidoc.Op{Summary: "The caller's account", Tag: "account", Response: accountResponse{}})
	api.Handle(http.MethodPut, "/account/update", account.updateAccount, apidoc.Op{Summary: "Change the account's email and/or password",
		Description: "Both fields are optional, at least one is required. The password (8 to 72 bytes) is stored as a bcrypt hash.",
		Tag:         "account", Request: accountUpdateRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodPost, "/account/rotate-key", account.rotateKey, apidoc.Op{Summary: "Replace the API key",
		Description: "Answers the new key once; the key used for this call stops working immediately. The rate-limit window is per account and carries over.",
		Tag:         "account", Response: rotateKeyResponse{}})

	// Links (issue #7; links.go)
	links := &linkHandlers{base: b, links: svc.Links, clickStats: svc.ClickStats}
	api.Handle(http.MethodPost, "/url/add", links.createLink, apidoc.Op{Summary: "Shorten a link", Tag: "links", Request: link.Input{}, Response: linkCreateResponse{}})
	api.Handle(http.MethodGet, "/url/:id", links.getLink, apidoc.Op{Summary: "One link with its statistics", Tag: "links", Response: linkResponse{}})
	api.Handle(http.MethodPut, "/url/:id/update", links.updateLink, apidoc.Op{Summary: "Change a link (absent fields are kept, null or \"\" clears)", Tag: "links", Request: link.Input{}, Response: linkUpdateResponse{}})
	api.Handle(http.MethodDelete, "/url/:id/delete", links.deleteLink, apidoc.Op{Summary: "Delete a link and its statistics", Tag: "links", Response: linkMessageResponse{}})
	api.Handle(http.MethodGet, "/urls", links.listLinks, apidoc.Op{
		Summary:     "List links",
		Description: "With `short`, the single link whose short URL matches exactly (single-link response); other parameters are then ignored.",
		Tag:         "links", Response: listDoc[linkListItem]("urls"),
		Params: append(append([]apidoc.Param{}, pageParams...),
			apidoc.Param{Name: "order", Enum: []any{"date", "click"}, Default: "date"},
			apidoc.Param{Name: "q", Description: "keyword searched in the long URL, title, alias and description, at most 255 characters"},
			apidoc.Param{Name: "short", Description: "exact short URL"},
		),
	})

	// Click analytics over time (issue #15; analytics.go): the same statistics and
	// clicks CSV for every scope.
	stats := &analyticsHandlers{base: b, reports: svc.Analytics, scopes: svc.Scopes, baseURL: svc.Config.BaseURL,
		exports: make(chan struct{}, maxConcurrentExports)}
	api.Handle(http.MethodGet, "/url/:id/stats", stats.periodStats(analytics.KindLink), statsOp("a link"))
	api.Handle(http.MethodGet, "/url/:id/clicks", stats.clicksCSV(analytics.KindLink), clicksOp("a link"))
	api.Handle(http.MethodGet, "/qr/:id/stats", stats.periodStats(analytics.KindQR), statsOp("a QR code (its short link's scans)"))
	api.Handle(http.MethodGet, "/qr/:id/clicks", stats.clicksCSV(analytics.KindQR), clicksOp("a QR code (its short link's scans)"))
	api.Handle(http.MethodGet, "/campaign/:id/stats", stats.periodStats(analytics.KindCampaign), statsOp("a campaign (its links)"))
	api.Handle(http.MethodGet, "/campaign/:id/clicks", stats.clicksCSV(analytics.KindCampaign), clicksOp("a campaign (its links)"))
	api.Handle(http.MethodGet, "/channel/:id/stats", stats.periodStats(analytics.KindChannel), statsOp("a channel (its links and QR codes)"))
	api.Handle(http.MethodGet, "/channel/:id/clicks", stats.clicksCSV(analytics.KindChannel), clicksOp("a channel (its links and QR codes)"))
	api.Handle(http.MethodGet, "/stats", stats.periodStats(analytics.KindAccount), statsOp("the whole account"))
	api.Handle(http.MethodGet, "/clicks", stats.clicksCSV(analytics.KindAccount), clicksOp("the whole account"))

	// Redirects (issue #7): public, outside /api, no API key and no API rate limit.
	// Static routes (/healthz, /readyz, /metrics, /openapi.json, /docs) and multi-segment
	// ones (/api/..., /r/:slug, /u/:slug, /qr/...) take precedence over /:alias in Echo's
	// router, and those first segments are reserved aliases.
	// /{alias}+ is the link's public statistics page (public_stats.go).
	pages := &redirectHandlers{redirects: svc.Redirects, baseURL: svc.Config.BaseURL, stats: &publicStatsPages{
		clickStats: svc.ClickStats, reports: svc.Analytics, locator: svc.Locator, cache: newStatsPageCache()}}
	e.GET("/:alias", pages.redirect)
	e.HEAD("/:alias", pages.redirect)
	e.POST("/:alias", pages.redirect)
	// "/" is the landing page on BASE_URL's host and the redirect engine's elsewhere
	// (landing.go).
	e.GET("/", pages.root)
	e.HEAD("/", pages.root)

	// Campaign pages (issue #8; campaign_pages.go): the rotator and the public list, HTML
	// like the redirect, no API key.
	campaignPages := &campaignPageHandlers{pages: svc.CampaignPages, redirects: svc.Redirects}
	e.GET("/r/:slug", campaignPages.rotate)
	e.HEAD("/r/:slug", campaignPages.rotate)
	e.GET("/u/:ref", campaignPages.campaignList)
	e.HEAD("/u/:ref", campaignPages.campaignList)

	// QR codes (qr.go; the images are public: /qr/{id}.png and /qr/{id}.svg)
	codes := &qrHandlers{base: b, codes: svc.QR}
	e.GET("/qr/:file", codes.qrImage)
	e.HEAD("/qr/:file", codes.qrImage)
	api.Handle(http.MethodGet, "/qr", codes.listQR, apidoc.Op{Summary: "List QR codes", Tag: "qr", Response: listDoc[qrItem]("qrs"), Params: pageParams})
	api.Handle(http.MethodGet, "/qr/:id", codes.getQR, apidoc.Op{Summary: "One QR code with its scan statistics", Tag: "qr", Response: qrDetailsResponse{}})
	api.Handle(http.MethodPost, "/qr/add", codes.addQR, apidoc.Op{Summary: "Create a QR code", Tag: "qr", Request: qrAddRequest{}, Response: qrAddResponse{},
		Description: "type: text, vcard, link, email, phone, sms or wifi; data: a string or an object depending on the type (see docs/qr.md). " +
			"A link code gets a short link, so its scans are counted. `link` in the response is the short URL for a link code, the PNG address otherwise."})
	api.Handle(http.MethodPut, "/qr/:id/update", codes.updateQR, apidoc.Op{Summary: "Update a QR code", Tag: "qr", Request: qrUpdateRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/qr/:id/delete", codes.deleteQR, apidoc.Op{Summary: "Delete a QR code", Tag: "qr", Response: messageResponse{}})

	// Campaigns (campaigns.go)
	campaigns := &campaignHandlers{base: b, campaigns: svc.Campaigns, pages: svc.CampaignPages, baseURL: svc.Config.BaseURL}
	api.Handle(http.MethodGet, "/campaigns", campaigns.listCampaigns, apidoc.Op{Summary: "List campaigns", Tag: "campaigns", Params: pageParams, Response: listDoc[campaignItem]("campaigns")})
	api.Handle(http.MethodPost, "/campaign/add", campaigns.addCampaign, apidoc.Op{Summary: "Create a campaign",
		Description: "slug (optional) enables the rotator address {base}/r/{slug}; rotator is false without one.",
		Tag:         "campaigns", Request: campaignRequest{}, Response: campaignResponse{}})
	api.Handle(http.MethodPost, "/campaign/:campaignid/assign/:linkid", campaigns.assignCampaignLink, apidoc.Op{Summary: "Put a link into a campaign", Tag: "campaigns", Response: messageResponse{}})
	api.Handle(http.MethodPut, "/campaign/:id/update", campaigns.updateCampaign, apidoc.Op{Summary: "Update a campaign",
		Description: `name is required; slug and public are changed only when sent (slug "" removes the rotator).`,
		Tag:         "campaigns", Request: campaignRequest{}, Response: campaignResponse{}})
	api.Handle(http.MethodDelete, "/campaign/:id/delete", campaigns.deleteCampaign, apidoc.Op{Summary: "Delete a campaign (its links stay, outside any campaign)", Tag: "campaigns", Response: messageResponse{}})

	// Channels (channels.go)
	channels := &channelHandlers{base: b, channels: svc.Channels}
	api.Handle(http.MethodGet, "/channels", channels.listChannels, apidoc.Op{Summary: "List channels", Tag: "channels", Params: pageParams, Response: listDoc[channelItem]("channels")})
	api.Handle(http.MethodGet, "/channel/:id", channels.listChannelItems, apidoc.Op{Summary: "List the items (links, QR codes) of a channel", Tag: "channels", Params: pageParams, Response: listDoc[channelMember]("items")})
	api.Handle(http.MethodPost, "/channel/add", channels.addChannel, apidoc.Op{Summary: "Create a channel", Tag: "channels", Request: channelRequest{}, Response: channelResponse{}})
	api.Handle(http.MethodPost, "/channel/:channelid/assign/:type/:itemid", channels.assignChannelItem, apidoc.Op{Summary: "Put an item into a channel",
		Description: "type is links, bio or qr. The service has no bio pages, so a bio item is never found (404).",
		Tag:         "channels", Response: messageResponse{}})
	api.Handle(http.MethodPut, "/channel/:id/update", channels.updateChannel, apidoc.Op{Summary: "Update a channel (fields sent are changed)", Tag: "channels", Request: channelRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/channel/:id/delete", channels.deleteChannel, apidoc.Op{Summary: "Delete a channel (its items are unassigned, not deleted)", Tag: "channels", Response: messageResponse{}})

	// Pixels (pixels.go)
	pixels := &pixelHandlers{base: b, pixels: svc.Pixels}
	api.Handle(http.MethodGet, "/pixels", pixels.listPixels, apidoc.Op{Summary: "List tracking pixels", Tag: "pixels", Params: pageParams, Response: listDoc[pixelItem]("pixels")})
	api.Handle(http.MethodPost, "/pixel/add", pixels.addPixel, apidoc.Op{Summary: "Create a tracking pixel",
		Description: "type is one of gtmpixel, gapixel, fbpixel, adwordspixel, linkedinpixel, twitterpixel, adrollpixel, quorapixel, pinterest, bing, snapchat, reddit, tiktok; tag is the provider's id, checked against its shape.",
		Tag:         "pixels", Request: pixelAddRequest{}, Response: idResponse{}})
	api.Handle(http.MethodPut, "/pixel/:id/update", pixels.updatePixel, apidoc.Op{Summary: "Update a tracking pixel (tag required)", Tag: "pixels", Request: pixelUpdateRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/pixel/:id/delete", pixels.deletePixel, apidoc.Op{Summary: "Delete a tracking pixel", Tag: "pixels", Response: messageResponse{}})

	// Branded domains (domains.go)
	domains := &domainHandlers{base: b, domains: svc.Domains}
	api.Handle(http.MethodGet, "/domains", domains.listDomains, apidoc.Op{Summary: "List branded domains", Tag: "domains", Params: pageParams, Response: listDoc[domainItem]("domains")})
	api.Handle(http.MethodPost, "/domain/add", domains.addDomain, apidoc.Op{Summary: "Register a branded domain",
		Description: "domain (http or https, no path) must already resolve to the service's addresses (DNS A/AAAA or CNAME).",
		Tag:         "domains", Request: domainAddRequest{}, Response: idResponse{}})
	api.Handle(http.MethodPut, "/domain/:id/update", domains.updateDomain, apidoc.Op{Summary: "Change a domain's redirects", Tag: "domains", Request: domainUpdateRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/domain/:id/delete", domains.deleteDomain, apidoc.Op{Summary: "Delete a branded domain and the short links on it", Tag: "domains", Response: messageResponse{}})

	// CTA overlays (overlays.go)
	overlays := &overlayHandlers{base: b, overlays: svc.Overlays}
	api.Handle(http.MethodGet, "/overlay", overlays.listOverlays, apidoc.Op{Summary: "List CTA overlays", Tag: "overlays", Params: pageParams, Response: listDoc[overlayItem]("cta")})
	api.Handle(http.MethodPost, "/overlay/add", overlays.addOverlay, apidoc.Op{Summary: "Create a CTA overlay", Tag: "overlays", Request: overlayRequest{}, Response: idResponse{}})
	api.Handle(http.MethodPut, "/overlay/:id/update", overlays.updateOverlay, apidoc.Op{Summary: "Update a CTA overlay (fields sent are changed)", Tag: "overlays", Request: overlayRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/overlay/:id/delete", overlays.deleteOverlay, apidoc.Op{Summary: "Delete a CTA overlay", Tag: "overlays", Response: messageResponse{}})

	// Custom splash pages (splash.go)
	splash := &splashHandlers{base: b, pages: svc.Splash}
	api.Handle(http.MethodGet, "/splash", splash.listSplash, apidoc.Op{Summary: "List custom splash pages", Tag: "splash", Params: pageParams, Response: listDoc[splashItem]("splash")})
	api.Handle(http.MethodPost, "/splash/add", splash.addSplash, apidoc.Op{Summary: "Create a custom splash page", Tag: "splash", Request: splashRequest{}, Response: idResponse{}})
	api.Handle(http.MethodPut, "/splash/:id/update", splash.updateSplash, apidoc.Op{Summary: "Update a custom splash page (fields sent are changed)", Tag: "splash", Request: splashRequest{}, Response: messageResponse{}})
	api.Handle(http.MethodDelete, "/splash/:id/delete", splash.deleteSplash, apidoc.Op{Summary: "Delete a custom splash page", Tag: "splash", Response: messageResponse{}})
}
