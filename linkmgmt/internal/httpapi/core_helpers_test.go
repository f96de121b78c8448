package httpapi_test

import (
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
)

// apiBody is the part of every linkmgmt body the tests check first.
type apiBody struct {
	Error   int    `json:"error"`
	Message string `json:"message"`
	ID      int64  `json:"id"`
}

// wantStatus fails the test unless res has the status; it returns the decoded common body.
func wantStatus(t testing.TB, res response, status int) apiBody {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status = %d, want %d; body %s", res.Status, status, res.Body)
	}
	var b apiBody
	res.JSON(t, &b)
	wantErrorFlag := 0
	if status >= 400 {
		wantErrorFlag = 1
	}
	if b.Error != wantErrorFlag {
		t.Fatalf("error = %d, want %d; body %s", b.Error, wantErrorFlag, res.Body)
	}
	if wantErrorFlag == 1 && b.Message == "" {
		t.Fatalf("error body without message: %s", res.Body)
	}
	return b
}

// wantMessage checks a status and the exact message of the body.
func wantMessage(t testing.TB, res response, status int, msg string) {
	t.Helper()
	if b := wantStatus(t, res, status); b.Message != msg {
		t.Fatalf("message = %q, want %q", b.Message, msg)
	}
}

// insertLink adds a short link of the account straight into the table (the links API
// belongs to another area) and returns its id.
func (e *testEnv) insertLink(accountID int64, alias, longURL, title string) int64 {
	e.t.Helper()
	var id int64
	if err := e.DB.Raw(`INSERT INTO links (account_id, alias, long_url, title) VALUES (?, ?, ?, ?) RETURNING id`,
		accountID, alias, longURL, title).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert link: %v", err)
	}
	return id
}

// insertQR adds a QR code of the account: a link code encoding the short link linkID,
// or a text code when linkID is 0.
func (e *testEnv) insertQR(accountID int64, name string, linkID int64) int64 {
	e.t.Helper()
	var link any
	typ, data := "text", `"hello"`
	if linkID != 0 {
		link, typ, data = linkID, "link", `"https://example.com/"`
	}
	var id int64
	if err := e.DB.Raw(`INSERT INTO qr_codes (account_id, name, type, data, link_id) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		accountID, name, typ, data, link).Scan(&id).Error; err != nil {
		e.t.Fatalf("insert qr code: %v", err)
	}
	return id
}

// scalar runs a query returning one value.
func (e *testEnv) scalar(dst any, query string, args ...any) {
	e.t.Helper()
	if err := e.DB.Raw(query, args...).Scan(dst).Error; err != nil {
		e.t.Fatalf("%s: %v", query, err)
	}
}

// rawHeaderNames sends a request over a bare connection and returns the response head as
// written on the wire (net/http's client would canonicalise the header names).
func (e *testEnv) rawHeaderNames(method, path, key string) string {
	e.t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.URL, "http://"))
	if err != nil {
		e.t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer %s\r\nConnection: close\r\n\r\n", method, path, key)
	raw, err := io.ReadAll(conn)
	if err != nil {
		e.t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(raw), "\r\n\r\n")
	return head
}
