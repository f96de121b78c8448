package httpapi

import (
	"errors"
	"mime"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/auth"
)

// userHandlers serve POST /authorization and /users.
type userHandlers struct {
	api      *API
	users    *user.Store
	access   *user.Access   // per-request user state; forgotten here on every change
	throttle *user.Throttle // login throttle
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
	u, err := h.throttle.SignIn(c.Request().Context(), h.users, req.Username, req.Password, h.api.clientIP.ClientIP(c.Request()))
	if err != nil {
		var throttled *user.ThrottledError
		if errors.As(err, &throttled) {
			c.Response().Header().Set("Retry-After", strconv.Itoa(throttled.Seconds()))
		}
		return err
	}
	token, err := h.api.tokens.Issue(auth.Principal{Subject: u.ID, Role: u.Role, Name: u.Name, TokenVersion: u.TokenVersion})
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

// update applies PATCH /users/{id} (admin only).
func (h *userHandlers) update(c echo.Context) error {
	id, err := PathUUID(c, "user_id")
	if err != nil {
		return err
	}
	var req user.Update
	if err := h.api.bind.JSON(c, &req); err != nil {
		return err
	}
	u, err := h.users.Update(c.Request().Context(), id, req)
	if err != nil {
		return err
	}
	h.access.Forget(id)
	h.api.log.InfoContext(c.Request().Context(), "user updated", "user_id", id, "by", principal(c).Subject,
		"role", u.Role, "is_active", u.IsActive, "password_reset", req.Password.HasValue())
	return c.JSON(http.StatusOK, u)
}

// delete applies DELETE /users/{id} (admin only) and answers the user as it was.
func (h *userHandlers) delete(c echo.Context) error {
	id, err := PathUUID(c, "user_id")
	if err != nil {
		return err
	}
	u, err := h.users.Delete(c.Request().Context(), id)
	if err != nil {
		return err
	}
	h.access.Forget(id)
	h.api.log.InfoContext(c.Request().Context(), "user deleted", "user_id", id, "username", u.Username, "by", principal(c).Subject)
	return c.JSON(http.StatusOK, u)
}
