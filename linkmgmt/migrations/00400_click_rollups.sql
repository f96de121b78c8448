-- Click storage for analytics over time (issues #15 and #17).
--
-- 1. Exactly once per batch instead of per click: the recorder writes clicks to Redis in
--    batches with a random batch id; the flusher records the ids of the batches it
--    stores (click_batches) and COPYs their clicks, so the raw table no longer needs a
--    unique key per click (clicks.event_id and its index go: one index less per click).
-- 2. Rollups that hold a whole day (or all time) in one row, merged by the flusher in the
--    transaction that stores the raw clicks: clicks, clicks per 15-minute slot, clicks
--    per dimension value, and the set of visitors (exact up to 2048, a HyperLogLog
--    beyond), encoded by the service (internal/click/rollup.go, internal/visitors):
--      link_click_days     a link's UTC day
--      account_click_days  an account's UTC day (every link of it)
--      link_click_totals   a link, all time (GET /api/url/:id)
--    They replace link_daily_stats, link_dimension_stats and link_visitors.
-- 3. The new rollups are computed from the raw clicks by the service (the encodings are
--    Go's): every link with clicks, then every account of such a link, is queued in
--    click_rollup_rebuilds, which the flusher works through.
-- 4. Deleting a link still queues its id in link_purges (00320's trigger); the purge now
--    also takes the link's days off its account's days and deletes its rollups (no
--    foreign key to links, so that the account's share can still be read).

-- 5. The raw clicks of an account by time (the account's CSV, its filtered statistics,
--    the partial days at the ends of a period in a zone other than UTC): one index more
--    per click, measured in docs/links.md (deferred cost of a click).

-- +goose Up
DROP INDEX clicks_event_key;
ALTER TABLE clicks DROP COLUMN event_id;
CREATE INDEX clicks_account_time_idx ON clicks (account_id, clicked_at);

CREATE TABLE click_batches (
    batch_id   uuid PRIMARY KEY,
    flushed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX click_batches_flushed_idx ON click_batches (flushed_at);

CREATE TABLE link_click_days (
    link_id    bigint NOT NULL,
    day        date   NOT NULL,
    account_id bigint NOT NULL,
    clicks     bigint NOT NULL DEFAULT 0,
    slots      bytea  NOT NULL DEFAULT '',
    dims       bytea  NOT NULL DEFAULT '',
    visitors   bytea  NOT NULL DEFAULT '',
    PRIMARY KEY (link_id, day)
);
CREATE INDEX link_click_days_account_idx ON link_click_days (account_id, day);

CREATE TABLE account_click_days (
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    day        date   NOT NULL,
    clicks     bigint NOT NULL DEFAULT 0,
    slots      bytea  NOT NULL DEFAULT '',
    dims       bytea  NOT NULL DEFAULT '',
    visitors   bytea  NOT NULL DEFAULT '',
    PRIMARY KEY (account_id, day)
);

CREATE TABLE link_click_totals (
    link_id  bigint PRIMARY KEY,
    clicks   bigint NOT NULL DEFAULT 0,
    slots    bytea  NOT NULL DEFAULT '',
    dims     bytea  NOT NULL DEFAULT '',
    visitors bytea  NOT NULL DEFAULT ''
);

-- Visitor sets past 2,048 visitors are 16 KiB of registers that barely compress: stored
-- out of line without compression, so neither the flusher's writes nor the analytics'
-- reads spend CPU on pglz.
ALTER TABLE link_click_days ALTER COLUMN visitors SET STORAGE EXTERNAL;
ALTER TABLE account_click_days ALTER COLUMN visitors SET STORAGE EXTERNAL;
ALTER TABLE link_click_totals ALTER COLUMN visitors SET STORAGE EXTERNAL;

CREATE TABLE click_rollup_rebuilds (
    kind text   NOT NULL CHECK (kind IN ('link', 'account')),
    id   bigint NOT NULL,
    PRIMARY KEY (kind, id)
);
INSERT INTO click_rollup_rebuilds (kind, id)
SELECT 'link', l.id FROM links l WHERE l.clicks > 0 OR EXISTS (SELECT 1 FROM clicks c WHERE c.link_id = l.id);
INSERT INTO click_rollup_rebuilds (kind, id)
SELECT DISTINCT 'account', l.account_id FROM links l JOIN click_rollup_rebuilds r ON r.kind = 'link' AND r.id = l.id;

DROP TABLE link_daily_stats, link_dimension_stats, link_visitors;

-- +goose Down
CREATE TABLE link_daily_stats (
    link_id bigint NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    day     date NOT NULL,
    clicks  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (link_id, day)
);
CREATE TABLE link_dimension_stats (
    link_id   bigint NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    dimension text NOT NULL CHECK (dimension IN ('country', 'referrer', 'browser', 'os', 'social', 'device', 'language')),
    value     text NOT NULL,
    clicks    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (link_id, dimension, value)
);
CREATE TABLE link_visitors (
    link_id      bigint NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    visitor_hash text   NOT NULL,
    PRIMARY KEY (link_id, visitor_hash)
);
INSERT INTO link_daily_stats (link_id, day, clicks)
SELECT c.link_id, (c.clicked_at AT TIME ZONE 'UTC')::date, count(*) FROM clicks c JOIN links l ON l.id = c.link_id GROUP BY 1, 2;
INSERT INTO link_dimension_stats (link_id, dimension, value, clicks)
SELECT c.link_id, d.dimension, d.value, count(*)
FROM clicks c JOIN links l ON l.id = c.link_id
CROSS JOIN LATERAL (VALUES ('country', c.country), ('referrer', c.referrer_host), ('browser', c.browser),
    ('os', c.os), ('social', c.social), ('device', c.device), ('language', c.language)) AS d(dimension, value)
WHERE d.value <> '' GROUP BY 1, 2, 3;
INSERT INTO link_visitors (link_id, visitor_hash)
SELECT DISTINCT c.link_id, c.visitor_hash FROM clicks c JOIN links l ON l.id = c.link_id WHERE c.visitor_hash <> '';
DROP TABLE click_rollup_rebuilds, link_click_totals, account_click_days, link_click_days, click_batches;
DROP INDEX clicks_account_time_idx;
ALTER TABLE clicks ADD COLUMN event_id text;
CREATE UNIQUE INDEX clicks_event_key ON clicks (event_id, clicked_at);
