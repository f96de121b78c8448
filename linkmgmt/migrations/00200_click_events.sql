-- Click events carry the id the recorder gave them, so a flush that is retried after a
-- crash (Redis stream entries re-delivered) inserts nothing twice and the rollups, which
-- are computed from the rows actually inserted, count every click exactly once.

-- +goose Up
ALTER TABLE clicks ADD COLUMN event_id text;
CREATE UNIQUE INDEX clicks_event_key ON clicks (event_id, clicked_at);

-- Keyword search of GET /api/urls scans one account's links; this keeps the listing
-- by clicks cheap too.
CREATE INDEX links_account_clicks_idx ON links (account_id, clicks DESC, id DESC);

-- +goose Down
DROP INDEX links_account_clicks_idx;
DROP INDEX clicks_event_key;
ALTER TABLE clicks DROP COLUMN event_id;
