// Package promotion owns the programme's promotions: time-boxed campaigns that multiply
// or add to the points a sale earns, optionally only in some stores. The ledger reads the
// promotions active at a sale's date; customers see the ones active now.
package promotion

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/loyaltylinks/platform/loyalty/internal/calendar"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/nullable"
	"gorm.io/gorm"
)

// Promotion is one campaign. StoreCodes empty or null means every store.
type Promotion struct {
	ID               string     `json:"id"`
	Name             string     `json:"name"`
	Description      *string    `json:"description"`
	ImageURL         *string    `json:"image_url"`
	StartDate        time.Time  `json:"start_date"`
	EndDate          time.Time  `json:"end_date"`
	IsActive         bool       `json:"is_active"`
	PointsMultiplier float64    `json:"points_multiplier"`
	BonusPoints      int        `json:"bonus_points"`
	MinPurchase      *float64   `json:"min_purchase"`
	StoreCodes       StoreCodes `json:"store_codes" gorm:"type:text[]"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
}

// StoreCodes is a Postgres text[] column.
type StoreCodes []string

var pgTypes = pgtype.NewMap()

// Scan reads a text[] value.
func (c *StoreCodes) Scan(src any) error { return pgTypes.SQLScanner((*[]string)(c)).Scan(src) }

// Value writes a text[] value (NULL for nil).
func (c StoreCodes) Value() (driver.Value, error) {
	if c == nil {
		return nil, nil
	}
	return []string(c), nil
}

// CreateInput is a new promotion. Nil pointers take the defaults: active, multiplier
// 1, no bonus.
type CreateInput struct {
	Name             string
	Description      *string
	ImageURL         *string
	StartDate        time.Time
	EndDate          time.Time
	IsActive         *bool
	PointsMultiplier *float64
	BonusPoints      *int
	MinPurchase      *float64
	StoreCodes       []string
}

// Update holds the fields a PATCH sent. name, dates, is_active, points_multiplier and
// bonus_points cannot be null; the others are cleared by null.
type Update struct {
	Name             nullable.Field[string]            `json:"name" validate:"omitempty,max=255"`
	Description      nullable.Field[string]            `json:"description"`
	ImageURL         nullable.Field[string]            `json:"image_url"`
	StartDate        nullable.Field[calendar.DateTime] `json:"start_date"`
	EndDate          nullable.Field[calendar.DateTime] `json:"end_date"`
	IsActive         nullable.Field[bool]              `json:"is_active"`
	PointsMultiplier nullable.Field[float64]           `json:"points_multiplier"`
	BonusPoints      nullable.Field[int]               `json:"bonus_points"`
	MinPurchase      nullable.Field[float64]           `json:"min_purchase"`
	StoreCodes       nullable.Field[[]string]          `json:"store_codes" validate:"omitempty,max=1000,dive,max=255"`
}

// Repository reads and writes promotions.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository over db.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// ErrNotFound is the failure of a promotion id that names none.
var ErrNotFound = apperr.Define(apperr.NotFound, "promotion_not_found", "Promotion not found")

// maxCents is the largest amount, in cents, a numeric(14,2) column holds.
const maxCents = 99999999999999

// Create inserts a promotion.
func (s *Repository) Create(ctx context.Context, in CreateInput) (Promotion, error) {
	p := Promotion{
		ID:               uuid.NewString(),
		Name:             strings.TrimSpace(in.Name),
		Description:      in.Description,
		ImageURL:         in.ImageURL,
		StartDate:        in.StartDate,
		EndDate:          in.EndDate,
		IsActive:         in.IsActive == nil || *in.IsActive,
		PointsMultiplier: 1,
		MinPurchase:      in.MinPurchase,
		StoreCodes:       cleanCodes(in.StoreCodes),
	}
	if in.PointsMultiplier != nil {
		p.PointsMultiplier = *in.PointsMultiplier
	}
	if in.BonusPoints != nil {
		p.BonusPoints = *in.BonusPoints
	}
	if err := p.check(); err != nil {
		return Promotion{}, err
	}
	var out Promotion
	err := database.Tx(ctx, s.db, database.CreatedRow("promotions", p.ID, promotionAdvice(p.ID)), func(tx *gorm.DB) error {
		if err := tx.WithContext(ctx).Create(&p).Error; err != nil {
			return fmt.Errorf("insert promotion %q: %w", p.Name, err)
		}
		// Read back for the stored precision of numeric columns, inside the write: once
		// it committed, nothing can fail the answer.
		var err error
		out, err = byID(ctx, tx, p.ID)
		return err
	})
	if err != nil {
		return Promotion{}, err
	}
	return out, nil
}

// Update applies the fields sent in u to promotion id.
func (s *Repository) Update(ctx context.Context, id string, u Update) (Promotion, error) {
	if err := u.validate(); err != nil {
		return Promotion{}, err
	}
	// The row is locked while the change is checked and written: two PATCHes each valid
	// alone (a later start_date, an earlier end_date) must not both pass the date check.
	var out Promotion
	change, xact := database.UpdateInXact(promotionAdvice(id))
	err := database.Tx(ctx, s.db, change, func(tx *gorm.DB) error {
		tx = tx.WithContext(ctx)
		if err := xact.Take(tx); err != nil {
			return err
		}
		p, err := database.LockByID[Promotion](tx, id, ErrNotFound)
		if err != nil {
			return err
		}
		changes := u.apply(&p)
		if err := p.check(); err != nil {
			return err
		}
		if len(changes) > 0 {
			if err := tx.Model(&Promotion{}).Where("id = ?", id).Updates(changes).Error; err != nil {
				return fmt.Errorf("update promotion %s: %w", id, err)
			}
		}
		// Read back inside the write: once it committed, nothing can fail the answer.
		out, err = byID(ctx, tx, id)
		return err
	})
	if err != nil {
		return Promotion{}, err
	}
	return out, nil
}

func promotionAdvice(id string) string {
	return fmt.Sprintf("Look up promotion %s (GET /promotion/{promotion_id}) before sending the request again.", id)
}

// apply copies the fields sent into p and returns the column changes.
func (u Update) apply(p *Promotion) map[string]any {
	changes := map[string]any{}
	if u.Name.Set {
		p.Name = strings.TrimSpace(u.Name.Value)
		changes["name"] = p.Name
	}
	if u.Description.Set {
		changes["description"] = u.Description.Ptr()
	}
	if u.ImageURL.Set {
		changes["image_url"] = u.ImageURL.Ptr()
	}
	if u.StartDate.Set {
		p.StartDate = u.StartDate.Value.Time
		changes["start_date"] = p.StartDate
	}
	if u.EndDate.Set {
		p.EndDate = u.EndDate.Value.Time
		changes["end_date"] = p.EndDate
	}
	if u.IsActive.Set {
		changes["is_active"] = u.IsActive.Value
	}
	if u.PointsMultiplier.Set {
		p.PointsMultiplier = u.PointsMultiplier.Value
		changes["points_multiplier"] = p.PointsMultiplier
	}
	if u.BonusPoints.Set {
		p.BonusPoints = u.BonusPoints.Value
		changes["bonus_points"] = p.BonusPoints
	}
	if u.MinPurchase.Set {
		p.MinPurchase = u.MinPurchase.Ptr()
		changes["min_purchase"] = p.MinPurchase
	}
	if u.StoreCodes.Set {
		changes["store_codes"] = cleanCodes(u.StoreCodes.Value)
	}
	return changes
}

// ByID returns one promotion.
func (s *Repository) ByID(ctx context.Context, id string) (Promotion, error) {
	return byID(ctx, s.db, id)
}

// byID reads promotion id through db (the pool or a write's transaction).
func byID(ctx context.Context, db *gorm.DB, id string) (Promotion, error) {
	var p Promotion
	err := db.WithContext(ctx).Where("id = ?", id).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Promotion{}, ErrNotFound
	}
	if err != nil {
		return Promotion{}, fmt.Errorf("load promotion %s: %w", id, err)
	}
	return p, nil
}

// List returns promotions, the latest starting first.
func (s *Repository) List(ctx context.Context, limit, offset int) ([]Promotion, error) {
	out := []Promotion{}
	if err := s.db.WithContext(ctx).Order("start_date DESC, created_at DESC, id").Limit(limit).Offset(offset).Find(&out).Error; err != nil {
		return nil, fmt.Errorf("list promotions: %w", err)
	}
	return out, nil
}

// ActiveAt returns the promotions running at t (active, start_date <= t <= end_date),
// oldest start first.
// With a storeCode, only those for every store or naming that store; without one, all.
func (s *Repository) ActiveAt(ctx context.Context, t time.Time, storeCode string) ([]Promotion, error) {
	q := s.db.WithContext(ctx).Where("is_active AND start_date <= ? AND end_date >= ?", t, t)
	if storeCode != "" {
		q = q.Where("(store_codes IS NULL OR cardinality(store_codes) = 0 OR ? = ANY(store_codes))", storeCode)
	}
	out := []Promotion{}
	if err := q.Order("start_date, created_at, id").Find(&out).Error; err != nil {
		return nil, fmt.Errorf("active promotions at %s: %w", t.Format(time.RFC3339), err)
	}
	return out, nil
}

// cleanCodes trims codes and drops blanks and repeats; nil stays nil (every store).
func cleanCodes(codes []string) StoreCodes {
	if codes == nil {
		return nil
	}
	out := StoreCodes{}
	seen := map[string]bool{}
	for _, c := range codes {
		c = strings.TrimSpace(c)
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// check enforces the rules the table's CHECK constraints also hold, as 422s.
func (p Promotion) check() error {
	var fields validation.List
	if p.Name == "" {
		fields.Add(validation.StringTooShort(1, "name"))
	}
	if p.EndDate.Before(p.StartDate) {
		fields.Add(validation.Value("end_date must not be before start_date", "end_date"))
	}
	// Bounds are checked on the value as the numeric(8,3) / numeric(14,2) columns round
	// it, so no accepted input can break their precision or CHECK constraints.
	switch m := math.Round(p.PointsMultiplier * 1000); {
	case m <= 0:
		fields.Add(validation.GreaterThanEqual("0.001", "points_multiplier"))
	case m >= 100000*1000:
		fields.Add(validation.LessThan(100000, "points_multiplier"))
	}
	if p.BonusPoints < 0 {
		fields.Add(validation.GreaterThanEqual(0, "bonus_points"))
	}
	if p.BonusPoints > math.MaxInt32 {
		fields.Add(validation.LessThanEqual(math.MaxInt32, "bonus_points"))
	}
	if p.MinPurchase != nil && (*p.MinPurchase < 0 || math.Round(*p.MinPurchase*100) > maxCents) {
		fields.Add(validation.MoneyOutOfRange("min_purchase"))
	}
	return fields.Err()
}

func (u Update) validate() error {
	return validation.RefuseNulls(
		validation.NotNull{Field: "name", Type: "string_type", Null: u.Name.Null},
		validation.NotNull{Field: "start_date", Type: "datetime_type", Null: u.StartDate.Null},
		validation.NotNull{Field: "end_date", Type: "datetime_type", Null: u.EndDate.Null},
		validation.NotNull{Field: "is_active", Type: "bool_type", Null: u.IsActive.Null},
		validation.NotNull{Field: "points_multiplier", Type: "float_type", Null: u.PointsMultiplier.Null},
		validation.NotNull{Field: "bonus_points", Type: "int_type", Null: u.BonusPoints.Null},
	)
}
