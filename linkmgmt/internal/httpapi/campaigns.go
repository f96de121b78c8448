package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/campaign"
	"github.com/loyaltylinks/platform/linkmgmt/internal/link"
)

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
func (a *API) rotator(c campaign.Campaign) any {
	if u, ok := c.RotatorURL(a.svc.Config.BaseURL); ok {
		return u
	}
	return false
}

func (a *API) campaignBody(c campaign.Campaign) campaignResponse {
	return campaignResponse{ID: c.ID, Domain: c.Name, Public: c.Public, Rotator: a.rotator(c), List: c.ListURL(a.svc.Config.BaseURL)}
}

// listCampaigns answers GET /api/campaigns.
func (a *API) listCampaigns(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := a.svc.Campaigns.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]campaignItem, 0, len(list))
	for _, cp := range list {
		items = append(items, campaignItem{ID: cp.ID, Name: cp.Name, Public: cp.Public, Rotator: a.rotator(cp), List: cp.ListURL(a.svc.Config.BaseURL)})
	}
	return writeList(c, "campaigns", page, total, items)
}

// addCampaign answers POST /api/campaign/add.
func (a *API) addCampaign(c echo.Context) error {
	var req campaignRequest
	if err := bindJSON(c, &req); err != nil {
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
	cp, err := a.svc.Campaigns.Create(c.Request().Context(), currentAccount(c).ID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.campaignBody(cp))
}

// updateCampaign answers PUT /api/campaign/:id/update.
func (a *API) updateCampaign(c echo.Context) error {
	id, err := pathID(c, "id", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	var req campaignRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	in := campaign.UpdateInput{Slug: req.Slug, Public: req.Public}
	if req.Name != nil {
		in.Name = *req.Name
	}
	cp, err := a.svc.Campaigns.Update(c.Request().Context(), currentAccount(c).ID, id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a.campaignBody(cp))
}

// deleteCampaign answers DELETE /api/campaign/:id/delete.
func (a *API) deleteCampaign(c echo.Context) error {
	id, err := pathID(c, "id", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	if err := a.svc.Campaigns.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	a.svc.CampaignPages.Forget(c.Request().Context(), id)
	return writeMessage(c, "Campaign has been deleted successfully.")
}

// assignCampaignLink answers POST /api/campaign/:campaignid/assign/:linkid.
func (a *API) assignCampaignLink(c echo.Context) error {
	campaignID, err := pathID(c, "campaignid", campaign.ErrNotFound)
	if err != nil {
		return err
	}
	linkID, err := pathID(c, "linkid", link.ErrNotFound)
	if err != nil {
		return err
	}
	if err := a.svc.Campaigns.AssignLink(c.Request().Context(), currentAccount(c).ID, campaignID, linkID); err != nil {
		return err
	}
	return writeMessage(c, "Link successfully added to the campaign.")
}
