-- The production-size data set of `make bench-scale` (scripts/bench-scale.sh), loaded
-- set-based into a freshly migrated database. psql variables:
--   customers    number of ordinary customers
--   hot_entries  sales (coupon + credit entry) of each of the two hot customers
--
-- Shape per ordinary customer (hashes of its number, so every run loads the same data):
-- 0 to 16 sales in 2025 (coupon + C entry with the coupon; 1 in 53 cancelled: coupon
-- and entry cancelled, an E entry reverses the credit), 0 to 14 bonus credits, up to 8
-- small debits when the bonuses cover them, and for about a fifth a redeem (R entry,
-- items adding up to its points; cancelled and expired ones reversed by an E entry).
-- That is about 19.5 entries, 8 coupons and 0.2 redeems per customer. Two hot customers
-- (docs HOT00000001, HOT00000002) each hold hot_entries sales. 50 stores.
--
-- How it stays fast, and what is bypassed (docs/sizing.md):
--   * Indexes and primary, unique and foreign keys of the loaded tables are dropped
--     first and re-created after the load, as pg_restore does: a sort per index instead
--     of 20M random insertions, and each foreign key validated by one join when it is
--     added back. Their definitions are read from the catalog, so keys and indexes that
--     later migrations add are kept too.
--   * Two ledger triggers are disabled during the load: the one that moves
--     points_balance per entry (points_entries_apply_balance) and the guard that refuses
--     a customer inserted with a balance (customers_balance_guard_insert). Balances are
--     written as the sum of each customer's entries instead. So are the per-row checks of
--     the rows naming a points entry (entry_reference_check, migration 00582: with the
--     entries' key dropped, each would scan the table); ledger.Audit checks that rule
--     over every row instead. And the redeems' updated_at trigger, so that a redeem keeps
--     its loaded time when its items' triggers (migration 00585) write main_items_qty
--     (redeem.Audit checks that column). Every other trigger fires. scripts/bench-scale.sh then
--     runs `loyalty admin audit` (ledger.Audit and redeem.Audit): the load fails unless
--     it finds nothing.
\set ON_ERROR_STOP on
SET search_path = loyalty;
SET maintenance_work_mem = '512MB';
SET work_mem = '256MB';
SET synchronous_commit = off;

\echo 'load: dropping keys and indexes of the loaded tables'
CREATE TEMP TABLE loaded (rel regclass PRIMARY KEY);
INSERT INTO loaded VALUES ('customers'), ('stores'), ('products'), ('points_entries'),
    ('coupons'), ('redeems'), ('redeem_items');
-- Foreign keys from or to a loaded table; primary and unique keys of loaded tables;
-- the other indexes of loaded tables.
CREATE TEMP TABLE saved_constraints AS
SELECT con.conrelid::regclass AS rel, con.conname, pg_get_constraintdef(con.oid) AS def, con.contype
  FROM pg_constraint con
 WHERE (con.contype = 'f' AND (con.conrelid IN (SELECT rel FROM loaded) OR con.confrelid IN (SELECT rel FROM loaded)))
    OR (con.contype IN ('p', 'u') AND con.conrelid IN (SELECT rel FROM loaded));
CREATE TEMP TABLE saved_indexes AS
SELECT i.indexrelid::regclass AS idx, pg_get_indexdef(i.indexrelid) AS def
  FROM pg_index i
 WHERE i.indrelid IN (SELECT rel FROM loaded)
   AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.indexrelid AND con.contype IN ('p', 'u'));
SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', rel, conname) FROM saved_constraints WHERE contype = 'f' \gexec
SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', rel, conname) FROM saved_constraints WHERE contype <> 'f' \gexec
SELECT format('DROP INDEX %s', idx) FROM saved_indexes \gexec
ALTER TABLE points_entries DISABLE TRIGGER points_entries_apply_balance;
ALTER TABLE customers DISABLE TRIGGER customers_balance_guard_insert;
-- The redeems keep their loaded updated_at when their items' triggers (migration 00585)
-- write their main_items_qty.
ALTER TABLE redeems DISABLE TRIGGER redeems_updated_at;
-- (a database migrated by a binary older than 00582 has none)
CREATE TEMP TABLE reference_checks AS
SELECT tgrelid::regclass AS rel, tgname FROM pg_trigger
 WHERE tgfoid = to_regprocedure('loyalty.entry_reference_check()') AND NOT tgisinternal;
