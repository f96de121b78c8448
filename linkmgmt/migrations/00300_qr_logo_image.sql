-- QR codes keep their logo as a normalised PNG (at most 512 px), resolved once when the
-- code is created or updated: rendering never re-reads a remote URL or a local file.

-- +goose Up
ALTER TABLE qr_codes ADD COLUMN logo_image bytea;

-- +goose Down
ALTER TABLE qr_codes DROP COLUMN logo_image;
