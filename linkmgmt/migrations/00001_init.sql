-- Initial link-management schema, in the "linkmgmt" schema (the connection's search_path).
-- Later migrations alter it; never edit an applied migration.

-- +goose Up
-- +goose StatementBegin
CREATE FUNCTION set_updated_at() RETURNS trigger AS $$
BEGIN
    NEW.updated_at = now();
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- Plans set the API rate limit (requests per 60 s sliding window).
CREATE TABLE plans (
    name                text PRIMARY KEY,
    requests_per_minute integer NOT NULL CHECK (requests_per_minute > 0)
);
INSERT INTO plans (name, requests_per_minute) VALUES ('free', 30), ('pro', 120), ('business', 600);

CREATE TABLE accounts (
    id            bigserial PRIMARY KEY,
    email         text NOT NULL,
    username      text NOT NULL,
    password_hash text,
    api_key_hash  text NOT NULL UNIQUE,
    is_admin      boolean NOT NULL DEFAULT false,
    plan          text NOT NULL DEFAULT 'free' REFERENCES plans (name),
    status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    avatar        text NOT NULL DEFAULT '',
    expires_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

CREATE TABLE domains (
    id           bigserial PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    domain       text NOT NULL,          -- as registered, with scheme: https://go.example.com
    host         text NOT NULL UNIQUE,   -- lower-case host[:port] matched against the Host header
    redirect_root text NOT NULL DEFAULT '',
    redirect_404  text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domains_account_idx ON domains (account_id, id DESC);

CREATE TABLE pixels (
    id         bigserial PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    type       text NOT NULL CHECK (type IN ('gtmpixel', 'gapixel', 'fbpixel', 'adwordspixel', 'linkedinpixel',
        'twitterpixel', 'adrollpixel', 'quorapixel', 'pinterest', 'bing', 'snapchat', 'reddit', 'tiktok')),
    name       text NOT NULL,
    tag        text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pixels_account_idx ON pixels (account_id, id DESC);

CREATE TABLE campaigns (
    id         bigserial PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       text NOT NULL DEFAULT '',
    slug       text UNIQUE,              -- rotator /r/{slug}; NULL = no rotator
    public     boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_account_idx ON campaigns (account_id, id DESC);

CREATE TABLE channels (
    id          bigserial PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    color       text NOT NULL DEFAULT '',
    starred     boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channels_account_idx ON channels (account_id, id DESC);

-- CTA overlays shown over a destination page (link type overlay-<id>).
CREATE TABLE overlays (
    id               bigserial PRIMARY KEY,
    account_id       bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    type             text NOT NULL DEFAULT 'message',
    name             text NOT NULL,
    text             text NOT NULL DEFAULT '',
    button_label     text NOT NULL DEFAULT '',
    button_url       text NOT NULL DEFAULT '',
    background_color text NOT NULL DEFAULT '#ffffff',
    text_color       text NOT NULL DEFAULT '#000000',
    button_color     text NOT NULL DEFAULT '#0d6efd',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX overlays_account_idx ON overlays (account_id, id DESC);

-- Custom splash pages (link type = the splash page's id).
CREATE TABLE splash_pages (
    id           bigserial PRIMARY KEY,
    account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name         text NOT NULL,
    title        text NOT NULL DEFAULT '',
    message      text NOT NULL DEFAULT '',
    image_url    text NOT NULL DEFAULT '',
    countdown    integer NOT NULL DEFAULT 5 CHECK (countdown >= 0 AND countdown <= 60),
    button_label text NOT NULL DEFAULT '',
    button_url   text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX splash_pages_account_idx ON splash_pages (account_id, id DESC);

CREATE TABLE links (
    id               bigserial PRIMARY KEY,
    account_id       bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    domain_id        bigint REFERENCES domains (id) ON DELETE CASCADE, -- NULL = the service's BASE_URL
    alias            text NOT NULL,
    long_url         text NOT NULL,
    type             text NOT NULL DEFAULT 'direct', -- direct | frame | splash | splash-<id> | overlay-<id>
    splash_id        bigint REFERENCES splash_pages (id) ON DELETE SET NULL,
    overlay_id       bigint REFERENCES overlays (id) ON DELETE SET NULL,
    password_hash    text,
    expires_at       timestamptz,
    geo_targets      jsonb NOT NULL DEFAULT '[]',
    device_targets   jsonb NOT NULL DEFAULT '[]',
    language_targets jsonb NOT NULL DEFAULT '[]',
    title            text NOT NULL DEFAULT '',
    meta_title       text NOT NULL DEFAULT '',
    meta_description text NOT NULL DEFAULT '',
    meta_image       text NOT NULL DEFAULT '',
    description      text NOT NULL DEFAULT '',
    deeplink         jsonb,
    status           text NOT NULL DEFAULT 'private' CHECK (status IN ('public', 'private')),
    parameters       jsonb NOT NULL DEFAULT '[]',
    campaign_id      bigint REFERENCES campaigns (id) ON DELETE SET NULL,
    channel_id       bigint REFERENCES channels (id) ON DELETE SET NULL,
    clicks           bigint NOT NULL DEFAULT 0,   -- flushed total, Redis holds the rest
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX links_domain_alias_key ON links (COALESCE(domain_id, 0), alias);
CREATE INDEX links_account_idx ON links (account_id, id DESC);
CREATE INDEX links_campaign_idx ON links (campaign_id) WHERE campaign_id IS NOT NULL;
CREATE INDEX links_channel_idx ON links (channel_id) WHERE channel_id IS NOT NULL;

CREATE TABLE link_pixels (
    link_id  bigint NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    pixel_id bigint NOT NULL REFERENCES pixels (id) ON DELETE CASCADE,
    PRIMARY KEY (link_id, pixel_id)
);

CREATE TABLE qr_codes (
    id         bigserial PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       text NOT NULL DEFAULT '',
    type       text NOT NULL CHECK (type IN ('text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi')),
    data       jsonb NOT NULL,
    background text NOT NULL DEFAULT 'rgb(255,255,255)',
    foreground text NOT NULL DEFAULT 'rgb(0,0,0)',
    logo       text NOT NULL DEFAULT '',
    link_id    bigint REFERENCES links (id) ON DELETE SET NULL, -- type link: scans go through this short link
    channel_id bigint REFERENCES channels (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_codes_account_idx ON qr_codes (account_id, id DESC);

-- Raw click events, partitioned by month; the flush worker creates partitions ahead.
CREATE TABLE clicks (
    link_id       bigint NOT NULL,
    account_id    bigint NOT NULL,
    clicked_at    timestamptz NOT NULL,
    visitor_hash  text NOT NULL DEFAULT '',
    country       text NOT NULL DEFAULT '',
    referrer_host text NOT NULL DEFAULT '',
    browser       text NOT NULL DEFAULT '',
    os            text NOT NULL DEFAULT '',
    device        text NOT NULL DEFAULT '',
    language      text NOT NULL DEFAULT '',
    social        text NOT NULL DEFAULT ''
) PARTITION BY RANGE (clicked_at);
CREATE TABLE clicks_default PARTITION OF clicks DEFAULT;
CREATE INDEX clicks_link_time_idx ON clicks (link_id, clicked_at);

-- Per-link daily rollups and per-dimension counters, written by the flush worker.
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

CREATE TRIGGER accounts_updated_at BEFORE UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER domains_updated_at BEFORE UPDATE ON domains FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER pixels_updated_at BEFORE UPDATE ON pixels FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER campaigns_updated_at BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER channels_updated_at BEFORE UPDATE ON channels FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER overlays_updated_at BEFORE UPDATE ON overlays FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER splash_pages_updated_at BEFORE UPDATE ON splash_pages FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER links_updated_at BEFORE UPDATE ON links FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER qr_codes_updated_at BEFORE UPDATE ON qr_codes FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- +goose Down
DROP TABLE link_dimension_stats, link_daily_stats, clicks, qr_codes, link_pixels, links,
    splash_pages, overlays, channels, campaigns, pixels, domains, accounts, plans;
DROP FUNCTION set_updated_at();
