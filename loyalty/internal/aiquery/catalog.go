package aiquery

import (
	"context"
	"errors"
	"log/slog"
	"reflect"
	"sync"
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

// Limits of the value catalogue: it is read at most once per CatalogTTL, and holds at most
// these many values (a bigger programme still gets its most recent payment types and
// origins, and stores and products up to the cap).
const (
	CatalogTTL         = time.Minute
	catalogMaxEntities = 2000
	catalogMaxValues   = 100
	catalogSample      = 20000 // recent rows sampled for payment types and origins
	catalogMaxValueLen = 120
)

// catalogQuery reads, as the reporting role, the values questions name. Payment types and
// origins come from the most recent rows (an index scan), not a scan of every sale.
const catalogQuery = `(SELECT 'store' AS kind, store_code AS code, name, city, state FROM reporting.stores ORDER BY store_code LIMIT 2000)
UNION ALL (SELECT 'product', sku, name, NULL, NULL FROM reporting.products ORDER BY sku LIMIT 2000)
UNION ALL (SELECT DISTINCT 'payment', payment_type, NULL, NULL, NULL FROM (SELECT payment_type FROM reporting.coupons WHERE payment_type IS NOT NULL ORDER BY transaction_date DESC LIMIT 20000) AS recent_sales LIMIT 100)
UNION ALL (SELECT DISTINCT 'origin', origin, NULL, NULL, NULL FROM (SELECT origin FROM reporting.customers WHERE origin IS NOT NULL ORDER BY created_at DESC LIMIT 20000) AS recent_customers LIMIT 100)`

// catalogSource keeps the value catalogue for a while.
type catalogSource struct {
	read func(context.Context) (*semantic.Catalog, error)
	now  func() time.Time
	log  *slog.Logger

	mu  sync.Mutex
	cat *semantic.Catalog
	at  time.Time
}

// get returns the catalogue, reading it again when it is older than CatalogTTL. A failed
// read keeps the previous one (or none): questions are then read without it.
func (c *catalogSource) get(ctx context.Context) *semantic.Catalog {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cat != nil && c.now().Sub(c.at) < CatalogTTL {
		return c.cat
	}
	cat, err := c.read(ctx)
	if err != nil {
		c.log.WarnContext(ctx, "ai query: value catalogue not read", "error", err)
		return c.cat
	}
	// An unchanged catalogue keeps its identity: the interpreter's lexicon is built per
	// catalogue (grammar.Interpreter), and rebuilding it costs far more than this compare.
	if c.cat == nil || !reflect.DeepEqual(c.cat, cat) {
		c.cat = cat
	}
	c.at = c.now()
	return c.cat
}

// ReadCatalog reads the value catalogue once, through the guard and the runner (as the
// reporting role). The service keeps it for CatalogTTL; the evaluation reads it the same way.
func ReadCatalog(ctx context.Context, guard *Guard, runner *Runner) (*semantic.Catalog, error) {
	checked, err := guard.Check(catalogQuery)
	if err != nil {
		return nil, err
	}
	sink := &catalogSink{cat: &semantic.Catalog{}}
	if _, err := runner.Run(ctx, checked, sink); err != nil {
		return nil, err
	}
	return sink.cat, nil
}

// catalogSink collects the catalogue's rows.
type catalogSink struct {
	cat *semantic.Catalog
}

func (s *catalogSink) Columns(cols []ResultColumn) error {
	if len(cols) != 5 {
		return errors.New("catalogue: unexpected columns")
	}
	return nil
}

func (s *catalogSink) Row(values [][]byte) error {
	kind, code, name, city, state := string(values[0]), string(values[1]), string(values[2]), string(values[3]), string(values[4])
	if len(code) > catalogMaxValueLen || len(name) > catalogMaxValueLen || len(city) > catalogMaxValueLen || len(state) > catalogMaxValueLen {
		return nil
	}
	switch {
	case kind == "store" && len(s.cat.Stores) < catalogMaxEntities:
		s.cat.Stores = append(s.cat.Stores, semantic.StoreRef{Code: code, Name: name, City: city, State: state})
	case kind == "product" && len(s.cat.Products) < catalogMaxEntities && name != "":
		s.cat.Products = append(s.cat.Products, name)
	case kind == "payment" && len(s.cat.PaymentTypes) < catalogMaxValues && code != "":
		s.cat.PaymentTypes = append(s.cat.PaymentTypes, code)
	case kind == "origin" && len(s.cat.Origins) < catalogMaxValues && code != "":
		s.cat.Origins = append(s.cat.Origins, code)
	}
	return nil
}
