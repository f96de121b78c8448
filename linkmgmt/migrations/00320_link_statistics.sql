-- Link statistics that Postgres keeps for itself (issue #13).
--
-- 1. uniqueClicks must never go down when Redis loses its data. The HyperLogLog of
--    visitors lives in Redis; Postgres now keeps the exact floor: one row per distinct
--    visitor of a link (link_visitors, written by the click flusher from the clicks it
--    actually inserts) and its count in links.unique_clicks. The statistics answer the
--    larger of the two.
-- 2. Deleting a link removes its statistics everywhere. The rollups cascade with the
--    row; the raw clicks (a partitioned table without a foreign key) and the link's Redis
--    keys cannot, so every deletion of links rows, direct or cascaded from a domain or an
--    account, queues the ids in link_purges, and the flusher of any replica removes the
--    clicks and the Redis keys, then the queue rows.

-- +goose Up
CREATE TABLE link_visitors (
    link_id      bigint NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    visitor_hash text   NOT NULL,
    PRIMARY KEY (link_id, visitor_hash)
);
ALTER TABLE links ADD COLUMN unique_clicks bigint NOT NULL DEFAULT 0;

INSERT INTO link_visitors (link_id, visitor_hash)
SELECT DISTINCT c.link_id, c.visitor_hash
FROM clicks c JOIN links l ON l.id = c.link_id
WHERE c.visitor_hash <> ''
ON CONFLICT DO NOTHING;
UPDATE links SET unique_clicks = v.n
FROM (SELECT link_id, count(*) AS n FROM link_visitors GROUP BY link_id) v
WHERE links.id = v.link_id;

CREATE TABLE link_purges (
    link_id    bigint PRIMARY KEY,
    deleted_at timestamptz NOT NULL DEFAULT now()
);

-- +goose StatementBegin
CREATE FUNCTION queue_link_purges() RETURNS trigger
SET search_path FROM CURRENT
AS $$
BEGIN
    INSERT INTO link_purges (link_id) SELECT id FROM gone ON CONFLICT DO NOTHING;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER links_queue_purges AFTER DELETE ON links
    REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION queue_link_purges();

-- Links deleted before this migration left their clicks behind: queue them too.
INSERT INTO link_purges (link_id)
SELECT DISTINCT c.link_id FROM clicks c
WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.id = c.link_id)
ON CONFLICT DO NOTHING;

-- +goose Down
DROP TRIGGER links_queue_purges ON links;
DROP FUNCTION queue_link_purges();
DROP TABLE link_purges;
ALTER TABLE links DROP COLUMN unique_clicks;
DROP TABLE link_visitors;
