-- User management: revocable tokens, one normal form per username, the login throttle,
-- and report-query history that outlives a deleted user.

-- +goose Up

-- Token versions. Every token carries the version its user had when it was issued (claim
-- "ver"); a token of another version is refused. The version moves here, in the database,
-- so the API, the CLI and plain SQL revoke alike: a new password hash or a deactivation
-- raises it. It never goes down (that would bring revoked tokens back).
ALTER TABLE users ADD COLUMN token_version bigint NOT NULL DEFAULT 0;

-- +goose StatementBegin
CREATE FUNCTION users_token_version() RETURNS trigger AS $$
BEGIN
    IF NEW.token_version < OLD.token_version THEN
        NEW.token_version := OLD.token_version;
    END IF;
    IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR (OLD.is_active AND NOT NEW.is_active) THEN
        NEW.token_version := greatest(NEW.token_version, OLD.token_version + 1);
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER users_token_version BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION users_token_version();

-- Usernames. The service now stores a username in Unicode NFKC form (full-width letters
-- become ASCII, ligatures split) and refuses invisible characters: controls, format
-- characters (zero-width space/joiners, bidi controls, soft hyphen, BOM), default-ignorable
-- fillers, variation selectors, private-use characters and every space but U+0020. The
-- character class below is those characters, generated from Go's Unicode 15 tables
-- (internal/user/username.go refuses the same set, plus unassigned code points).
--
-- Existing rows are brought to that form: invisible characters removed, NFKC applied,
-- spaces trimmed (an empty result becomes "user-<id>"). Where two usernames then collide
-- (case-insensitively), the oldest account keeps its name and every later look-alike is
-- renamed "<name>-<id>" and deactivated, with a WARNING naming it: a look-alike of
-- an existing account is what an impersonation attempt looks like, and an admin can
-- reactivate it (PATCH /api/v1/users/{id}) after checking.
DROP INDEX users_username_key;

UPDATE users
   SET username = btrim(normalize(regexp_replace(username, '[\u0001-\u001F\u007F-\u00A0\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uE000-\uF8FF\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF\U000F0000-\U000FFFFD\U00100000-\U0010FFFD]', '', 'g'), NFKC))
 WHERE username <> btrim(normalize(regexp_replace(username, '[\u0001-\u001F\u007F-\u00A0\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uE000-\uF8FF\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF\U000F0000-\U000FFFFD\U00100000-\U0010FFFD]', '', 'g'), NFKC));
UPDATE users SET username = 'user-' || id::text WHERE username = '';

-- +goose StatementBegin
DO $$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT id, username FROM (
            SELECT id, username,
                   row_number() OVER (PARTITION BY lower(username) ORDER BY created_at, id) AS n
              FROM users) ranked
         WHERE n > 1
    LOOP
        UPDATE users SET username = r.username || '-' || r.id::text, is_active = false WHERE id = r.id;
        RAISE WARNING 'user % renamed from % to %-% and deactivated: its username collides with an older user''s once normalised',
            r.id, r.username, r.username, r.id;
    END LOOP;
END
$$;
-- +goose StatementEnd

-- Unique on the normalised lower-case form. normalize() keeps rows written by plain SQL
-- in any form from slipping past; the CHECK refuses what the service refuses.
CREATE UNIQUE INDEX users_username_key ON users (lower(normalize(username, NFKC)));
ALTER TABLE users ADD CONSTRAINT users_username_form CHECK (
    username <> '' AND username = btrim(username) AND username IS NFKC NORMALIZED
    AND username !~ '[\u0001-\u001F\u007F-\u00A0\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u1680\u17B4-\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uE000-\uF8FF\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF\U000F0000-\U000FFFFD\U00100000-\U0010FFFD]'
);

-- Report-query history outlives its user: deleting a user keeps the queries it ran (with
-- the user_name recorded then) as an audit trail; user_id then names a user that no
-- longer exists. Admins remove history entries through DELETE /api/v1/ai/queries/{id}.
ALTER TABLE ai_queries DROP CONSTRAINT IF EXISTS ai_queries_user_id_fkey;

-- Login throttle (internal/user/throttle.go). One row per counter: failed sign-ins of a
-- client address, of a username, and of a (username, address) pair, in a window that
-- opens at the first counted failure. key is the SHA-256 (hex) of the username and/or
-- address, so no typed text (a password typed into the username field) is kept.
-- last_success (pair rows) remembers that this address signed in as this user, which
-- exempts it from the address and username counters. expires_at is when the row no
-- longer matters; the service deletes rows past it.
CREATE TABLE login_throttle (
    scope        text NOT NULL CHECK (scope IN ('address', 'username', 'pair')),
    key          text NOT NULL,
    failures     integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
    window_start timestamptz NOT NULL DEFAULT now(),
    last_success timestamptz,
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (scope, key)
);
CREATE INDEX login_throttle_expires_idx ON login_throttle (expires_at);

-- +goose Down
DROP TABLE login_throttle;
DELETE FROM ai_queries q WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = q.user_id);
ALTER TABLE ai_queries ADD CONSTRAINT ai_queries_user_id_fkey
    FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE users DROP CONSTRAINT users_username_form;
DROP INDEX users_username_key;
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
DROP TRIGGER users_token_version ON users;
DROP FUNCTION users_token_version();
ALTER TABLE users DROP COLUMN token_version;
