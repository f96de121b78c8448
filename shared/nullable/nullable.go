// Package nullable distinguishes, in JSON request bodies, a field that was not sent from
// one sent as null: PATCH applies only the fields sent, and null clears a nullable one.
package nullable

import (
	"bytes"
	"encoding/json"
)

// Field is a JSON field that may be absent, null, or hold a value.
type Field[T any] struct {
	Set   bool // the key was present in the body
	Null  bool // ... with the value null
	Value T
}

// UnmarshalJSON is only called when the key is present.
func (f *Field[T]) UnmarshalJSON(data []byte) error {
	f.Set = true
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		f.Null = true
		var zero T
		f.Value = zero
		return nil
	}
	f.Null = false
	return json.Unmarshal(data, &f.Value)
}

// MarshalJSON writes null for an unset or null field.
func (f Field[T]) MarshalJSON() ([]byte, error) {
	if !f.Set || f.Null {
		return []byte("null"), nil
	}
	return json.Marshal(f.Value)
}

// HasValue reports whether the field was sent with a non-null value.
func (f Field[T]) HasValue() bool { return f.Set && !f.Null }

// Ptr returns nil for absent or null, else a pointer to the value.
func (f Field[T]) Ptr() *T {
	if !f.HasValue() {
		return nil
	}
	v := f.Value
	return &v
}

// Of returns a field set to v (tests and internal callers).
func Of[T any](v T) Field[T] { return Field[T]{Set: true, Value: v} }

// Null returns a field explicitly set to null.
func Null[T any]() Field[T] { return Field[T]{Set: true, Null: true} }
