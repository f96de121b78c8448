// Package event is the catalogue of the loyalty programme's events and the transactional
// outbox they are written to. Every change an integrator can subscribe to (a customer
// registered, points credited, a redeem applied ...) is recorded by the package that makes
// the change, inside the same database transaction, through Outbox.Record: the event
// exists exactly when the change committed. Package webhook delivers the events.
//
// Domain packages (ledger, redeem, customer) declare the one-method interface they need
// (Record) and hold a nil one when events are off (tests, benchmarks).
package event

import (
	"slices"
)

// Type names an event. The catalogue is closed: subscriptions may only name these.
type Type string

// The catalogue (docs/webhooks.md describes each payload).
const (
	CustomerCreated      Type = "customer.created"      // POST /customer
	CustomerUpdated      Type = "customer.updated"      // PATCH /customer/{document}
	CustomerDeleted      Type = "customer.deleted"      // DELETE /customer/{customer_id}
	PointsCredited       Type = "points.credited"       // POST /points/credit, balance adjustments up
	PointsDebited        Type = "points.debited"        // POST /points/debit, balance adjustments down
	SaleRecorded         Type = "sale.recorded"         // POST /transaction
	TransactionCancelled Type = "transaction.cancelled" // POST /transaction/cancel/..., one per entry reversed
	RedeemBlocked        Type = "redeem.blocked"        // POST /points/redeem/block
	RedeemApplied        Type = "redeem.applied"        // POST /points/redeem/apply
	RedeemRolledBack     Type = "redeem.rolled_back"    // POST /points/redeem/rollback
	RedeemCancelled      Type = "redeem.cancelled"      // POST /points/redeem/cancel/{redeem_id}
	RedeemExpired        Type = "redeem.expired"        // the expiry job
	PointsExpired        Type = "points.expired"        // the points expiry job: one per customer and run
	PointsExpiring       Type = "points.expiring"       // the points expiry job: once per customer and expiry date

	// Ping is sent by POST /webhooks/{id}/test only; it is not subscribable and never
	// goes through the outbox.
	Ping Type = "webhook.ping"
)

// All lists the subscribable types, in catalogue order.
var All = []Type{
	CustomerCreated, CustomerUpdated, CustomerDeleted,
	PointsCredited, PointsDebited, SaleRecorded, TransactionCancelled,
	RedeemBlocked, RedeemApplied, RedeemRolledBack, RedeemCancelled, RedeemExpired,
	PointsExpired, PointsExpiring,
}

// Known reports whether t names a subscribable type.
func Known(t string) bool { return slices.Contains(All, Type(t)) }
