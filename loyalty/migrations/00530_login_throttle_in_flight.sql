-- +goose Up
-- Sign-ins in progress are counted apart from failures: a burst of correct sign-ins of one
-- user waits its turn instead of being refused as if each had failed (issue 25).
ALTER TABLE login_throttle
    ADD COLUMN in_flight integer NOT NULL DEFAULT 0 CHECK (in_flight >= 0);

-- +goose Down
ALTER TABLE login_throttle DROP COLUMN in_flight;
