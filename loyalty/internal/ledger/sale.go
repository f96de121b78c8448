package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/customer"
	"github.com/loyaltylinks/platform/loyalty/internal/document"
	"github.com/loyaltylinks/platform/loyalty/internal/event"
	"github.com/loyaltylinks/platform/loyalty/internal/store"
	"github.com/loyaltylinks/platform/loyalty/internal/validation"
	"github.com/loyaltylinks/platform/shared/apperr"
	"github.com/loyaltylinks/platform/shared/database"
	"gorm.io/gorm"
)

// Cents is an amount of money in hundredths of the currency unit.
type Cents int64

// maxCents is the largest value a coupon holds (numeric(14, 2)).
const maxCents = Cents(99_999_999_999_999)

// ParseCents reads a decimal amount ("12", "12.5", "12.345"), rounding half up to cents.
func ParseCents(s string) (Cents, bool) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || r.Sign() < 0 {
		return 0, false
	}
	r.Mul(r, big.NewRat(100, 1))
	r.Add(r, big.NewRat(1, 2))
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsInt64() || Cents(q.Int64()) > maxCents {
		return 0, false
	}
	return Cents(q.Int64()), true
}

// String renders cents as a decimal ("12.50").
func (c Cents) String() string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// Float is the amount as a JSON number for coupon data.
func (c Cents) Float() float64 { return float64(c) / 100 }

// Sale is a purchase registered at a store (POST /transaction).
type Sale struct {
	CustomerID             string // or Doc
	Doc                    string
	StoreCode              string
	CouponIdentifier       string
	TransactionDate        time.Time
	Value                  Cents
	PaymentType            *string
	PaymentTypeDescription *string
	VendorDocument         *string
	Description            string
	TransactionIdentifier  *string
	Data                   map[string]any // free-form extras kept in the coupon (items ...)
	UserAt                 string
}

