package migrations

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

// TestBoundsMigrationClampsPoisonedRows builds a database with the migrations before
// 00410, stores the values that used to poison every read (as the defects it closes let
// clients do), then applies the rest: the values are clamped to the nearest bound, the
// constraints hold, the ledger is intact and its guard trigger is back on.
func TestBoundsMigrationClampsPoisonedRows(t *testing.T) {
	ctx := context.Background()
	dbURL := emptyDatabase(t)
	db, err := database.OpenSQL(dbURL, database.Options{Schema: Schema, MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := database.Migrate(ctx, db, migrationsBefore(t, 410), Schema, nil); err != nil {
		t.Fatalf("migrations before 00410: %v", err)
	}

	var cust string
	must(t, db.QueryRow(`INSERT INTO customers (name, doc, email, phone, birth_date, last_purchase)
		VALUES ('c', '1', 'e', 'p', '0001-01-01', '9999-12-31 23:59:59-12') RETURNING id`).Scan(&cust))
	mustExec(t, db, `INSERT INTO points_entries (customer_id, transaction_type, points, transaction_date) VALUES ($1, 'C', 7, '0001-01-01 00:00:00+14')`, cust)
	mustExec(t, db, `INSERT INTO promotions (name, start_date, end_date, points_multiplier, min_purchase, store_codes)
		VALUES ('p', '-infinity', 'infinity', 'NaN', 'NaN', ARRAY['a', NULL, 'b'])`)
	mustExec(t, db, `INSERT INTO products (sku, name, validity_days, price, min_qty) VALUES ('s', 'n', 5000000, 'NaN', -3)`)
	mustExec(t, db, `INSERT INTO coupons (customer_id, coupon_identifier, transaction_date, value) VALUES ($1, 'k', '10000-06-01', 'NaN')`, cust)

	if err := database.Migrate(ctx, db, files, Schema, nil); err != nil {
		t.Fatalf("00410 over poisoned rows: %v", err)
	}
	var got struct {
		birth, lastPurchase, entryDate, start, end, multiplier, codes, couponDate, value string
		validity, minQty, balance                                                        int64
		price, minPurchase                                                               sql.NullString
		trigger                                                                          string
	}
	must(t, db.QueryRow(`SELECT birth_date::text, last_purchase::text, points_balance FROM customers WHERE id = $1`, cust).
		Scan(&got.birth, &got.lastPurchase, &got.balance))
	must(t, db.QueryRow(`SELECT transaction_date::text FROM points_entries WHERE customer_id = $1`, cust).Scan(&got.entryDate))
	must(t, db.QueryRow(`SELECT start_date::text, end_date::text, points_multiplier::text, min_purchase::text, store_codes::text FROM promotions`).
		Scan(&got.start, &got.end, &got.multiplier, &got.minPurchase, &got.codes))
	must(t, db.QueryRow(`SELECT validity_days, price::text, min_qty FROM products`).Scan(&got.validity, &got.price, &got.minQty))
	must(t, db.QueryRow(`SELECT transaction_date::text, value::text FROM coupons`).Scan(&got.couponDate, &got.value))
	must(t, db.QueryRow(`SELECT tgenabled::text FROM pg_trigger WHERE tgname = 'points_entries_immutable'`).Scan(&got.trigger))

	const first, last = "1900-01-01 00:00:00+00", "9998-12-31 23:59:59.999999+00"
	for _, c := range []struct{ what, got, want string }{
		{"birth_date", got.birth, "1900-01-01"},
		{"last_purchase", got.lastPurchase, last},
		{"entry transaction_date", got.entryDate, first},
		{"promotion start_date", got.start, first},
		{"promotion end_date", got.end, last},
		{"points_multiplier", got.multiplier, "1.000"},
		{"min_purchase", fmt.Sprint(got.minPurchase.Valid), "false"},
		{"store_codes", got.codes, "{a,b}"},
		{"validity_days", strconv.FormatInt(got.validity, 10), "3650"},
		{"price", fmt.Sprint(got.price.Valid), "false"},
		{"min_qty", strconv.FormatInt(got.minQty, 10), "0"},
		{"coupon transaction_date", got.couponDate, last},
		{"coupon value", got.value, "0.00"},
		{"balance", strconv.FormatInt(got.balance, 10), "7"},
		{"immutable trigger enabled", got.trigger, "O"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
		}
	}
	var invalid int
	must(t, db.QueryRow(`SELECT count(*) FROM pg_constraint WHERE connamespace = 'loyalty'::regnamespace AND NOT convalidated`).Scan(&invalid))
	if invalid != 0 {
		t.Errorf("%d constraints left NOT VALID", invalid)
	}
}

// emptyDatabase creates a database without any schema, dropped when the test ends. Its
// URL sets the session zone to UTC, so timestamps read back as text are in UTC.
func emptyDatabase(t *testing.T) string {
	t.Helper()
	admin := testkit.AdminURL(t)
	adb, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("loyalty_bounds_%d", time.Now().UnixNano())
	mustExec(t, adb, `CREATE DATABASE `+name)
	t.Cleanup(func() {
		_, _ = adb.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
		adb.Close()
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("timezone", "UTC")
	u.RawQuery = q.Encode()
	return u.String()
}

// migrationsBefore is the embedded migrations numbered below version.
func migrationsBefore(t *testing.T, version int) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		n, err := strconv.Atoi(strings.SplitN(e.Name(), "_", 2)[0])
		if err != nil || n >= version {
			continue
		}
		data, err := fs.ReadFile(files, e.Name())
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = &fstest.MapFile{Data: data}
	}
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func mustExec(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}
