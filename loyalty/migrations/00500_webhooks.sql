-- Webhooks (docs/webhooks.md): subscriptions of integrators, the transactional outbox of
-- events, one delivery row per (subscription, event) and a log of delivery attempts.
--
-- The outbox is written inside the transactions of the ledger, redeem and customer
-- packages (package event): one INSERT statement adds the event and its deliveries to
-- the active subscriptions that want it. That path is hot, so these tables carry no
-- foreign keys (a key check would take a share lock on the subscription row inside every
-- ledger transaction, and a subscription deleted at that moment would fail the ledger
-- write) and few indexes. Deleting a subscription deletes its pending deliveries and its
-- attempts in the same transaction; the pruning job removes anything left over.

-- +goose Up
CREATE TABLE webhook_subscriptions (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    url                  text NOT NULL CHECK (length(url) <= 2048),
    -- Event types delivered; empty means every type.
    event_types          text[] NOT NULL DEFAULT '{}',
    description          text,
    -- The signing secret, sealed: "plain:<secret>" or "aesgcm:<key id>:<base64>" (with
    -- WEBHOOK_SECRET_KEY set). Never returned by the API after creation.
    secret               text NOT NULL,
    is_active            boolean NOT NULL DEFAULT true,
    disabled_reason      text,
    disabled_at          timestamptz,
    -- Failure streak since the last successful delivery: failed attempts, and events
    -- refused (or given up) in a row.
    failing_since        timestamptz,
    consecutive_failures integer NOT NULL DEFAULT 0,
    refused_in_a_row     integer NOT NULL DEFAULT 0,
    -- A delivery worker's claim: set with SELECT ... FOR NO KEY UPDATE SKIP LOCKED, held
    -- until lease_until, so one worker at a time sends a subscription's events, in order.
    lease_until          timestamptz,
    lease_token          uuid,
    last_claimed_at      timestamptz,
    created_by           text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
    -- Creation order: deliveries of a subscription are sent in seq order.
    seq        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id         uuid NOT NULL DEFAULT gen_random_uuid(),
    type       text NOT NULL,
    -- The resource as the API renders it (json, not jsonb: kept byte for byte, cheaper to write).
    data       json NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
-- Pruning finds old events by time; a BRIN index costs next to nothing on insert.
CREATE INDEX webhook_events_created_at_brin ON webhook_events USING brin (created_at);

-- One row per (subscription, event), written with the event. Only pending rows are
-- looked up by subscription, so the one B-tree covers them alone (a delivered row leaves
-- it); finished rows are found by event for pruning, through a BRIN index that costs
-- next to nothing on insert. (subscription_id, event_seq) is unique by construction.
CREATE TABLE webhook_deliveries (
    subscription_id  uuid NOT NULL,
    event_seq        bigint NOT NULL,
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    first_attempt_at timestamptz,
    finished_at      timestamptz
);
-- The queue of each subscription: its oldest pending delivery is the head.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, event_seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event_seq_brin ON webhook_deliveries USING brin (event_seq);

CREATE TABLE webhook_attempts (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subscription_id uuid NOT NULL,
    event_id        uuid NOT NULL,
    event_type      text NOT NULL,
    attempt         integer NOT NULL,
    status_code     integer,
    latency_ms      integer NOT NULL,
    error           text,
    -- delivered, retrying (will be sent again), failed (given up or refused), ping.
    result          text NOT NULL CHECK (result IN ('delivered', 'retrying', 'failed', 'ping')),
    attempted_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_subscription_idx ON webhook_attempts (subscription_id, id DESC);
CREATE INDEX webhook_attempts_attempted_at_brin ON webhook_attempts USING brin (attempted_at);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_events;
DROP TABLE webhook_subscriptions;
