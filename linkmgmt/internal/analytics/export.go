package analytics

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/loyaltylinks/platform/linkmgmt/internal/geo"
	"github.com/loyaltylinks/platform/shared/csvcell"
	"github.com/loyaltylinks/platform/shared/database"
)

// ExportColumns are the columns of the clicks CSV, in order. Never an address: a
// visitor is known to the pipeline only as a hash, which is not exported either.
var ExportColumns = []string{"time", "utc_offset", "link_id", "short_url", "country_code", "country", "referrer", "browser", "os", "device", "language", "social"}

// exportWindow is the slice of time one query of an export reads: each is sorted on its
// own, so Postgres never sorts a whole period at once and the first rows leave at once.
const exportWindow = 24 * time.Hour

// Export writes the raw clicks of sc in q's period that pass q's filters to w as CSV,
// oldest first, times in q's zone. Rows stream from Postgres to w a window at a time
// (memory stays flat whatever the period); the export reads one snapshot, so clicks
// flushed meanwhile do not appear halfway. shortURLs names the links (ShortURLs).
// Raw clicks cover CLICK_RETENTION; clicks not flushed yet (the last seconds) are not in
// it.
func (r *Reader) Export(ctx context.Context, sc Scope, q Query, shortURLs map[int64]string, w io.Writer) error {
	buf := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(buf)
	if err := cw.Write(ExportColumns); err != nil {
		return err
	}
	start, end := q.Bounds()
	if !sc.Whole() && len(sc.Links) == 0 {
		cw.Flush()
		return flushAll(cw, buf)
	}
	return database.WithPgxGorm(ctx, r.db, func(pc *pgx.Conn) error {
		return pgx.BeginTxFunc(ctx, pc, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, fmt.Sprintf(`SET LOCAL statement_timeout = %d`, statementTimeout.Milliseconds())); err != nil {
				return err
			}
			record := make([]string, len(ExportColumns))
			for from := start; from.Before(end); from = from.Add(exportWindow) {
				to := minTime(from.Add(exportWindow), end)
				where, args := rawWhere(sc, from, to, q.Filters)
				rows, err := tx.Query(ctx, `SELECT c.link_id, c.clicked_at, c.country, c.referrer_host, c.browser, c.os, c.device, c.language, c.social
					FROM clicks c WHERE `+where+` ORDER BY c.clicked_at, c.link_id`, args...)
				if err != nil {
					return fmt.Errorf("read clicks: %w", err)
				}
				var (
					linkID                                               int64
					at                                                   time.Time
					country, referrer, browser, os, device, lang, social string
				)
				_, err = pgx.ForEachRow(rows, []any{&linkID, &at, &country, &referrer, &browser, &os, &device, &lang, &social}, func() error {
					lt := at.In(q.Zone)
					record[0] = lt.Format(time.DateTime)
					record[1] = lt.Format("-07:00")
					record[2] = strconv.FormatInt(linkID, 10)
					record[3] = shortURLs[linkID]
					record[4], record[5] = countryCells(country)
					for i, v := range []string{referrer, browser, os, device, lang, social} {
						record[6+i] = v
					}
					for i := 3; i < len(record); i++ {
						record[i] = csvcell.Text(record[i]) // text columns; the first three are written by the service
					}
					return cw.Write(record)
				})
				if err != nil {
					return fmt.Errorf("write clicks: %w", err)
				}
				cw.Flush()
				if err := flushAll(cw, buf); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// countryCells are the country_code and country cells of a click's stored country: the
// ISO code and its English name, or both empty for a visitor who could not be placed
// (stored as geo.Unknown, or "" by older versions) or anything that names no country.
func countryCells(stored string) (code, name string) {
	name = geo.CountryName(stored)
	if name == geo.Unknown {
		return "", ""
	}
	return strings.ToUpper(stored), name
}

func flushAll(cw *csv.Writer, buf *bufio.Writer) error {
	if err := cw.Error(); err != nil {
		return err
	}
	return buf.Flush()
}

// ShortURLs are the short URLs of the scope's links (every link of the account for the
// whole account), for the export's short_url column.
func (s *Scopes) ShortURLs(ctx context.Context, sc Scope, baseURL string) (map[int64]string, error) {
	var rows []struct {
		ID     int64
		Alias  string
		Domain *string
	}
	db := s.db.WithContext(ctx)
	q := db.Raw(`SELECT l.id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id WHERE l.id = ANY(?::bigint[])`, idArray(sc.Links))
	if sc.Whole() {
		q = db.Raw(`SELECT l.id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id WHERE l.account_id = ?`, sc.AccountID)
	}
	if err := q.Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("short URLs of %s %d: %w", sc.Kind, sc.ID, err)
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		base := baseURL
		if r.Domain != nil && *r.Domain != "" {
			base = strings.TrimRight(*r.Domain, "/")
		}
		out[r.ID] = base + "/" + r.Alias
	}
	return out, nil
}

// ExportFilename is the download name of an export: scope, id and period.
func ExportFilename(sc Scope, q Query) string {
	if sc.Whole() {
		return fmt.Sprintf("clicks-account-%s-%s.csv", q.From, q.To)
	}
	return fmt.Sprintf("clicks-%s-%d-%s-%s.csv", sc.Kind, sc.ID, q.From, q.To)
}

// idArray is ids as a Postgres array literal (one parameter, whatever the count).
func idArray(ids []int64) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, id := range ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	b.WriteByte('}')
	return b.String()
}
