-- Report queries: the reporting role may not run functions it has no business with
-- (docs/ai-queries.md, "Safety").
--
-- Function privileges cannot be taken from one role while PUBLIC holds them, so these are
-- revoked from PUBLIC, in this database only. The list holds only functions that no
-- service code uses (loyalty and linkmgmt share the database): sleeps; functions that run
-- SQL text given as an argument (ts_stat, ts_rewrite, query_to_xml and the other
-- *_to_xml*); client-side large objects; server files; dblink, when installed. Postgres
-- already keeps the server-file functions and lo_import/lo_export from PUBLIC; they are
-- listed so the state is the same everywhere.
--
-- Not revoked, on purpose: the advisory-lock functions (the ledger's per-customer lock,
-- goose's migration lock and linkmgmt's partition job use them under each service's own
-- login), set_config (the report runner sets its transaction with it) and
-- current_setting. Report connections are closed after each query, so a session
-- advisory lock cannot outlive it, and the statement timeout bounds a transaction lock.
--
-- Revoking needs the functions' owner (the bootstrap superuser) or a superuser. A
-- migrating user without that right only gets a WARNING; a DBA then runs this file's Up
-- section once per database.

-- +goose Up
-- +goose StatementBegin
DO $$
DECLARE
    fn regprocedure;
    skipped text[] := '{}';
BEGIN
    FOR fn IN
        SELECT p.oid::regprocedure
        FROM pg_proc p
        WHERE (p.pronamespace = 'pg_catalog'::regnamespace
               AND (p.proname IN ('pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'ts_stat', 'ts_rewrite',
                                  'loread', 'lowrite', 'pg_stat_file')
                    OR p.proname ~ '^(lo_|pg_read_|pg_ls_)'
                    OR p.proname ~ '^(query|table|cursor|schema|database)_to_xml'))
           OR p.proname LIKE 'dblink%'
        ORDER BY 1
    LOOP
        IF pg_has_role(current_user, (SELECT proowner FROM pg_proc WHERE oid = fn), 'USAGE') THEN
            EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
        ELSE
            skipped := skipped || fn::text;
        END IF;
    END LOOP;
    IF cardinality(skipped) > 0 THEN
        RAISE WARNING 'cannot revoke EXECUTE from PUBLIC on % functions (not their owner): a DBA must run migration 00420, see docs/ai-queries.md', cardinality(skipped);
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
-- Give PUBLIC back what it had initially (pg_init_privs; no entry means the default,
-- which includes PUBLIC).
DO $$
DECLARE
    fn regprocedure;
BEGIN
    FOR fn IN
        SELECT p.oid::regprocedure
        FROM pg_proc p
        LEFT JOIN pg_init_privs i ON i.objoid = p.oid AND i.classoid = 'pg_proc'::regclass
        WHERE ((p.pronamespace = 'pg_catalog'::regnamespace
                AND (p.proname IN ('pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'ts_stat', 'ts_rewrite',
                                   'loread', 'lowrite', 'pg_stat_file')
                     OR p.proname ~ '^(lo_|pg_read_|pg_ls_)'
                     OR p.proname ~ '^(query|table|cursor|schema|database)_to_xml'))
               OR p.proname LIKE 'dblink%')
          AND (i.initprivs IS NULL
               OR EXISTS (SELECT FROM aclexplode(i.initprivs) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE'))
          AND pg_has_role(current_user, p.proowner, 'USAGE')
        ORDER BY 1
    LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO PUBLIC', fn);
    END LOOP;
END
$$;
-- +goose StatementEnd