SELECT format('ALTER TABLE %s DISABLE TRIGGER %I', rel, tgname) FROM reference_checks \gexec

\echo 'load: stores, products, customer plan'
INSERT INTO stores (store_code, name, document, city, state, created_at, updated_at)
SELECT 'S' || i, 'Loja ' || i, lpad((10000000000000 + i)::text, 14, '0'),
       (ARRAY['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Salvador', 'Curitiba'])[1 + i % 5],
       (ARRAY['SP', 'RJ', 'MG', 'BA', 'PR'])[1 + i % 5], '2024-01-01', '2024-01-01'
  FROM generate_series(1, 50) AS i;
INSERT INTO products (id, sku, name, points, has_toppings, validity_days) VALUES
    ('00000000-0000-4000-8000-000000000001', 'BENCH-MAIN', 'Sorvete', 40, true, 2);
INSERT INTO products (id, sku, name, points, is_addon, validity_days) VALUES
    ('00000000-0000-4000-8000-000000000002', 'BENCH-TOP', 'Cobertura', 10, true, 2);

-- One row per customer: its id, numbers of sales, bonuses and debits, and its redeem.
CREATE TEMP TABLE plan AS
SELECT i, md5('c' || i)::uuid AS id, h.*,
       CASE WHEN h.b >= 4 THEN h.h3 % 9 ELSE 0 END AS d,
       (h.h4 % 3 = 0 AND h.b >= 5 AND h.s > 0) AS redeems,
       (ARRAY['applied', 'applied', 'applied', 'applied', 'applied', 'applied', 'pending', 'pending', 'cancelled', 'expired'])[1 + h.h5 % 10] AS redeem_status,
       h.h6 % 2 = 0 AS topping
  FROM generate_series(1, :customers) AS i,
       LATERAL (SELECT (hashint4(i * 8 + 1) & 2147483647) % 17 AS s,
                       (hashint4(i * 8 + 2) & 2147483647) % 15 AS b,
                       hashint4(i * 8 + 3) & 2147483647 AS h3,
                       hashint4(i * 8 + 4) & 2147483647 AS h4,
                       hashint4(i * 8 + 5) & 2147483647 AS h5,
                       hashint4(i * 8 + 6) & 2147483647 AS h6) AS h
UNION ALL
SELECT i, md5('c' || i)::uuid, :hot_entries, 0, 0, 0, 0, 0, 0, false, 'applied', false
  FROM generate_series(:customers + 1, :customers + 2) AS i;
ALTER TABLE plan ADD PRIMARY KEY (i);
ANALYZE plan;

\echo 'load: sales (coupons and their credit entries)'
-- Sale j of customer i: at one of 3 stores around the customer's own, any second of 2025.
CREATE TEMP TABLE sales AS
SELECT p.i, p.id AS customer_id, j,
       md5('s' || p.i || '-' || j)::uuid AS entry_id,
       md5('k' || p.i || '-' || j)::uuid AS coupon_id,
       'K' || p.i || '-' || j AS coupon_identifier,
       'S' || (1 + (p.i + CASE WHEN j % 3 = 0 THEN j ELSE 0 END) % 50) AS store_code,
       timestamptz '2025-01-01 00:00Z' + ((hashint4(p.i * 31 + j) & 2147483647) % 31536000) * interval '1 second' AS at,
       (5 + ((hashint4(p.i * 17 + j) & 2147483647) % 50000) / 100.0)::numeric(14, 2) AS value,
       (p.i + j) % 53 = 0 AS cancelled
  FROM plan p, generate_series(1, p.s) AS j;
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, coupon_identifier,
                            vendor_document, store_code, user_at, transaction_date, cancelled_at, created_at, updated_at)
SELECT entry_id, customer_id, 'C', floor(value)::bigint, 'venda', coupon_identifier, '12345678909', store_code,
       'bench', at, CASE WHEN cancelled THEN at + interval '1 hour' END, at, at
  FROM sales;
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, coupon_identifier,
                            store_code, user_at, transaction_date, reverses_id, created_at, updated_at)
SELECT md5('x' || i || '-' || j)::uuid, customer_id, 'E', -floor(value)::bigint, 'cancelamento', coupon_identifier,
       store_code, 'bench', at + interval '1 hour', entry_id, at + interval '1 hour', at + interval '1 hour'
  FROM sales WHERE cancelled;
