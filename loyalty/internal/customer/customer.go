// Package customer owns the programme's customers: registration, lookups by document,
// searches and listings, and the single-customer view with the rewards the customer can
// redeem and the promotions running now. The points balance is the ledger's: this
// package reads it and never writes it.
package customer

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"
	_ "time/tzdata" // date filters use IANA zones; images may lack /usr/share/zoneinfo

	"github.com/google/uuid"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/promotion"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Allowed values. "ECOMMERCE" stands for the online shop, written in the specification
// under the product's own name.
var (
	Genders = []string{"M", "F", "X"}
	Origins = []string{"PDV", "ECOMMERCE", "BACKOFFICE", "APP", "TOTEM"}
)

// DefaultOrigin is the origin of a customer created without one.
const DefaultOrigin = "PDV"

// Customer is a customer as the API shows it. StoreName and StoreCodeOwnerName are
// resolved from stores. Rewards and Promotion are only filled on single-customer reads
// (Get, GetAtStore) and stay nil (JSON null) elsewhere, as PointsExpiring.
type Customer struct {
	ID                 string     `json:"id"`
	Name               string     `json:"name"`
	Doc                string     `json:"doc"`
	Email              string     `json:"email"`
	Phone              string     `json:"phone"`
	GenderIdentity     *string    `json:"gender_identity"`
	ShortCode          *string    `json:"short_code"`
	BirthDate          *string    `json:"birth_date"`     // YYYY-MM-DD
	PointsBalance      int64      `json:"points_balance"` // available: what the customer can spend now
	PointsPending      int64      `json:"points_pending"` // earned on sales still in their return window
	LastPurchase       *time.Time `json:"last_purchase"`
	IsActive           bool       `json:"is_active"`
	Origin             *string    `json:"origin"`
	StoreCode          *string    `json:"store_code"`
	StoreCodeOwner     *string    `json:"store_code_owner"`
	StoreName          *string    `json:"store_name"`
	StoreCodeOwnerName *string    `json:"store_code_owner_name"`
	EmailOptin         bool       `json:"email_optin"`
	WhatsappOptin      bool       `json:"whatsapp_optin"`
	SmsOptin           bool       `json:"sms_optin"`
	AppUser            *bool      `json:"app_user"`

	Rewards        []Reward              `json:"rewards" gorm:"-"`
	Promotion      []promotion.Promotion `json:"promotion" gorm:"-"`
	PointsExpiring *Expiring             `json:"points_expiring" gorm:"-"`

	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// CreateInput is a new customer. Nil pointers take the defaults: origin PDV, every
// opt-in true.
type CreateInput struct {
	Name           string
	Doc            string
	Email          string
	Phone          string
	GenderIdentity *string
	BirthDate      *time.Time
	ShortCode      *string
	Origin         *string
	StoreCode      *string
	EmailOptin     *bool
	WhatsappOptin  *bool
	SmsOptin       *bool
	AppUser        *bool
}

// Update holds the fields a PATCH sent. name, doc, email, phone, is_active and the
// opt-ins cannot be null; the others are cleared by null. points_balance belongs to the
// ledger: it is accepted only when equal to the current balance (clients that send the
// record back as they read it).
type Update struct {
	Name           nullable.Field[string]            `json:"name" validate:"omitempty,max=255"`
	Doc            nullable.Field[string]            `json:"doc" validate:"omitempty,max=50"`
	Email          nullable.Field[string]            `json:"email" validate:"omitempty,max=255"`
	Phone          nullable.Field[string]            `json:"phone" validate:"omitempty,max=50"`
	BirthDate      nullable.Field[calendar.Date]     `json:"birth_date"`
	GenderIdentity nullable.Field[string]            `json:"gender_identity"`
	IsActive       nullable.Field[bool]              `json:"is_active"`
	PointsBalance  nullable.Field[float64]           `json:"points_balance"`
	LastPurchase   nullable.Field[calendar.DateTime] `json:"last_purchase"`
	StoreCode      nullable.Field[string]            `json:"store_code" validate:"omitempty,max=255"`
	StoreCodeOwner nullable.Field[string]            `json:"store_code_owner" validate:"omitempty,max=255"`
	EmailOptin     nullable.Field[bool]              `json:"email_optin"`
	WhatsappOptin  nullable.Field[bool]              `json:"whatsapp_optin"`
	SmsOptin       nullable.Field[bool]              `json:"sms_optin"`
	AppUser        nullable.Field[bool]              `json:"app_user"`
}

// Search narrows a customer search or listing; empty fields do not filter.
type Search struct {
	Doc  string // prefix of the normalised doc (an exact doc is a prefix of itself)
	Name string // anywhere in the name, case and accents ignored (NameContains)
}

// NameContains is the one rule of a customer name search, used by the searches, the
// filtered listing and the exports: the name contains the term, case and accents ignored
// ("conceicao" finds "Conceição"), the term's % and _ taken literally. The folding is
// the SQL function name_fold (migration 00550), kept applied to the name in the stored
// column name_search (migration 00571), which the trigram index
// customers_name_search_trgm_idx is built on; alias is the customers table's alias in
// the query, e.g. "c". ok is false for a blank term: it does not filter.
func NameContains(alias, term string) (cond string, arg string, ok bool) {
	term = strings.TrimSpace(term)
	if term == "" {
		return "", "", false
	}
	// The pattern in a subquery: computed once per query (an InitPlan), never once per
	// row, even in a generic plan of a prepared statement, where name_fold(?) is not
	// folded into a constant.
	return alias + `.name_search LIKE (SELECT '%' || name_fold(?) || '%') ESCAPE '\'`, database.EscapeLike(term), true
}

// ListFilter is the filter of the customers/list listing.
type ListFilter struct {
	Search
	StartDate *time.Time     // calendar day, inclusive, on created_at
	EndDate   *time.Time     // calendar day, inclusive, on created_at
	Location  *time.Location // zone the days are read in; UTC when nil
	// OwnerStoreName is the exact name (case-insensitive) of the store_code_owner store.
	OwnerStoreName string
}

// Repository reads and writes customers.
type Repository struct {
	db         *gorm.DB
	stores     *store.Repository
	promotions *promotion.Repository
	now        func() time.Time
	events     Events // nil: no events recorded
	nameFew    int    // a name search sorts at once the matches of a term with fewer (Find)
	nameWalk   int    // entries of the name order a name search reads (Find)
	nameInside int    // a name search walks from the term when fewer names hold it past their first letter (Find)
	nameFrom   int    // entries of the name order a name search reads from the term on, past the page's (Find)
}

// Events records an event inside the transaction of the change it describes (the
// webhook outbox, event.Outbox). An error must roll the change back.
type Events interface {
	Record(ctx context.Context, tx *gorm.DB, typ event.Type, data any) error
}

// WithEvents returns a copy of the store that records customer.created and
// customer.updated through ev.
func (s *Repository) WithEvents(ev Events) *Repository {
	c := *s
	c.events = ev
	return &c
}

// NewRepository returns a Repository over db; stores and promotions resolve the store checks and
// the promotions shown with a customer.
func NewRepository(db *gorm.DB, stores *store.Repository, promotions *promotion.Repository) *Repository {
	return &Repository{db: db, stores: stores, promotions: promotions, now: time.Now, nameFew: nameFew, nameWalk: nameWalk, nameInside: nameFew, nameFrom: nameFew}
}

// Failures callers tell apart (errors.Is).
var (
	ErrNotFound = apperr.Define(apperr.NotFound, "customer_not_found", "Customer not found")
	ErrInactive = apperr.Define(apperr.Conflict, "customer_inactive", "Customer is inactive")
	ErrDocTaken = apperr.Define(apperr.Conflict, "customer_doc_taken", "A customer with this doc already exists")
)

// Create registers a customer. A doc already registered is a Conflict; emails may
// repeat (families and shops share addresses; doc is the identity).
func (s *Repository) Create(ctx context.Context, in CreateInput) (Customer, error) {
	origin := DefaultOrigin
	if in.Origin != nil {
		origin = *in.Origin
	}
	row := map[string]any{
		"id":              uuid.NewString(),
		"name":            strings.TrimSpace(in.Name),
		"doc":             document.Normalize(in.Doc),
		"email":           normalizeEmail(in.Email),
		"phone":           strings.TrimSpace(in.Phone),
		"gender_identity": in.GenderIdentity,
		"birth_date":      in.BirthDate,
		"short_code":      in.ShortCode,
		"origin":          origin,
		"store_code":      trimmed(in.StoreCode),
		// The store that registers a customer owns it until told otherwise; customers
		// created without a store get an owner from their first purchase (batch route).
		"store_code_owner": trimmed(in.StoreCode),
		"email_optin":      in.EmailOptin == nil || *in.EmailOptin,
		"whatsapp_optin":   in.WhatsappOptin == nil || *in.WhatsappOptin,
		"sms_optin":        in.SmsOptin == nil || *in.SmsOptin,
		"app_user":         in.AppUser,
	}
	v := &checker{}
	v.nonEmpty("name", row["name"].(string))
	v.document("doc", row["doc"].(string))
	v.email("email", row["email"].(string))
	v.nonEmpty("phone", row["phone"].(string))
	v.oneOf("gender_identity", in.GenderIdentity, Genders)
	v.oneOf("origin", &origin, Origins)
	v.birthDate("birth_date", in.BirthDate, s.now())
	if err := v.err(); err != nil {
		return Customer{}, err
	}
	var out Customer
	id := row["id"].(string)
	change := database.Change{
		What: fmt.Sprintf("Look up customer %s (GET /customer/{document}) before sending the request again.", id),
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			c, err := Load(ctx, db, id)
			if errors.Is(err, ErrNotFound) {
				return false, nil
			}
			out = c
			return err == nil, err
		},
	}
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		if err := tx.Table("customers").Create(row).Error; err != nil {
			return writeError(err, row["doc"].(string))
		}
		var err error
		if out, err = Load(ctx, tx, row["id"].(string)); err != nil {
			return err
		}
		return s.record(ctx, tx, event.CustomerCreated, out)
	})
	return out, err
}

