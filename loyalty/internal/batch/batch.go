// Package batch holds the administrative back-fill jobs over customers: the owner store
// (store_code_owner) from the ledger, and the app-user flag from the external
// application-user service. The HTTP API and the `loyalty admin` commands run the same
// code.
package batch

import (
	"context"
	"database/sql"
	"log/slog"
)

// Progress is told how far a job is. Implementations must be safe for concurrent use.
type Progress interface {
	// Total is the number of customers the job expects to visit.
	Total(n int)
	// Add counts n more customers visited.
	Add(n int)
}

type noProgress struct{}

func (noProgress) Total(int) {}
func (noProgress) Add(int)   {}

// AppUserDirectory answers whether a document belongs to an app user (appusers.Client).
type AppUserDirectory interface {
	IsAppUser(ctx context.Context, document string) (bool, error)
}

// CustomerEvents records customer.updated for the customers a job changed, inside the
// job's transaction (the webhook outbox, through customer.Repository); an error rolls the
// change back.
type CustomerEvents interface {
	CustomersUpdated(ctx context.Context, tx *sql.Tx, ids []string) error
}

// Jobs runs the batch jobs against the database.
type Jobs struct {
	db  *sql.DB
	log *slog.Logger
	// ownerBatch is the number of customers updated per transaction by the owner job.
	ownerBatch int
	events     CustomerEvents // nil: no events recorded
}

// WithEvents returns a copy of the jobs that record customer.updated through ev.
func (j *Jobs) WithEvents(ev CustomerEvents) *Jobs {
	c := *j
	c.events = ev
	return &c
}

// customersUpdated records the events of customers changed inside tx.
func (j *Jobs) customersUpdated(ctx context.Context, tx *sql.Tx, ids []string) error {
	if j.events == nil || len(ids) == 0 {
		return nil
	}
	return j.events.CustomersUpdated(ctx, tx, ids)
}

// New returns the jobs over db.
func New(db *sql.DB, log *slog.Logger) *Jobs {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Jobs{db: db, log: log, ownerBatch: 1000}
}

func progressOrNone(p Progress) Progress {
	if p == nil {
		return noProgress{}
	}
	return p
}
