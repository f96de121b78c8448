package httpapi

import (
	"errors"
	"mime"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
	"github.com/loyaltylinks/platform/shared/clientip"
)

// tokenHandlers serve POST /authorization: sign-in under the login throttle.
type tokenHandlers struct {
	base
	users    *user.Repository
	throttle *user.Throttle
	tokens   *auth.JWT
	clientIP *clientip.Resolver
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

func (h *tokenHandlers) create(c echo.Context) error {
	var req TokenRequest
	mediaType, _, _ := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	switch mediaType {
	case echo.MIMEApplicationForm, echo.MIMEMultipartForm:
		if err := h.bindForm(c, &req); err != nil {
			return err
		}
	default:
		if err := h.bind.JSON(c, &req); err != nil {
			return err
		}
	}
	u, err := h.throttle.SignIn(c.Request().Context(), h.users, req.Username, req.Password, h.clientIP.ClientIP(c.Request()))
	if err != nil {
		var throttled *user.ThrottledError
		if errors.As(err, &throttled) {
			c.Response().Header().Set("Retry-After", strconv.Itoa(throttled.Seconds()))
		}
		return inBody(err)
	}
	token, err := h.tokens.Issue(auth.Principal{Subject: u.ID, Role: u.Role, Name: u.Name, TokenVersion: u.TokenVersion})
	if err != nil {
		return err
	}
	// RFC 6749 5.1: token responses must not be cached.
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, TokenResponse{
		AccessToken: token,
		TokenType:   "bearer",
		ExpiresIn:   int(h.tokens.TTL().Seconds()),
	})
}

// bindForm reads the OAuth2 password-grant form.
func (h *tokenHandlers) bindForm(c echo.Context, req *TokenRequest) error {
	form, err := c.FormParams()
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return apperr.Wrap(apperr.TooLarge, err, "request body too large")
		}
		return apperr.Validation(validation.Value("Invalid form body", inBodyRoot))
	}
	if gt := form.Get("grant_type"); gt != "" && gt != "password" {
		return apperr.Validation(apperr.Field("Input should be 'password'", "string_pattern_mismatch", inBodyRoot, "grant_type"))
	}
	req.Username, req.Password = form.Get("username"), form.Get("password")
	for name, v := range map[string]string{"username": req.Username, "password": req.Password} {
		if !validText(v) {
			return apperr.Validation(validation.NotText(inBodyRoot, name))
		}
	}
	return h.bind.Struct(req, inBodyRoot)
}
