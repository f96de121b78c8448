package visitors

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// fp is the fingerprint of visitor i, as the click pipeline derives it (SHA-256).
func fp(i int) uint64 {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(i))
	sum := sha256.Sum256(b[:])
	return Fingerprint(sum[:])
}

func fps(from, to int) []uint64 {
	out := make([]uint64, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, fp(i))
	}
	return out
}

func TestCountIsExactUpToTheLimit(t *testing.T) {
	for _, n := range []int{0, 1, 2, 100, ExactLimit - 1, ExactLimit} {
		var s Set
		s.Add(fps(0, n)...)
		s.Add(fps(0, n/2)...) // repeated visitors
		if got := s.Count(); got != int64(n) {
			t.Errorf("%d visitors: count %d", n, got)
		}
		if s.Dense() {
			t.Errorf("%d visitors: dense", n)
		}
	}
}

func TestEstimateBeyondTheLimit(t *testing.T) {
	for _, n := range []int{ExactLimit + 1, 5000, 20000, 100000, 1000000} {
		var s Set
		for i := 0; i < n; i += 1000 {
			s.Add(fps(i, min(i+1000, n))...)
		}
		if !s.Dense() {
			t.Fatalf("%d visitors: still exact", n)
		}
		// 0.81% standard error: 4 sigma.
		if got := s.Count(); math.Abs(float64(got-int64(n)))/float64(n) > 4*0.0081 {
			t.Errorf("%d visitors: estimate %d", n, got)
		}
	}
}

// The union does not depend on how the visitors were split or in which order the sets
// were merged: day sets merged over a period count what a set of the period counts.
func TestMergeIsAUnionWhateverTheOrder(t *testing.T) {
	for _, n := range []int{50, ExactLimit, 3 * ExactLimit, 40000} {
		var whole Set
		whole.Add(fps(0, n)...)
		parts := []Set{{}, {}, {}, {}}
		for i := range n {
			parts[i%4].Add(fp(i))
			parts[(i*7)%4].Add(fp(i)) // a visitor in two parts
		}
		var forward, backward Set
		for i := range parts {
			forward.Merge(&parts[i])
			backward.Merge(&parts[len(parts)-1-i])
		}
		enc := func(s *Set) []byte { b, _ := s.MarshalBinary(); return b }
		if !bytes.Equal(enc(&forward), enc(&whole)) || !bytes.Equal(enc(&backward), enc(&whole)) {
			t.Errorf("%d visitors: merged sets differ from the whole (%d, %d, %d)", n, forward.Count(), backward.Count(), whole.Count())
		}
	}
}

func TestEncodingRoundTrip(t *testing.T) {
	for _, n := range []int{0, 3, ExactLimit, ExactLimit + 1} {
		var s Set
		s.Add(fps(0, n)...)
		b, _ := s.MarshalBinary()
		var back Set
		if err := back.UnmarshalBinary(b); err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		if back.Count() != s.Count() || back.Dense() != s.Dense() {
			t.Errorf("%d: count %d dense %v after the round trip, want %d %v", n, back.Count(), back.Dense(), s.Count(), s.Dense())
		}
		var merged Set
		merged.Add(fp(-1))
		want := float64(s.Count() + 1)
		if err := merged.MergeEncoded(b); err != nil || math.Abs(float64(merged.Count())-want) > 4*0.0081*want {
			t.Errorf("%d: MergeEncoded: %v, count %d", n, err, merged.Count())
		}
	}
}

func TestCorruptEncodingsAreRefused(t *testing.T) {
	dense := append([]byte{tagDense}, make([]byte, registers)...)
	badRegister := bytes.Clone(dense)
	badRegister[10] = 200
	for name, b := range map[string][]byte{
		"unknown tag":          {'x', 1, 2},
		"exact not 8 bytes":    {tagExact, 1, 2, 3},
		"exact out of order":   append(append([]byte{tagExact}, binary.BigEndian.AppendUint64(nil, 9)...), binary.BigEndian.AppendUint64(nil, 3)...),
		"exact too long":       append([]byte{tagExact}, make([]byte, 8*(ExactLimit+1))...),
		"dense short":          dense[:100],
		"dense register value": badRegister,
	} {
		var s Set
		if err := s.UnmarshalBinary(b); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
		into := Set{}
		into.Add(fp(1), fp(2))
		if err := into.MergeEncoded(b); !errors.Is(err, ErrCorrupt) || into.Count() != 2 || into.Dense() {
			t.Errorf("%s: MergeEncoded: %v, count %d: want ErrCorrupt and the set untouched", name, err, into.Count())
		}
	}
}