INSERT INTO coupons (id, customer_id, coupon_identifier, store_code, transaction_date, value, payment_type,
                     payment_type_description, vendor_document, data, points_entry_id, cancelled_at, created_at, updated_at)
SELECT coupon_id, customer_id, coupon_identifier, store_code, at, value,
       (ARRAY['credit', 'debit', 'pix', 'cash'])[1 + (i + j) % 4],
       (ARRAY['Cartão de crédito', 'Cartão de débito', 'Pix', 'Dinheiro'])[1 + (i + j) % 4],
       '12345678909', '{}', entry_id, CASE WHEN cancelled THEN at + interval '1 hour' END, at, at
  FROM sales;

\echo 'load: bonus credits and debits'
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, transaction_identifier,
                            user_at, transaction_date, created_at, updated_at)
SELECT md5('b' || p.i || '-' || k)::uuid, p.id, 'C', 20 + (p.i + k) % 80, 'bônus', 'B' || p.i || '-' || k, 'bench', t, t, t
  FROM plan p, generate_series(1, p.b) AS k,
       LATERAL (SELECT timestamptz '2025-01-01 00:00Z' + ((hashint4(p.i * 37 + k) & 2147483647) % 31536000) * interval '1 second' AS t) AS at_;
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, transaction_identifier,
                            store_code, user_at, transaction_date, created_at, updated_at)
SELECT md5('d' || p.i || '-' || m)::uuid, p.id, 'D', -(1 + (p.i + m) % 5), 'débito', 'D' || p.i || '-' || m,
       'S' || (1 + p.i % 50), 'bench', t, t, t
  FROM plan p, generate_series(1, p.d) AS m,
       LATERAL (SELECT timestamptz '2025-01-01 00:00Z' + ((hashint4(p.i * 41 + m) & 2147483647) % 31536000) * interval '1 second' AS t) AS at_;

\echo 'load: redeems'
CREATE TEMP TABLE rd AS
SELECT p.i, p.id AS customer_id, md5('rd' || p.i)::uuid AS redeem_id, md5('r' || p.i)::uuid AS entry_id,
       p.redeem_status AS status, p.topping, 40 + CASE WHEN p.topping THEN 10 ELSE 0 END AS total,
       'S' || (1 + p.i % 50) AS store_code,
       timestamptz '2025-01-01 00:00Z' + ((hashint4(p.i * 43) & 2147483647) % 31536000) * interval '1 second' AS at
  FROM plan p WHERE p.redeems;
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, store_code, user_at,
                            transaction_date, redeem_id, cancelled_at, created_at, updated_at)
SELECT entry_id, customer_id, 'R', -total, 'resgate', store_code, 'bench', at, redeem_id,
       CASE WHEN status IN ('cancelled', 'expired') THEN at + interval '2 days' END, at, at
  FROM rd;
INSERT INTO points_entries (id, customer_id, transaction_type, points, description, store_code, user_at,
                            transaction_date, redeem_id, reverses_id, created_at, updated_at)
SELECT md5('re' || i)::uuid, customer_id, 'E', total, 'estorno de resgate', store_code, 'bench',
       at + interval '2 days', redeem_id, entry_id, at + interval '2 days', at + interval '2 days'
  FROM rd WHERE status IN ('cancelled', 'expired');
INSERT INTO redeems (id, customer_id, points_entry_id, status, store_code, total_points, coupon_identifier,
                     applied_at, expires_at, cancelled_at, created_at, updated_at)
SELECT redeem_id, customer_id, entry_id, status, store_code, total,
       CASE WHEN status = 'applied' THEN 'RK' || i END,
       CASE WHEN status = 'applied' THEN at + interval '1 hour' END,
       at + interval '2 days',
       CASE WHEN status IN ('cancelled', 'expired') THEN at + interval '2 days' END, at, at
  FROM rd;
INSERT INTO redeem_items (id, redeem_id, customer_id, product_id, qty, points, store_code, applied_at,
                          coupon_identifier, created_at, updated_at)
SELECT md5('ri' || i)::uuid, redeem_id, customer_id, '00000000-0000-4000-8000-000000000001', 1, 40, store_code,
       CASE WHEN status = 'applied' THEN at + interval '1 hour' END,
       CASE WHEN status = 'applied' THEN 'RK' || i END, at, at
  FROM rd;