// CustomersUpdated records customer.updated for each customer of ids, read through tx (a
// database/sql transaction: the admin batch jobs'), inside it. batch.Jobs calls it.
func (s *Repository) CustomersUpdated(ctx context.Context, tx *sql.Tx, ids []string) error {
	if s.events == nil || len(ids) == 0 {
		return nil
	}
	// A GORM session over the caller's transaction, as gorm.DB.Begin makes one.
	gtx := s.db.Session(&gorm.Session{NewDB: true, Context: ctx})
	gtx.Statement.ConnPool = tx
	var list []Customer
	if err := selectCustomers(gtx).Where("c.id IN ?", ids).Order("c.id").Scan(&list).Error; err != nil {
		return fmt.Errorf("load updated customers: %w", err)
	}
	for _, c := range list {
		if err := s.record(ctx, gtx, event.CustomerUpdated, c); err != nil {
			return err
		}
	}
	return nil
}

// record writes an event in tx; without Events it does nothing.
func (s *Repository) record(ctx context.Context, tx *gorm.DB, typ event.Type, c Customer) error {
	if s.events == nil {
		return nil
	}
	return s.events.Record(ctx, tx, typ, c)
}

// Get returns the customer with this document (formatted or digits) with its rewards
// and the promotions active now.
func (s *Repository) Get(ctx context.Context, doc string) (Customer, error) {
	c, err := s.ByDoc(ctx, doc)
	if err != nil {
		return Customer{}, err
	}
	return s.withCatalogue(ctx, c, "")
}