// Sale stores the sale's coupon and credits the points it earns: floor(value x earn rate x
// best promotion multiplier) + the bonus of every promotion that applies. A coupon is
// recorded once per customer: the same coupon again with the same value returns the first
// entry (replayed=true); with another value, or once cancelled, it is a 409.
func (s *Service) Sale(ctx context.Context, sale Sale) (Entry, bool, error) {
	var (
		entry    Entry
		replayed bool
	)
	change := database.Change{
		What: fmt.Sprintf("Look up coupon %s (GET /customer/{customer_id}/coupons/search) before sending the request again: "+
			"the same sale sent again is answered with the recorded entry, never recorded twice.", sale.CouponIdentifier),
		Committed: EntryExists(&entry.ID),
	}
	err := InTx(ctx, s.db, change, func(tx *gorm.DB) error {
		entry, replayed = Entry{}, false
		db := tx.WithContext(ctx)
		customerID, err := resolveCustomer(ctx, tx, sale.CustomerID, sale.Doc)
		if err != nil {
			return err
		}
		if err := requireActiveStore(ctx, tx, sale.StoreCode); err != nil {
			return err
		}
		points, err := s.earnedPoints(ctx, tx, sale)
		if err != nil {
			return err
		}
		data := map[string]any{}
		for k, v := range sale.Data {
			data[k] = v
		}
		data["coupon_identifier"] = sale.CouponIdentifier
		data["transaction_date"] = sale.TransactionDate.UTC()
		data["value"] = sale.Value.Float()
		data["payment_type"] = sale.PaymentType
		data["payment_type_description"] = sale.PaymentTypeDescription
		data["store_code"] = sale.StoreCode
		data["vendor_document"] = sale.VendorDocument
		data["points"] = points
		raw, err := json.Marshal(data)
		if err != nil {
			verr := apperr.Validation(validation.Value("data cannot be stored as JSON", "data"))
			verr.Err = err
			return verr
		}

		// The customer's ledger lock is taken by the coupon's own statement, before the
		// row (whose foreign key share-locks the customer) is written: the lock order of
		// lock.go, at no extra round trip.
		var couponIDs []string
		err = db.Raw(`
			INSERT INTO coupons (customer_id, coupon_identifier, store_code, transaction_date, value,
				payment_type, payment_type_description, vendor_document, data)
			SELECT ?::uuid, ?::text, ?::text, ?::timestamptz, ?::numeric, ?::text, ?::text, ?::text, ?::jsonb
			  FROM (SELECT loyalty.ledger_lock_customer(?::uuid)) AS ledger_lock
			ON CONFLICT (customer_id, coupon_identifier) DO NOTHING
			RETURNING id`,
			customerID, sale.CouponIdentifier, sale.StoreCode, sale.TransactionDate.UTC(), sale.Value.String(),
			sale.PaymentType, sale.PaymentTypeDescription, sale.VendorDocument, string(raw), customerID,
		).Scan(&couponIDs).Error
		if err != nil {
			return fmt.Errorf("insert coupon %q: %w", sale.CouponIdentifier, err)
		}
		if len(couponIDs) == 0 {
			entry, err = replaySale(ctx, tx, customerID, sale)
			replayed = err == nil
			return err
		}

		description := sale.Description
		if description == "" {
			description = "Purchase " + sale.CouponIdentifier
		}
		storeCode, coupon := sale.StoreCode, sale.CouponIdentifier
		var dup bool
		entry, dup, err = Post(ctx, tx, NewEntry{
			CustomerID: customerID, Type: TypeCredit, Points: points, Description: description,
			TransactionIdentifier: sale.TransactionIdentifier, CouponIdentifier: &coupon,
			VendorDocument: sale.VendorDocument, StoreCode: &storeCode, UserAt: sale.UserAt,
			TransactionDate: sale.TransactionDate,
		})
		if err != nil {
			return err
		}
		if dup {
			return ErrIdentifierReused.Withf("transaction_identifier %q was already used for another sale", *sale.TransactionIdentifier)
		}
		if err := db.Exec(`UPDATE coupons SET points_entry_id = ? WHERE id = ?`, entry.ID, couponIDs[0]).Error; err != nil {
			return fmt.Errorf("link coupon %s to entry: %w", couponIDs[0], err)
		}
		return s.recordSale(ctx, tx, entry, couponIDs[0])
	})
	return entry, replayed, err
}

// recordSale writes the sale.recorded event of a new sale, with its coupon.
func (s *Service) recordSale(ctx context.Context, tx *gorm.DB, entry Entry, couponID string) error {
	if s.events == nil {
		return nil
	}
	var coupons []Coupon
	err := tx.WithContext(ctx).Raw(`SELECT `+couponColumns+` FROM coupons c LEFT JOIN stores s ON s.store_code = c.store_code
		WHERE c.id = ?`, couponID).Scan(&coupons).Error
	if err != nil || len(coupons) != 1 {
		return fmt.Errorf("load coupon %s for its event: %w (%d rows)", couponID, err, len(coupons))
	}
	return s.record(ctx, tx, event.SaleRecorded, SaleEvent{Entry: entry, Coupon: coupons[0]})
}

// replaySale answers a sale whose coupon is already recorded for the customer.
func replaySale(ctx context.Context, tx *gorm.DB, customerID string, sale Sale) (Entry, error) {
	var coupons []struct {
		Value         string
		CancelledAt   *time.Time
		PointsEntryID *string
	}
	err := tx.WithContext(ctx).Raw(`SELECT value::text AS value, cancelled_at, points_entry_id FROM coupons WHERE customer_id = ? AND coupon_identifier = ?`,
		customerID, sale.CouponIdentifier).Scan(&coupons).Error
	if err != nil {
		return Entry{}, fmt.Errorf("load coupon %q: %w", sale.CouponIdentifier, err)
	}
	if len(coupons) == 0 {
		// The coupon the insert met is gone: only deleting its customer removes one.
		return Entry{}, customer.ErrNotFound.Withf("Customer not found: it was deleted while the sale was being recorded")
	}
	c := coupons[0]
	value, _ := ParseCents(c.Value)
	if c.CancelledAt != nil {
		return Entry{}, ErrCouponCancelled.Withf("Coupon %s was cancelled", sale.CouponIdentifier)
	}
	if value != sale.Value || c.PointsEntryID == nil {
		return Entry{}, ErrIdentifierReused.Withf("Coupon %s is already registered for this customer with another value", sale.CouponIdentifier)
	}
	var rows []Entry
	if err := tx.WithContext(ctx).Raw(`SELECT * FROM points_entries WHERE id = ?`, *c.PointsEntryID).Scan(&rows).Error; err != nil || len(rows) == 0 {
		return Entry{}, fmt.Errorf("load entry of coupon %q: %w", sale.CouponIdentifier, err)
	}
	return rows[0], nil
}

