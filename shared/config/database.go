package config

import "fmt"

// Database is what every command of a service that opens the database reads: `migrate`
// and `users` read nothing else, so the schema and the first user can be set up before
// the rest of the service is configured. Both services read the same variables.
type Database struct {
	DatabaseURL    string
	DBMaxConns     int
	MigrateOnStart bool // apply migrations when a command opens the database
	LogLevel       string
}

// LoadDatabase reads the database variables alone (see Database). Every missing or
// malformed one is named in the returned error.
func LoadDatabase(getenv func(string) string) (Database, error) {
	e := NewEnv(getenv)
	d := e.Database()
	if err := e.Err(); err != nil {
		return Database{}, fmt.Errorf("invalid configuration:\n%w", err)
	}
	return d, nil
}

// Database reads the database variables into e (a service's whole configuration reads
// them with the rest).
func (e *Env) Database() Database {
	return Database{
		DatabaseURL:    e.URL("DATABASE_URL", true, "postgres", "postgresql"),
		DBMaxConns:     e.Int("DB_MAX_CONNS", 20, 1),
		MigrateOnStart: e.Bool("MIGRATE_ON_START", true),
		LogLevel:       e.OneOf("LOG_LEVEL", "info", "debug", "info", "warn", "error"),
	}
}