// GetAtStore is Get for a customer at a store: the store must exist and be active, and
// only the promotions valid in that store are shown.
func (s *Repository) GetAtStore(ctx context.Context, doc, storeCode string) (Customer, error) {
	c, err := s.ByDoc(ctx, doc)
	if err != nil {
		return Customer{}, err
	}
	st, err := s.stores.ByCode(ctx, storeCode)
	if err != nil {
		return Customer{}, err
	}
	if !st.IsActive {
		return Customer{}, store.ErrNotFound.Withf("Store %s is inactive", st.StoreCode)
	}
	return s.withCatalogue(ctx, c, st.StoreCode)
}

func (s *Repository) withCatalogue(ctx context.Context, c Customer, storeCode string) (Customer, error) {
	rewards, err := s.Rewards(ctx, c.ID)
	if err != nil {
		return Customer{}, err
	}
	promos, err := s.promotions.ActiveAt(ctx, s.now(), storeCode)
	if err != nil {
		return Customer{}, err
	}
	expiring, err := s.expiring(ctx, c.ID)
	if err != nil {
		return Customer{}, err
	}
	c.Rewards, c.Promotion, c.PointsExpiring = rewards, promos, &expiring
	return c, nil
}

// ByDoc returns the customer with this document, without rewards and promotions.
func (s *Repository) ByDoc(ctx context.Context, doc string) (Customer, error) {
	return s.take(ctx, "c.doc = ?", document.Normalize(doc))
}

