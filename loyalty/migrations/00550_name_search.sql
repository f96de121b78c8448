-- Customer name search at scale (docs/core.md "Name search"): accents and case ignored,
-- served by a trigram index. One rule: customer.NameContains writes the condition
-- name_fold(c.name) LIKE '%' || name_fold(term) || '%'; the folding exists only here.
--
-- name_fold: Unicode NFD, combining marks (U+0300..U+036F) removed, lower case. So
-- "Conceição", "CONCEICAO" and "conceicao" fold alike, whether the accent was stored
-- precomposed or as a combining mark. IMMUTABLE: normalize, regexp_replace and lower
-- are (lower follows the database's collation, as the search did before).
--
-- pg_trgm is a trusted extension: the database owner may create it. Trigram indexes
-- serve LIKE '%term%' when the term has three characters or more; a shorter term scans
-- the customers table.

-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- +goose StatementBegin
CREATE FUNCTION loyalty.name_fold(s text) RETURNS text AS $$
    SELECT lower(regexp_replace(normalize(s, NFD), '[\u0300-\u036f]', '', 'g'));
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
-- +goose StatementEnd

CREATE INDEX customers_name_fold_trgm_idx ON customers USING gin (loyalty.name_fold(name) gin_trgm_ops);
-- No index on the name order (lower(name), id): walking it until a page of matches is
-- found reads every name that sorts before the first match ("maria" after every "Ana",
-- "Bruno", ...: 148k rows at 200k customers). The matches are found in the trigram index
-- and sorted instead.
ANALYZE customers; -- statistics of name_fold(name) for the planner

-- +goose Down
DROP INDEX customers_name_fold_trgm_idx;
DROP FUNCTION loyalty.name_fold(text);
