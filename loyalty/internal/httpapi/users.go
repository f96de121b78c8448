package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/loyaltylinks/platform/loyalty/internal/user"
)

// userHandlers serve /users (admin routes but for listing and creating plain users).
type userHandlers struct {
	base
	users  *user.Repository
	access *user.Access // per-request user state; forgotten here on every change
}

// UserCreate is the body of POST /users. role defaults to "user".
type UserCreate struct {
	Username string  `json:"username" validate:"required,max=255"`
	Password string  `json:"password" validate:"required"`
	Name     string  `json:"name" validate:"required,max=255"`
	Email    *string `json:"email" validate:"omitempty,max=255,email"`
	Role     string  `json:"role" validate:"omitempty,oneof=admin user" default:"user"`
}

func (h *userHandlers) list(c echo.Context) error {
	q := NewQuery(c)
	lo := q.LimitOffset(10, listMaxLimit)
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
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	if err := user.CanCreate(principal(c).Role, req.Role); err != nil {
		return err
	}
	u, err := h.users.Create(c.Request().Context(), user.CreateInput{
		Username: req.Username, Password: req.Password, Name: req.Name, Email: req.Email, Role: req.Role,
	})
	if err != nil {
		return inBody(err)
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
	if err := h.bind.JSON(c, &req); err != nil {
		return err
	}
	u, err := h.users.Update(c.Request().Context(), id, req)
	if err != nil {
		return inBody(err)
	}
	h.access.Forget(id)
	h.log.InfoContext(c.Request().Context(), "user updated", "user_id", id, "by", principal(c).Subject,
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
	h.log.InfoContext(c.Request().Context(), "user deleted", "user_id", id, "username", u.Username, "by", principal(c).Subject)
	return c.JSON(http.StatusOK, u)
}
