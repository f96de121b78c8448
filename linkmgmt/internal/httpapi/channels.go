package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/channel"
)

// channelHandlers serve /api/channel and /api/channels.
type channelHandlers struct {
	base
	channels *channel.Store
}

// channelItem is a channel in GET /api/channels.
type channelItem struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Color       string `json:"color"`
	Starred     bool   `json:"starred"`
}

// channelResponse answers POST /api/channel/add.
type channelResponse struct {
	Error int `json:"error"`
	channelItem
}

// channelMember is one item in GET /api/channel/:id.
type channelMember struct {
	Type    string `json:"type"`
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Preview string `json:"preview"`
	Link    string `json:"link"`
	Date    string `json:"date"`
}

type channelRequest struct {
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
	Color       *string `json:"color,omitempty"`
	Starred     *bool   `json:"starred,omitempty"`
}

func (r channelRequest) fields() channel.Fields {
	return channel.Fields{Name: r.Name, Description: r.Description, Color: r.Color, Starred: r.Starred}
}

func toChannelItem(ch channel.Channel) channelItem {
	return channelItem{ID: ch.ID, Name: ch.Name, Description: ch.Description, Color: ch.Color, Starred: ch.Starred}
}

// listChannels answers GET /api/channels.
func (h *channelHandlers) listChannels(c echo.Context) error {
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.channels.List(c.Request().Context(), currentAccount(c).ID, page)
	if err != nil {
		return err
	}
	items := make([]channelItem, 0, len(list))
	for _, ch := range list {
		items = append(items, toChannelItem(ch))
	}
	return writeList(c, "channels", page, total, items)
}

// listChannelItems answers GET /api/channel/:id.
func (h *channelHandlers) listChannelItems(c echo.Context) error {
	id, err := pathID(c, "id", channel.ErrNotFound)
	if err != nil {
		return err
	}
	page, err := parsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.channels.Items(c.Request().Context(), currentAccount(c).ID, id, page)
	if err != nil {
		return err
	}
	items := make([]channelMember, 0, len(list))
	for _, it := range list {
		items = append(items, channelMember{Type: it.Type, ID: it.ID, Title: it.Title, Preview: it.Preview, Link: it.Link,
			Date: it.CreatedAt.UTC().Format(dateLayout)})
	}
	return writeList(c, "items", page, total, items)
}

// addChannel answers POST /api/channel/add.
func (h *channelHandlers) addChannel(c echo.Context) error {
	var req channelRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	ch, err := h.channels.Create(c.Request().Context(), currentAccount(c).ID, req.fields())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, channelResponse{channelItem: toChannelItem(ch)})
}

// updateChannel answers PUT /api/channel/:id/update.
func (h *channelHandlers) updateChannel(c echo.Context) error {
	id, err := pathID(c, "id", channel.ErrNotFound)
	if err != nil {
		return err
	}
	var req channelRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if _, err := h.channels.Update(c.Request().Context(), currentAccount(c).ID, id, req.fields()); err != nil {
		return err
	}
	return writeMessage(c, "Channel has been updated successfully.")
}

// deleteChannel answers DELETE /api/channel/:id/delete.
func (h *channelHandlers) deleteChannel(c echo.Context) error {
	id, err := pathID(c, "id", channel.ErrNotFound)
	if err != nil {
		return err
	}
	if err := h.channels.Delete(c.Request().Context(), currentAccount(c).ID, id); err != nil {
		return err
	}
	return writeMessage(c, "Channel has been deleted successfully.")
}

// assignChannelItem answers POST /api/channel/:channelid/assign/:type/:itemid.
func (h *channelHandlers) assignChannelItem(c echo.Context) error {
	// The type is checked first: an unknown type is a malformed request whatever the ids.
	itemType := c.Param("type")
	if err := channel.CheckItemType(itemType); err != nil {
		return err
	}
	channelID, err := pathID(c, "channelid", channel.ErrNotFound)
	if err != nil {
		return err
	}
	itemID, err := pathID(c, "itemid", channel.ItemNotFound(itemType))
	if err != nil {
		return err
	}
	if err := h.channels.Assign(c.Request().Context(), currentAccount(c).ID, channelID, itemType, itemID); err != nil {
		return err
	}
	return writeMessage(c, "Item successfully added to the channel.")
}
