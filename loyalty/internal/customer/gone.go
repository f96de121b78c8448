package customer

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// codeForeignKey is foreign_key_violation: the ledger trigger raises it too when the
// customer of an entry is missing.
const codeForeignKey = "23503"

// NotFoundIfGone turns the database's refusal of a write that names a customer no
// longer there into ErrNotFound (with the refusal as its cause); other errors pass
// unchanged. A write that read the customer and then inserted its rows (an entry, a
// coupon, a redeem and its items) races with DELETE /customer/{id}: the insert waits on
// the deleting transaction and then fails its foreign key to customers. In the
// transactions of a customer's writes that key is the only one a concurrent request can
// break (products are never deleted, the other keys point at rows of the same
// transaction), so the refusal means the customer is gone.
func NotFoundIfGone(err error) error {
	if err == nil || errors.Is(err, ErrNotFound) {
		return err
	}
	var pgErr *pgconn.PgError
	if errors.Is(err, gorm.ErrForeignKeyViolated) || (errors.As(err, &pgErr) && pgErr.Code == codeForeignKey) {
		return ErrNotFound.Because(err)
	}
	return err
}
