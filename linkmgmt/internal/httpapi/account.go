package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/linkmgmt/internal/account"
)

// accountHandlers serve /api/account: the caller's account and its key.
type accountHandlers struct {
	base
	accounts *account.Store
}

type accountData struct {
	ID         int64  `json:"id"`
	Email      string `json:"email"`
	Username   string `json:"username"`
	Avatar     string `json:"avatar"`
	Status     string `json:"status"`
	Expires    string `json:"expires"`
	Registered string `json:"registered"`
}

type accountResponse struct {
	Error int         `json:"error"`
	Data  accountData `json:"data"`
}

// getAccount answers GET /api/account.
func (h *accountHandlers) getAccount(c echo.Context) error {
	acc := currentAccount(c)
	return c.JSON(http.StatusOK, accountResponse{Data: accountData{
		ID:         acc.ID,
		Email:      acc.Email,
		Username:   acc.Username,
		Avatar:     acc.Avatar,
		Status:     acc.Status,
		Expires:    formatDateTime(acc.ExpiresAt),
		Registered: acc.CreatedAt.UTC().Format(dateTimeLayout),
	}})
}

type accountUpdateRequest struct {
	Email    *string `json:"email,omitempty"`
	Password *string `json:"password,omitempty"`
}

// updateAccount answers PUT /api/account/update.
func (h *accountHandlers) updateAccount(c echo.Context) error {
	var req accountUpdateRequest
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	acc := currentAccount(c)
	if err := h.accounts.Update(c.Request().Context(), acc.ID, account.UpdateInput{Email: req.Email, Password: req.Password}); err != nil {
		return err
	}
	return writeMessage(c, "Account has been successfully updated.")
}

type rotateKeyResponse struct {
	Error   int    `json:"error"`
	Message string `json:"message"`
	Key     string `json:"key"`
}

// rotateKey answers POST /api/account/rotate-key with the new key, shown once.
func (h *accountHandlers) rotateKey(c echo.Context) error {
	acc := currentAccount(c)
	key, err := h.accounts.RotateKey(c.Request().Context(), acc.ID, acc.APIKeyHash)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rotateKeyResponse{
		Message: "API key has been rotated successfully. Store the new key now: it is not shown again.",
		Key:     key,
	})
}
