package httpapi

import (
	"errors"
	"mime"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
)

// userHandlers serve POST /authorization and /users.
type userHandlers struct {
	api   *API
	users *user.Store
}

// TokenRequest is the JSON form of the sign-in. The OAuth2 password-grant form
// (application/x-www-form-urlencoded: grant_type=password, username, password) is
// accepted too.
type TokenRequest struct {
	Username string `json:"username" validate:"required"`
	Password string `json:"password" validate:"required"`
}

// TokenResponse carries a bearer JWT and its lifetime in seconds.
type TokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int    `json:"expires_in"`
}

// UserCreate is the body of POST /users. role defaults to "user".
type UserCreate struct {
	Username string  `json:"username" validate:"required,max=255"`
	Password string  `json:"password" validate:"required"`
	Name     string  `json:"name" validate:"required,max=255"`
	Email    *string `json:"email" validate:"omitempty,max=255,email"`
	Role     string  `json:"role" validate:"omitempty,oneof=admin user" default:"user"`
}

func (h *userHandlers) authorize(c echo.Context) error {
	var req TokenRequest
	mediaType, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	switch mediaType {
	case echo.MIMEApplicationForm, echo.MIMEMultipartForm:
		if err := h.bindForm(c, &req); err != nil {
			return err
		}
	default:
		if err := h.api.bind.JSON(c, &req); err != nil {
			return err
		}
	}
	u, err := h.users.Authenticate(c.Request().Context(), req.Username, req.Password)
	if err != nil {
		return err
	}
	token, err := h.api.tokens.Issue(auth.Principal{Subject: u.ID, Role: u.Role, Name: u.Name})
	if err != nil {
		return err
	}
	// RFC 6749 5.1: token responses must not be cached.
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, TokenResponse{
		AccessToken: token,
		TokenType:   "bearer",
		ExpiresIn:   int(h.api.tokens.TTL().Seconds()),
	})
}

// bindForm reads the OAuth2 password-grant form.
func (h *userHandlers) bindForm(c echo.Context, req *TokenRequest) error {
	form, err := c.FormParams()
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return apperr.Wrap(apperr.TooLarge, err, "request body too large")
		}
		return apperr.Validation(apperr.Field("Invalid form body", "value_error", "body"))
	}
	if gt := form.Get("grant_type"); gt != "" && gt != "password" {
		return apperr.Validation(apperr.Field("Input should be 'password'", "string_pattern_mismatch", "body", "grant_type"))
	}
	req.Username, req.Password = form.Get("username"), form.Get("password")
	for name, v := range map[string]string{"username": req.Username, "password": req.Password} {
		if !validText(v) {
			return apperr.Validation(apperr.Field("Input should be a valid UTF-8 string without NUL characters", "string_unicode", "body", name))
		}
	}
	return h.api.bind.Struct(req, "body")
}

func (h *userHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, coreListMaxLimit)
	if err := q.Err(); err != nil {
		return err
	}
	users, err := h.users.List(c.Request().Context(), lo.Limit, lo.Offset)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, users)
}

func (h *userHandlers) create(c echo.Context) error {
	var req UserCreate
	if err := h.api.bind.JSON(c, &req); err != nil {
		return err
	}
	if err := user.CanCreate(principal(c).Role, req.Role); err != nil {
		return err
	}
	u, err := h.users.Create(c.Request().Context(), user.CreateInput{
		Username: req.Username, Password: req.Password, Name: req.Name, Email: req.Email, Role: req.Role,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, u)
}