func (s *Repository) take(ctx context.Context, where string, arg any) (Customer, error) {
	var c Customer
	res := s.query(ctx).Where(where, arg).Limit(1).Scan(&c)
	if res.Error != nil {
		return Customer{}, fmt.Errorf("load customer (%s %v): %w", where, arg, res.Error)
	}
	if res.RowsAffected == 0 {
		return Customer{}, ErrNotFound
	}
	return c, nil
}

// query selects customers with their store names resolved.
func (s *Repository) query(ctx context.Context) *gorm.DB {
	return selectCustomers(s.db.WithContext(ctx))
}

// Load returns the customer with this id as the API renders it (without rewards and
// promotions), read through db: a transaction reads its own changes. Events use it.
func Load(ctx context.Context, db *gorm.DB, id string) (Customer, error) {
	var c Customer
	res := selectCustomers(db.WithContext(ctx)).Where("c.id = ?", id).Limit(1).Scan(&c)
	if res.Error != nil {
		return Customer{}, fmt.Errorf("load customer %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return Customer{}, ErrNotFound
	}
	return c, nil
}

func selectCustomers(db *gorm.DB) *gorm.DB {
	return db.Table("customers c").
		Select(`c.id, c.name, c.doc, c.email, c.phone, c.gender_identity, c.short_code,
			c.birth_date::text AS birth_date, c.points_balance, c.points_pending, c.last_purchase, c.is_active, c.origin,
			c.store_code, c.store_code_owner, st.name AS store_name, so.name AS store_code_owner_name,
			c.email_optin, c.whatsapp_optin, c.sms_optin, c.app_user, c.created_at, c.updated_at`).
		Joins("LEFT JOIN stores st ON st.store_code = c.store_code").
		Joins("LEFT JOIN stores so ON so.store_code = c.store_code_owner")
}

// Update applies the fields sent in u to the customer with this document.
func (s *Repository) Update(ctx context.Context, doc string, u Update) (Customer, error) {
	c, err := s.ByDoc(ctx, doc)
	if err != nil {
		return Customer{}, err
	}
	changes, err := u.changes(c, s.now())
	if err != nil {
		return Customer{}, err
	}
	if len(changes) == 0 {
		return c, nil
	}
	newDoc := c.Doc
	if d, ok := changes["doc"].(string); ok {
		newDoc = d
	}
	var (
		out  Customer
		xact string // the transaction's id: an update has no row of its own to look up
	)
	change := database.Change{
		What: fmt.Sprintf("Look up customer %s (GET /customer/{document}) before sending the request again.", c.ID),
		Committed: func(ctx context.Context, db *gorm.DB) (bool, error) {
			return database.XactCommitted(ctx, db, xact)
		},
	}
	err = database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		var err error
		if xact, err = database.XactID(tx.WithContext(ctx)); err != nil {
			return err
		}
		if err := tx.Table("customers").Where("id = ?", c.ID).Updates(changes).Error; err != nil {
			return writeError(err, newDoc)
		}
		if out, err = Load(ctx, tx, c.ID); err != nil {
			return err
		}
		if sameApartFromUpdatedAt(c, out) {
			return nil // values sent equal to the stored ones: nothing to tell
		}
		return s.record(ctx, tx, event.CustomerUpdated, out)
	})
	return out, err
}

