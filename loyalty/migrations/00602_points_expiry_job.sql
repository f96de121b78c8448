-- The points expiry job (docs/ledger.md "The points expiry job"), run by every replica.
--
-- loyalty.ledger_expire(cutoff, lots, event) expires, in one statement, the customers of
-- the first `lots` lots due at cutoff (the job asks 256: the statement holds each of
-- those customers' ledger locks, each a slot of the server's shared lock table) (expires_at <= cutoff, oldest first): for each, in
-- customer order, one X entry through ledger_move (the one rule: the customer's lock,
-- the entry, the balance, the lots, the event), which takes everything of that customer
-- due at cutoff. It returns one row per customer expired. Why it is safe:
--   * several replicas at once: ledger_move takes each customer's ledger lock, and an X
--     computes its points under it, so a customer another run has just expired has
--     nothing due any more (nothing_due: no entry). Customers are locked in one order
--     (ascending id), as every writer of several customers does, so runs never deadlock;
--   * a crash mid-run (the process killed, the connection cut): the statement is one
--     transaction, so nothing of it is left; the next run finds the same lots due;
--   * once per run: each run writes at most one X per customer, and only for points due.
--
-- points_expiry_notices: the points.expiring events already written, one per customer
-- and UTC date of expiry (the job's notice, never twice).

-- +goose Up

-- +goose StatementBegin
CREATE FUNCTION loyalty.ledger_expire(p_cutoff timestamptz, p_lots integer, p_event text)
RETURNS TABLE (customer_id uuid, entry_id uuid, points bigint) AS $$
DECLARE
    v_customer uuid;
    v_row      record;
BEGIN
    FOR v_customer IN
        SELECT DISTINCT due.customer_id FROM (
            SELECT l.customer_id FROM loyalty.points_lots l
             WHERE l.open AND l.expires_at <= p_cutoff
             ORDER BY l.expires_at
             LIMIT p_lots) due
         ORDER BY 1
    LOOP
        SELECT * INTO v_row FROM loyalty.ledger_move(v_customer, ARRAY[NULL]::uuid[], ARRAY['X'], ARRAY[0::bigint],
            ARRAY['Points expired'], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL], ARRAY['system'],
            ARRAY[p_cutoff], ARRAY[NULL]::uuid[], ARRAY[p_event], ARRAY[NULL]::uuid[], true, ARRAY[NULL]::timestamptz[]) m;
        IF v_row.outcome = 'posted' THEN
            customer_id := v_customer;
            entry_id := (v_row.entry).id;
            points := (v_row.entry).points;
            RETURN NEXT;
        ELSIF v_row.outcome NOT IN ('nothing_due', 'not_found') THEN
            RAISE EXCEPTION 'expiry of customer %: %', v_customer, v_row.outcome;
        END IF;
    END LOOP;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TABLE points_expiry_notices (
    customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    expires_on  date NOT NULL,         -- UTC date of the lots' expiry
    expires_at  timestamptz NOT NULL,  -- the first of them to expire
    points      bigint NOT NULL,       -- what they held when the notice was written
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_id, expires_on)
);

-- +goose Down
DROP TABLE points_expiry_notices;
DROP FUNCTION loyalty.ledger_expire(timestamptz, integer, text);
