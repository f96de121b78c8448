package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
)

// campaignHandlers serve /api/campaign and /api/campaigns.
type campaignHandlers struct {
	base
	campaigns *campaign.Store
	pages     *campaign.Pages
	baseURL   string
}

// campaignItem is a campaign in GET /api/campaigns. rotator is the rotator URL or false.
type campaignItem struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Public  bool   `json:"public"`
	Rotator any    `json:"rotator"`
	List    string `json:"list"`
}

// campaignResponse answers creates and updates; the spec carries the name in "domain".
type campaignResponse struct {
	Error   int    `json:"error"`
	ID      int64  `json:"id"`
	Domain  string `json:"domain"`
	Public  bool   `json:"public"`
	Rotator any    `json:"rotator"`
	List    string `json:"list"`
}

type campaignRequest struct {
	Name   *string `json:"name,omitempty"`
	Slug   *string `json:"slug,omitempty"`
	Public *bool   `json:"public,omitempty"`
}

// rotator is the rotator URL, or false when the campaign has none (spec).
func (h *campaignHandlers) rotator(c campaign.Campaign) any {
	if u, ok := c.RotatorURL(h.baseURL); ok {
		return u
	}
	return false
}

func (h *campaignHandlers) campaignBody(c campaign.Campaign) campaignResponse {
	return campaignResponse{ID: c.ID, Domain: c.Name, Public: c.Public, Rotator: h.rotator(c), List: c.ListURL(h.baseURL)}
}

// listCampaigns answers GET /api/campaigns.
func (h *campaignHandlers) listCampaigns(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.campaigns.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]campaignItem, 0, len(list))
	for _, cp := range list {
		items = append(items, campaignItem{ID: cp.ID, Name: cp.Name, Public: cp.Public, Rotator: h.rotator(cp), List: cp.ListURL(h.baseURL)})
	}
	return writeList(c, "campaigns", page, total, items)
}

// addCampaign answers POST /api/campaign/add.
func (h *campaignHandlers) addCampaign(c echo.Context) error {
	var req campaignRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	in := campaign.CreateInput{}
	if req.Name != nil {
		in.Name = *req.Name
	}
	if req.Slug != nil {
		in.Slug = *req.Slug
	}
	if req.Public != nil {
		in.Public = *req.Public
	}
	cp, err := h.campaigns.Create(c.Request().Context(), currentAccount(c).ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, h.campaignBody(cp))
}

// updateCampaign answers PUT /api/campaign/:id/update.
func (h *campaignHandlers) updateCampaign(c echo.Context) error {
	id, err := pathID(c, "id", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	var req campaignRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	in := campaign.UpdateInput{Slug: req.Slug, Public: req.Public}
	if req.Name != nil {
		in.Name = *req.Name
	}
	cp, err := h.campaigns.Update(c.Request().Context(), currentAccount(c).ID, id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, h.campaignBody(cp))
}

// deleteCampaign answers DELETE /api/campaign/:id/delete.
func (h *campaignHandlers) deleteCampaign(c echo.Context) error {
	id, err := pathID(c, "id", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.campaigns.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	h.pages.Forget(c.Request().Context(), id)
	return writeMessage(c, "Campaign has been deleted successfully.")
}

// assignCampaignLink answers POST /api/campaign/:campaignid/assign/:linkid.
func (h *campaignHandlers) assignCampaignLink(c echo.Context) error {
	campaignID, err := pathID(c, "campaignid", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	linkID, err := pathID(c, "linkid", link.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.campaigns.AssignLink(c.Request().Context(), currentAccount(c).ID, campaignID, linkID); err != nil {
		return err
	}
	return writeMessage(c, "Link successfully added to the campaign.")
}