func sameApartFromUpdatedAt(a, b Customer) bool {
	a.UpdatedAt, b.UpdatedAt = time.Time{}, time.Time{}
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

func (u Update) changes(c Customer, now time.Time) (map[string]any, error) {
	v := &checker{}
	changes := map[string]any{}
	str := func(col string, f nullable.Field[string], norm func(string) string) {
		if !f.Set {
			return
		}
		if f.Null {
			v.fail(col, "Input should be a valid string", "string_type")
			return
		}
		val := norm(f.Value)
		v.nonEmpty(col, val)
		changes[col] = val
	}
	str("name", u.Name, strings.TrimSpace)
	str("doc", u.Doc, document.Normalize)
	if d, ok := changes["doc"].(string); ok && d != "" { // empty: said by str
		v.document("doc", d)
	}
	str("phone", u.Phone, strings.TrimSpace)
	if u.Email.Set {
		if u.Email.Null {
			v.fail("email", "Input should be a valid string", "string_type")
		} else {
			e := normalizeEmail(u.Email.Value)
			v.email("email", e)
			changes["email"] = e
		}
	}
	flag := func(col string, f nullable.Field[bool]) {
		if !f.Set {
			return
		}
		if f.Null {
			v.fail(col, "Input should be a valid boolean", "bool_type")
			return
		}
		changes[col] = f.Value
	}
	flag("is_active", u.IsActive)
	flag("email_optin", u.EmailOptin)
	flag("whatsapp_optin", u.WhatsappOptin)
	flag("sms_optin", u.SmsOptin)
	if u.AppUser.Set {
		changes["app_user"] = u.AppUser.Ptr()
	}
	if u.GenderIdentity.Set {
		v.oneOf("gender_identity", u.GenderIdentity.Ptr(), Genders)
		changes["gender_identity"] = u.GenderIdentity.Ptr()
	}
	if u.BirthDate.Set {
		var d *time.Time
		if u.BirthDate.HasValue() {
			d = &u.BirthDate.Value.Time
		}
		v.birthDate("birth_date", d, now)
		changes["birth_date"] = d
	}
	if u.LastPurchase.Set {
		var t *time.Time
		if u.LastPurchase.HasValue() {
			t = &u.LastPurchase.Value.Time
		}
		changes["last_purchase"] = t
	}
	if u.StoreCode.Set {
		changes["store_code"] = trimmed(u.StoreCode.Ptr())
	}
	if u.StoreCodeOwner.Set {
		changes["store_code_owner"] = trimmed(u.StoreCodeOwner.Ptr())
	}
	if u.PointsBalance.Set && (u.PointsBalance.Null || u.PointsBalance.Value != float64(c.PointsBalance)) {
		v.fail("points_balance", "points_balance is kept by the points ledger and cannot be set; credit or debit points instead", "value_error")
	}
	if err := v.err(); err != nil {
		return nil, err
	}
	return changes, nil
}

// List returns customers newest first.
func (s *Repository) List(ctx context.Context, limit, offset int) ([]Customer, error) {
	out := []Customer{}
	if err := s.query(ctx).Order("c.created_at DESC, c.id").Limit(limit).Offset(offset).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("list customers: %w", err)
	}
	return out, nil
}

// How a name search finds its page (Find, docs/sizing.md "Name search"): nameFew is
// the number of matches below which a term counts as rare (its matches are sorted at
// once), nameWalk how many entries of the name order (customers_name_order_idx) it reads,
// from the index alone, before sorting all the matches of a common term. A term spread
// over the alphabet fills a page of 100 within nameWalk entries when at least 0.5% of the
// names hold it.
const (
	nameFew  = 1000
	nameWalk = 20000
)

// Find searches customers by document prefix and/or name, ordered by the folded name
// (case and accents ignored, as the search compares) then id.
//
// A name search without a document finds the page's ids in up to four steps, the
// result being the same whichever answers (docs/sizing.md "Name search"): the first
// nameWalk entries of the name order, when their matches fill the page (a common term
// spread over the alphabet); else, when at most nameInside names hold the term past their
// first letter, those names with the matches of the name order walked from the term on
// (a term that starts names, as "maria", whose names sort together from the term on; a
// rare term; no match); else up to nameFew matches from the trigram index, sorted, when
// that is all of them; else all the matches, sorted.
func (s *Repository) Find(ctx context.Context, f Search, limit, offset int) ([]Customer, error) {
	out := []Customer{}
	if document.NormalizePrefix(f.Doc) != "" || strings.TrimSpace(f.Name) == "" {
		if err := f.apply(s.query(ctx)).Order("c.name_search, c.id").Limit(limit).Offset(offset).Scan(&out).Error; err != nil {
			return nil, fmt.Errorf("search customers: %w", err)
		}
		return out, nil
	}
	ids, err := s.findNamePage(ctx, f.Name, limit, offset)
	if err != nil || len(ids) == 0 {
		return out, err
	}
	if err := s.query(ctx).Where("c.id IN ?", ids).Order("c.name_search, c.id").Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("search customers by name: %w", err)
	}
	return out, nil
}

