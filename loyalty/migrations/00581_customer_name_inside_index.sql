-- Customer name search for a common term that starts names (docs/sizing.md "Name
-- search"): "maria" is held by 4% of the customers, all of whose names start with it and
-- sort late, so neither the few-matches step nor the walk of the name order from its
-- start answers it, and sorting all its matches costs each one a read of the table.
-- A name holding the term either starts with it (and sorts from the term on: a walk of
-- customers_name_order_idx from the term finds the first ones in order) or holds it past
-- its first letter: this index finds those, usually few (customer.Repository.Find).
--
-- Built without CONCURRENTLY (goose runs a migration in a transaction): writes to
-- customers wait while it builds, about 5 s per 200,000 customers here.

-- +goose Up
CREATE INDEX customers_name_inside_trgm_idx ON customers USING gin (substr(name_search, 2) gin_trgm_ops);

-- +goose Down
DROP INDEX customers_name_inside_trgm_idx;