// earnedPoints applies the earn rate and the promotions active at the sale's date, at its
// store, for its value: the highest multiplier wins, bonuses add up.
func (s *Service) earnedPoints(ctx context.Context, tx *gorm.DB, sale Sale) (int64, error) {
	var promos []struct {
		Multiplier string
		Bonus      int64
	}
	err := tx.WithContext(ctx).Raw(`
		SELECT points_multiplier::text AS multiplier, bonus_points AS bonus
		  FROM promotions
		 WHERE is_active AND start_date <= ? AND end_date >= ?
		   AND (min_purchase IS NULL OR min_purchase <= ?::numeric)
		   AND (store_codes IS NULL OR cardinality(store_codes) = 0 OR ? = ANY (store_codes))`,
		sale.TransactionDate.UTC(), sale.TransactionDate.UTC(), sale.Value.String(), sale.StoreCode).Scan(&promos).Error
	if err != nil {
		return 0, fmt.Errorf("active promotions: %w", err)
	}
	multiplier := big.NewRat(1, 1)
	var bonus int64
	for i, p := range promos {
		m, ok := new(big.Rat).SetString(p.Multiplier)
		if !ok {
			return 0, fmt.Errorf("promotion multiplier %q is not a number", p.Multiplier)
		}
		if i == 0 || m.Cmp(multiplier) > 0 {
			multiplier = m
		}
		bonus += p.Bonus
	}
	return EarnedPoints(sale.Value, s.earnRate, multiplier) + bonus, nil
}

// EarnedPoints is floor(value x rate x multiplier), exactly.
func EarnedPoints(value Cents, rate, multiplier *big.Rat) int64 {
	r := new(big.Rat).SetInt64(int64(value))
	r.Mul(r, rate)
	r.Mul(r, multiplier)
	r.Quo(r, big.NewRat(100, 1))
	return new(big.Int).Quo(r.Num(), r.Denom()).Int64()
}

// resolveCustomer finds a customer by id, or by document, normalised as customers store
// it (digits of a formatted CPF/CNPJ). 404 when absent, 409 when inactive.
func resolveCustomer(ctx context.Context, tx *gorm.DB, id, doc string) (string, error) {
	var rows []struct {
		ID       string
		IsActive bool
	}
	db := tx.WithContext(ctx)
	var err error
	if id != "" {
		err = db.Raw(`SELECT id, is_active FROM customers WHERE id = ?`, id).Scan(&rows).Error
	} else {
		err = db.Raw(`SELECT id, is_active FROM customers WHERE doc = ?`, document.Normalize(doc)).Scan(&rows).Error
	}
	if err != nil {
		return "", fmt.Errorf("find customer: %w", err)
	}
	if len(rows) == 0 {
		return "", customer.ErrNotFound
	}
	if !rows[0].IsActive {
		return "", customer.ErrInactive
	}
	return rows[0].ID, nil
}

func requireActiveStore(ctx context.Context, tx *gorm.DB, storeCode string) error {
	var active []bool
	if err := tx.WithContext(ctx).Raw(`SELECT is_active FROM stores WHERE store_code = ?`, storeCode).Scan(&active).Error; err != nil {
		return fmt.Errorf("find store %q: %w", storeCode, err)
	}
	if len(active) == 0 {
		return store.ErrNotFound
	}
	if !active[0] {
		return store.ErrInactive
	}
	return nil
}