// findNamePage returns the ids of the page of customers whose name contains term, in
// the order of Find. The steps go from the cheapest to the dearest at a million
// customers with the table out of memory (docs/sizing.md "Name search"): the walk reads
// the index alone; the step from the term reads the few names holding the term inside;
// the rare step reads up to nameFew matches from the table.
func (s *Repository) findNamePage(ctx context.Context, term string, limit, offset int) ([]string, error) {
	db := s.db.WithContext(ctx)
	ids := []string{}
	if limit <= 0 {
		return ids, nil
	}
	cond, arg, _ := NameContains("c", term)

	walkCond, walkArg, _ := NameContains("w", term)
	walk := `SELECT w.id::text FROM (
		SELECT id, name_search FROM customers ORDER BY name_search, id LIMIT ?
	) w WHERE ` + walkCond + ` ORDER BY w.name_search, w.id LIMIT ? OFFSET ?`
	if err := db.Raw(walk, s.nameWalk, walkArg, limit, offset).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("search customers by name (name order): %w", err)
	}
	if len(ids) == limit {
		return ids, nil
	}

	if found, err := s.findNameFromTerm(ctx, term, limit, offset); err != nil || found != nil {
		return found, err
	}

	// MATERIALIZED: the matches are found first (trigram index) and sorted after, never
	// by walking the name order.
	var few []struct {
		ID    string
		Found int
	}
	rare := `WITH m AS MATERIALIZED (SELECT c.id, c.name_search FROM customers c WHERE ` + cond + ` LIMIT ?)
		SELECT m.id::text AS id, count(*) OVER () AS found FROM m ORDER BY m.name_search, m.id LIMIT ? OFFSET ?`
	if err := db.Raw(rare, arg, s.nameFew+1, limit, offset).Scan(&few).Error; err != nil {
		return nil, fmt.Errorf("search customers by name (rare term): %w", err)
	}
	ids = []string{}
	if (len(few) == 0 && offset == 0) || (len(few) > 0 && few[0].Found <= s.nameFew) {
		for _, r := range few {
			ids = append(ids, r.ID)
		}
		return ids, nil
	}

	all := `WITH m AS MATERIALIZED (SELECT c.id, c.name_search FROM customers c WHERE ` + cond + `)
		SELECT m.id::text FROM m ORDER BY m.name_search, m.id LIMIT ? OFFSET ?`
	if err := db.Raw(all, arg, limit, offset).Scan(&ids).Error; err != nil {
		return nil, fmt.Errorf("search customers by name (all matches): %w", err)
	}
	return ids, nil
}

// findNameFromTerm is the page of Find from the name order walked from the term, or nil
// when that cannot tell it. A name holding the term either starts with it, and then sorts
// at or after the term, or holds it past its first letter (the trigram index on
// substr(name_search, 2), migration 00581). So the first limit+offset matches are among
// the names holding it past the first letter (when at most nameInside: read, not sorted)
// and the matches of the name order from the term on, read from the index alone: the
// first limit+offset of them when found within limit+offset+nameFrom entries, or all of
// them when the order ends before (a term past every name, or none).
func (s *Repository) findNameFromTerm(ctx context.Context, term string, limit, offset int) ([]string, error) {
	cond, arg, _ := NameContains("w", term)
	var res struct {
		IDs     *string
		Walked  int
		Spanned int
		Inside  int
	}
	q := `WITH inside AS MATERIALIZED (
			SELECT c.id, c.name_search FROM customers c
			 WHERE substr(c.name_search, 2) LIKE (SELECT '%' || name_fold(?) || '%') ESCAPE '\' LIMIT ?
		), span AS MATERIALIZED (
			SELECT c.id, c.name_search FROM customers c
			 WHERE c.name_search >= (SELECT name_fold(?)) ORDER BY c.name_search, c.id LIMIT ?
		), walk AS MATERIALIZED (
			SELECT w.id, w.name_search FROM span w WHERE ` + cond + ` ORDER BY w.name_search, w.id LIMIT ?
		)
		SELECT (SELECT string_agg(p.id, ',' ORDER BY p.name_search, p.uid) FROM (
		          SELECT u.id::text AS id, u.name_search, u.id AS uid FROM (SELECT * FROM walk UNION SELECT * FROM inside) u
		           ORDER BY u.name_search, u.id LIMIT ? OFFSET ?) p) AS ids,
		       (SELECT count(*) FROM walk) AS walked, (SELECT count(*) FROM span) AS spanned,
		       (SELECT count(*) FROM inside) AS inside`
	n := limit + offset
	span := n + s.nameFrom
	if err := s.db.WithContext(ctx).Raw(q, arg, s.nameInside+1, strings.TrimSpace(term), span, arg, n, limit, offset).Scan(&res).Error; err != nil {
		return nil, fmt.Errorf("search customers by name (from the term): %w", err)
	}
	if res.Inside > s.nameInside || (res.Walked < n && res.Spanned == span) {
		return nil, nil // too many names hold it inside, or the walk stopped short of n matches
	}
	ids := []string{}
	if res.IDs != nil {
		ids = strings.Split(*res.IDs, ",")
	}
	return ids, nil
}

