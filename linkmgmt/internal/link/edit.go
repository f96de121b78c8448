package link

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/linkmgmt/internal/domain"
	"github.com/loyaltylinks/platform/shared/nullable"
	"golang.org/x/crypto/bcrypt"
)

// apply validates in onto l, resolving references to the account's other resources
// through the packages that own them. It returns the pixel ids to attach (meaningful
// when in.Pixels is set). Field errors are collected across every step and answered
// together; any other error stops it.
func (s *Service) apply(ctx context.Context, accountID int64, in Input, l *Link, create bool) ([]int64, error) {
	e := &edit{Service: s, ctx: ctx, accountID: accountID, in: in, l: l}
	if !create && in.URL.Set && (in.URL.Null || strings.TrimSpace(in.URL.Value) == "") {
		e.errs.add("url", "must not be empty")
		e.in.URL.Set = false
	}
	applyFields(e.in, l, urlChecker{ownHosts: e.ownHost}, time.Now(), &e.errs)
	e.alias()
	for _, step := range []func() error{e.password, e.pageType, e.domain, e.pixels, e.channel, e.campaign} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := e.errs.err(); err != nil {
		return nil, err
	}
	return e.pixelIDs, nil
}

// edit is one create or update of a link in progress: the steps of apply, each
// validating one field or reference of in onto l.
type edit struct {
	*Service
	ctx       context.Context
	accountID int64
	in        Input
	l         *Link
	errs      fieldErrs
	pixelIDs  []int64
}

func (e *edit) alias() {
	if !e.in.Custom.HasValue() || strings.TrimSpace(e.in.Custom.Value) == "" {
		return
	}
	alias := strings.TrimSpace(e.in.Custom.Value)
	if msg := ValidAlias(alias); msg != "" {
		e.errs.add("custom", msg)
		return
	}
	e.l.Alias = alias
}

// password sets or clears ("") the bcrypt hash visitors must match.
func (e *edit) password() error {
	if !e.in.Password.Set {
		return nil
	}
	switch pw := e.in.Password.Value; {
	case pw == "":
		e.l.PasswordHash = nil
	case len(pw) > maxPassword:
		e.errs.add("password", "must be at most 72 bytes")
	default:
		hash, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
		if err != nil {
			return fmt.Errorf("hash link password: %w", err)
		}
		h := string(hash)
		e.l.PasswordHash = &h
	}
	return nil
}

// pageType sets the redirect type: direct, frame, splash, or one of the account's
// custom splash pages ("splash-<id>" or a bare id) or CTA overlays ("overlay-<id>").
func (e *edit) pageType() error {
	if !e.in.Type.Set {
		return nil
	}
	t := strings.ToLower(strings.TrimSpace(string(e.in.Type.Value)))
	e.l.SplashID, e.l.OverlayID = nil, nil
	switch {
	case t == "" || t == TypeDirect:
		e.l.Type = TypeDirect
		return nil
	case t == TypeFrame || t == TypeSplash:
		e.l.Type = t
		return nil
	}
	owner, prefix, raw, plural, dst := e.refs.Splash, "splash-", strings.TrimPrefix(t, "splash-"), "custom splash pages", &e.l.SplashID
	if strings.HasPrefix(t, "overlay-") {
		owner, prefix, raw, plural, dst = e.refs.Overlays, "overlay-", strings.TrimPrefix(t, "overlay-"), "CTA overlays", &e.l.OverlayID
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		e.errs.add("type", "must be direct, frame, splash, a custom splash page id or overlay-<id>")
		return nil
	}
	ok, err := owner.Owns(e.ctx, e.accountID, id)
	if err != nil {
		return err
	}
	if !ok {
		e.errs.add("type", strings.TrimSuffix(prefix, "-")+" page "+raw+" is not one of your "+plural)
		return nil
	}
	e.l.Type = prefix + raw
	*dst = &id
	return nil
}

// domain puts the link on one of the account's branded domains, or on BASE_URL.
func (e *edit) domain() error {
	if !e.in.Domain.Set {
		return nil
	}
	raw := strings.TrimSpace(e.in.Domain.Value)
	host := domainHost(raw)
	switch {
	case raw == "" || host == e.baseHost:
		e.l.DomainID, e.l.DomainURL = nil, ""
		return nil
	case host == "":
		e.errs.add("domain", "is not one of your branded domains")
		return nil
	}
	d, err := e.refs.Domains.OwnedByHost(e.ctx, e.accountID, host)
	if errors.Is(err, domain.ErrNotFound) {
		e.errs.add("domain", "is not one of your branded domains")
		return nil
	}
	if err != nil {
		return err
	}
	e.l.DomainID, e.l.DomainURL = &d.ID, d.Domain
	return nil
}

// pixels keeps the distinct ids in order; every one must be the account's.
func (e *edit) pixels() error {
	if !e.in.Pixels.Set {
		return nil
	}
	e.pixelIDs = slices.Compact(slices.Sorted(slices.Values(e.in.Pixels.Value)))
	ok, err := e.refs.Pixels.OwnsAll(e.ctx, e.accountID, e.pixelIDs)
	if err != nil {
		return err
	}
	if !ok {
		e.errs.add("pixels", "every id must be one of your pixels")
	}
	return nil
}

func (e *edit) channel() error {
	return e.reference("channel", "channels", e.in.Channel, e.refs.Channels, &e.l.ChannelID)
}

func (e *edit) campaign() error {
	return e.reference("campaign", "campaigns", e.in.Campaign, e.refs.Campaigns, &e.l.CampaignID)
}

// reference sets *dst from an optional id field (null or 0 clears it) once the owning
// package confirms the account has the row.
func (e *edit) reference(field, plural string, in nullable.Field[int64], owner Owner, dst **int64) error {
	if !in.Set {
		return nil
	}
	if in.Null || in.Value == 0 {
		*dst = nil
		return nil
	}
	ok, err := owner.Owns(e.ctx, e.accountID, in.Value)
	if err != nil {
		return err
	}
	if !ok {
		e.errs.add(field, "is not one of your "+plural)
		return nil
	}
	id := in.Value
	*dst = &id
	return nil
}

// ownHost reports whether host is the service's own or a registered branded domain: a
// destination there would loop back into the shortener. When the domains cannot be
// read the destination is let through.
func (e *edit) ownHost(host string) bool {
	if host == e.baseHost {
		return true
	}
	registered, err := e.refs.Domains.Registered(e.ctx, host)
	return err == nil && registered
}