INSERT INTO redeem_items (id, redeem_id, customer_id, product_id, parent_item_id, qty, points, store_code,
                          applied_at, coupon_identifier, created_at, updated_at)
SELECT md5('rt' || i)::uuid, redeem_id, customer_id, '00000000-0000-4000-8000-000000000002', md5('ri' || i)::uuid,
       1, 10, store_code,
       CASE WHEN status = 'applied' THEN at + interval '1 hour' END,
       CASE WHEN status = 'applied' THEN 'RK' || i END, at, at
  FROM rd WHERE topping;

\echo 'load: customers, with balances summed from their entries'
-- Names as Brazilian customers have them: accents, "da"/"dos", Maria and Mariana.
INSERT INTO customers (id, name, doc, email, phone, gender_identity, birth_date, points_balance, last_purchase,
                       origin, store_code, store_code_owner, app_user, created_at, updated_at)
SELECT p.id,
       (ARRAY['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas',
              'Luiz', 'Marcos', 'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe',
              'Raimundo', 'Rodrigo', 'Manoel', 'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo',
              'Guilherme', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda',
              'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana', 'Conceição', 'Gabriela',
              'Adriana', 'Beatriz', 'Simone'])[1 + (hashint4(p.i * 8 + 7) & 2147483647) % 50]
       || (ARRAY['', '', '', ' da Conceição', ' dos Santos', ' de Jesus', ' Aparecida', ''])[1 + p.h6 % 8]
       || ' ' ||
       (ARRAY['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima',
              'Gomes', 'Ribeiro', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
              'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes',
              'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Magalhães',
              'Brandão', 'Simões', 'Falcão', 'Guimarães', 'Assunção'])[1 + p.h3 % 40],
       CASE WHEN p.i > :customers THEN 'HOT' || lpad((p.i - :customers)::text, 8, '0') ELSE lpad(p.i::text, 11, '0') END,
       'cliente' || p.i || '@example.com', '+55119' || lpad((p.i % 100000000)::text, 8, '0'),
       (ARRAY['M', 'F', 'X'])[1 + p.i % 3], date '1950-01-01' + p.h4 % 20000,
       COALESCE(e.balance, 0), s.last_purchase,
       (ARRAY['PDV', 'APP', 'BACKOFFICE', 'TOTEM'])[1 + p.i % 4], 'S' || (1 + p.i % 50),
       -- A customer who bought owns the store of its first sale, except one in 500: legacy
       -- rows that reprocess-store-code-owner fills in.
       CASE WHEN p.s > 0 AND p.i % 500 <> 7 THEN 'S' || (1 + p.i % 50) END,
       CASE p.i % 3 WHEN 0 THEN true WHEN 1 THEN false END,
       timestamptz '2024-01-01 00:00Z' + (p.i % 31536000) * interval '1 second',
       timestamptz '2024-01-01 00:00Z' + (p.i % 31536000) * interval '1 second'
  FROM plan p
  LEFT JOIN (SELECT customer_id, sum(points) AS balance FROM points_entries GROUP BY customer_id) e ON e.customer_id = p.id
  LEFT JOIN (SELECT customer_id, max(at) AS last_purchase FROM sales GROUP BY customer_id) s ON s.customer_id = p.id;

\echo 'load: re-creating keys and indexes'
ALTER TABLE points_entries ENABLE TRIGGER points_entries_apply_balance;
ALTER TABLE customers ENABLE TRIGGER customers_balance_guard_insert;
ALTER TABLE redeems ENABLE TRIGGER redeems_updated_at;
SELECT format('ALTER TABLE %s ENABLE TRIGGER %I', rel, tgname) FROM reference_checks \gexec
SELECT format('ALTER TABLE %s ADD CONSTRAINT %I %s', rel, conname, def) FROM saved_constraints WHERE contype <> 'f' \gexec
SELECT def FROM saved_indexes \gexec
\echo 'load: re-adding foreign keys (each validated by Postgres)'
SELECT format('ALTER TABLE %s ADD CONSTRAINT %I %s', rel, conname, def) FROM saved_constraints WHERE contype = 'f' \gexec
\echo 'load: vacuum analyze'
VACUUM (ANALYZE) customers, stores, products, points_entries, coupons, redeems, redeem_items;