// ListFiltered is the customers/list listing: newest first, filtered by creation day,
// document, name and owner store name.
func (s *Repository) ListFiltered(ctx context.Context, f ListFilter, limit, offset int) ([]Customer, error) {
	loc := f.Location
	if loc == nil {
		loc = time.UTC
	}
	q := f.Search.apply(s.query(ctx))
	if f.StartDate != nil {
		q = q.Where("c.created_at >= ?", calendar.DayStart(*f.StartDate, loc))
	}
	if f.EndDate != nil {
		q = q.Where("c.created_at < ?", calendar.DayEnd(*f.EndDate, loc))
	}
	if name := strings.TrimSpace(f.OwnerStoreName); name != "" {
		q = q.Where("lower(so.name) = lower(?)", name)
	}
	out := []Customer{}
	if err := q.Order("c.created_at DESC, c.id").Limit(limit).Offset(offset).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("list customers with filters: %w", err)
	}
	return out, nil
}

func (f Search) apply(q *gorm.DB) *gorm.DB {
	if doc := document.NormalizePrefix(f.Doc); doc != "" {
		q = q.Where("c.doc LIKE ? ESCAPE '\\'", database.EscapeLike(doc)+"%")
	}
	if cond, arg, ok := NameContains("c", f.Name); ok {
		q = q.Where(cond, arg)
	}
	return q
}

func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func trimmed(s *string) *string {
	if s == nil {
		return nil
	}
	t := strings.TrimSpace(*s)
	if t == "" {
		return nil
	}
	return &t
}

func writeError(err error, doc string) error {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrDocTaken.Withf("A customer with doc %s already exists", doc)
	}
	return fmt.Errorf("write customer %s: %w", doc, err)
}

// checker collects the 422 fields of a customer body.
type checker struct{ fields validation.List }

func (v *checker) fail(field, msg, typ string) { v.fields.Add(apperr.Field(msg, typ, field)) }

func (v *checker) err() error { return v.fields.Err() }

func (v *checker) nonEmpty(field, val string) {
	if val == "" {
		v.fields.Add(validation.StringTooShort(1, field))
	}
}

// document refuses a value that is not a document (document.Check): "." or ".." would
// walk the path of the app-user service's URL.
func (v *checker) document(field, val string) {
	if err := document.Check(val); err != nil {
		v.fields.Add(validation.NotDocument(err, field))
	}
}

func (v *checker) email(field, val string) {
	addr, err := mail.ParseAddress(val)
	if err != nil || addr.Address != val || !strings.Contains(val[strings.LastIndex(val, "@")+1:], ".") {
		v.fields.Add(validation.NotEmail(field))
	}
}

func (v *checker) oneOf(field string, val *string, allowed []string) {
	if val == nil {
		return
	}
	for _, a := range allowed {
		if *val == a {
			return
		}
	}
	v.fields.Add(validation.NotOneOf(allowed, field))
}

func (v *checker) birthDate(field string, d *time.Time, now time.Time) {
	if d == nil {
		return
	}
	if d.After(now) || d.Year() < 1900 {
		v.fail(field, "birth_date must be between 1900-01-01 and today", "value_error")
	}
}
