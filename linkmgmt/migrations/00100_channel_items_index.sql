-- Channel item listings (GET /api/channel/:id) read QR codes by channel, as they read
-- links by channel through links_channel_idx.

-- +goose Up
CREATE INDEX qr_codes_channel_idx ON qr_codes (channel_id) WHERE channel_id IS NOT NULL;

-- +goose Down
DROP INDEX qr_codes_channel_idx;
