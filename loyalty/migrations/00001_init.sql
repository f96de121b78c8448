-- Initial loyalty schema. Later migrations alter it; never edit an applied migration.
-- Tables live in the "loyalty" schema (the connection's search_path).

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION set_updated_at() RETURNS trigger AS $$
BEGIN
    NEW.updated_at = now();
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TABLE users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    username      text NOT NULL,
    password_hash text NOT NULL,
    name          text NOT NULL DEFAULT '',
    email         text,
    role          text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
    is_active     boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE stores (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    store_code text NOT NULL UNIQUE,
    name       text NOT NULL,
    document   text NOT NULL UNIQUE,
    is_active  boolean NOT NULL DEFAULT true,
    address    text,
    city       text,
    state      text,
    phone      text,
    email      text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_name_lower_idx ON stores (lower(name));

CREATE TABLE customers (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name             text NOT NULL,
    doc              text NOT NULL UNIQUE,
    email            text NOT NULL,
    phone            text NOT NULL,
    gender_identity  text CHECK (gender_identity IN ('M', 'F', 'X')),
    birth_date       date,
    short_code       text,
    points_balance   bigint NOT NULL DEFAULT 0 CHECK (points_balance >= 0),
    last_purchase    timestamptz,
    is_active        boolean NOT NULL DEFAULT true,
    origin           text DEFAULT 'PDV',
    store_code       text,
    store_code_owner text,
    email_optin      boolean NOT NULL DEFAULT true,
    whatsapp_optin   boolean NOT NULL DEFAULT true,
    sms_optin        boolean NOT NULL DEFAULT true,
    app_user         boolean,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_created_at_idx ON customers (created_at DESC, id);
CREATE INDEX customers_name_lower_idx ON customers (lower(name) text_pattern_ops);
CREATE INDEX customers_doc_pattern_idx ON customers (doc text_pattern_ops);
CREATE INDEX customers_store_code_owner_idx ON customers (store_code_owner);

CREATE TABLE products (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    sku              text NOT NULL UNIQUE,
    name             text NOT NULL,
    points           integer NOT NULL DEFAULT 0 CHECK (points >= 0),
    description      text,
    image_url        text,
    is_active        boolean NOT NULL DEFAULT true,
    price            numeric(14, 2) DEFAULT 0,
    discount_price   numeric(14, 2),
    validity_days    integer DEFAULT 2,
    minimum_purchase numeric(14, 2),
    has_toppings     boolean NOT NULL DEFAULT false,
    is_addon         boolean NOT NULL DEFAULT false,
    min_qty          integer NOT NULL DEFAULT 0,
    max_qty          integer NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Add-on products (is_addon) offered with a product that has_toppings.
CREATE TABLE product_toppings (
    product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    topping_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, topping_id)
);

CREATE TABLE promotions (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name              text NOT NULL,
    description       text,
    image_url         text,
    start_date        timestamptz NOT NULL,
    end_date          timestamptz NOT NULL,
    is_active         boolean NOT NULL DEFAULT true,
    points_multiplier numeric(8, 3) NOT NULL DEFAULT 1 CHECK (points_multiplier > 0),
    bonus_points      integer NOT NULL DEFAULT 0 CHECK (bonus_points >= 0),
    min_purchase      numeric(14, 2),
    store_codes       text[],
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date >= start_date)
);
CREATE INDEX promotions_active_idx ON promotions (start_date, end_date) WHERE is_active;

-- The ledger. points is signed: C > 0, D and R < 0, E opposite to the entry it reverses.
-- customers.points_balance is always the sum of a customer's entries.
CREATE TABLE points_entries (
    id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id            uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    transaction_type       char(1) NOT NULL CHECK (transaction_type IN ('C', 'D', 'R', 'E')),
    points                 bigint NOT NULL,
    description            text NOT NULL DEFAULT '',
    transaction_identifier text,
    coupon_identifier      text,
    vendor_document        text,
    store_code             text,
    user_at                text NOT NULL DEFAULT '',
    transaction_date       timestamptz NOT NULL,
    redeem_id              uuid,
    reverses_id            uuid REFERENCES points_entries (id) ON DELETE CASCADE,
    cancelled_at           timestamptz,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX points_entries_idempotency_key
    ON points_entries (customer_id, transaction_type, transaction_identifier)
    WHERE transaction_identifier IS NOT NULL;
CREATE UNIQUE INDEX points_entries_reverses_key ON points_entries (reverses_id) WHERE reverses_id IS NOT NULL;
CREATE INDEX points_entries_customer_idx ON points_entries (customer_id, created_at DESC);
CREATE INDEX points_entries_coupon_idx ON points_entries (coupon_identifier) WHERE coupon_identifier IS NOT NULL;
CREATE INDEX points_entries_redeem_idx ON points_entries (redeem_id) WHERE redeem_id IS NOT NULL;
CREATE INDEX points_entries_date_idx ON points_entries (transaction_date);

-- One redemption block (one redeem id): its R entry and its items.
CREATE TABLE redeems (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id       uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    points_entry_id   uuid REFERENCES points_entries (id) ON DELETE CASCADE,
    status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'cancelled', 'expired')),
    store_code        text,
    total_points      bigint NOT NULL CHECK (total_points >= 0),
    coupon_identifier text,
    applied_at        timestamptz,
    expires_at        timestamptz NOT NULL,
    cancelled_at      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX redeems_customer_idx ON redeems (customer_id, created_at DESC);
CREATE INDEX redeems_pending_expiry_idx ON redeems (expires_at) WHERE status = 'pending';

CREATE TABLE redeem_items (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    redeem_id         uuid NOT NULL REFERENCES redeems (id) ON DELETE CASCADE,
    customer_id       uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    product_id        uuid NOT NULL REFERENCES products (id),
    parent_item_id    uuid REFERENCES redeem_items (id) ON DELETE CASCADE,
    qty               integer NOT NULL CHECK (qty > 0),
    points            bigint NOT NULL CHECK (points >= 0),
    store_code        text,
    applied_at        timestamptz,
    coupon_identifier text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX redeem_items_redeem_idx ON redeem_items (redeem_id);
CREATE INDEX redeem_items_customer_idx ON redeem_items (customer_id);

-- Sales coupons: one per (customer, coupon_identifier); data keeps payment fields, value
-- and any items as sent.
CREATE TABLE coupons (
    id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id              uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    coupon_identifier        text NOT NULL,
    store_code               text,
    transaction_date         timestamptz NOT NULL,
    value                    numeric(14, 2) NOT NULL CHECK (value >= 0),
    payment_type             text,
    payment_type_description text,
    vendor_document          text,
    data                     jsonb NOT NULL DEFAULT '{}',
    points_entry_id          uuid REFERENCES points_entries (id) ON DELETE SET NULL,
    cancelled_at             timestamptz,
    created_at               timestamptz NOT NULL DEFAULT now(),
    updated_at               timestamptz NOT NULL DEFAULT now(),
    UNIQUE (customer_id, coupon_identifier)
);
CREATE INDEX coupons_customer_idx ON coupons (customer_id, created_at DESC);
CREATE INDEX coupons_identifier_idx ON coupons (coupon_identifier);
CREATE INDEX coupons_transaction_date_idx ON coupons (transaction_date DESC);

-- Natural-language report history.
CREATE TABLE ai_queries (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_name       text,
    user_question   text NOT NULL,
    report_name     text,
    generated_query text NOT NULL,
    records_count   integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_queries_user_idx ON ai_queries (user_id, created_at DESC);
CREATE INDEX ai_queries_created_idx ON ai_queries (created_at DESC);

CREATE TRIGGER users_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER stores_updated_at BEFORE UPDATE ON stores FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER customers_updated_at BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER products_updated_at BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER promotions_updated_at BEFORE UPDATE ON promotions FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER points_entries_updated_at BEFORE UPDATE ON points_entries FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER redeems_updated_at BEFORE UPDATE ON redeems FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER redeem_items_updated_at BEFORE UPDATE ON redeem_items FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER coupons_updated_at BEFORE UPDATE ON coupons FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER ai_queries_updated_at BEFORE UPDATE ON ai_queries FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- +goose Down
DROP TABLE ai_queries, coupons, redeem_items, redeems, points_entries, promotions,
    product_toppings, products, customers, stores, users;
DROP FUNCTION set_updated_at();
