// Package visitors counts distinct visitors in sets that can be stored, merged and
// counted without keeping every visitor: exactly while a set is small, then as a
// HyperLogLog sketch.
//
// A visitor is a 64-bit fingerprint (the first eight bytes of the click's visitor hash,
// itself a SHA-256: uniformly distributed). A Set holds up to ExactLimit fingerprints
// as a sorted list and counts them exactly; past that it turns into a HyperLogLog with
// 2^14 registers (standard error 0.81%, what Redis' PFCOUNT has), counted with Ertl's
// improved estimator. Merging is a union either way, and the union of sets depends only
// on the visitors in them, never on the order of the merges: the day sets of a link
// merged over all time count what its all-time set counts.
package visitors

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

const (
	// ExactLimit is how many visitors a set counts exactly (8 bytes each: at the limit
	// it weighs what the registers do).
	ExactLimit = 2048
	precision  = 14
	registers  = 1 << precision
	// q is the number of hash bits left for the rank once the register index is taken.
	q = 64 - precision
)

// Set is a set of visitors. The zero value is empty and ready to use.
type Set struct {
	exact []uint64 // sorted, distinct; nil once dense
	regs  []byte   // registers when dense, nil before
}

// Fingerprint is the visitor fingerprint of a visitor hash (at least 8 bytes).
func Fingerprint(hash []byte) uint64 { return binary.BigEndian.Uint64(hash[:8]) }

// Dense reports whether the set has turned into a sketch.
func (s *Set) Dense() bool { return s.regs != nil }

// Add puts the visitors fps into s.
func (s *Set) Add(fps ...uint64) {
	if len(fps) == 0 {
		return
	}
	if s.regs != nil {
		for _, fp := range fps {
			s.addRegister(fp)
		}
		return
	}
	add := slices.Clone(fps)
	slices.Sort(add)
	add = slices.Compact(add)
	s.exact = mergeSorted(s.exact, add)
	if len(s.exact) > ExactLimit {
		s.densify()
	}
}

// Merge adds every visitor of o to s.
func (s *Set) Merge(o *Set) {
	switch {
	case o.regs != nil:
		if s.regs == nil {
			s.densify()
		}
		for i, r := range o.regs {
			if r > s.regs[i] {
				s.regs[i] = r
			}
		}
	case s.regs != nil:
		for _, fp := range o.exact {
			s.addRegister(fp)
		}
	default:
		s.exact = mergeSorted(s.exact, o.exact)
		if len(s.exact) > ExactLimit {
			s.densify()
		}
	}
}

// Count is the number of distinct visitors: exact up to ExactLimit, estimated beyond.
func (s *Set) Count() int64 {
	if s.regs == nil {
		return int64(len(s.exact))
	}
	return estimate(s.regs)
}

// Empty reports whether the set holds no visitor.
func (s *Set) Empty() bool { return s.regs == nil && len(s.exact) == 0 }

func (s *Set) densify() {
	s.regs = make([]byte, registers)
	for _, fp := range s.exact {
		s.addRegister(fp)
	}
	s.exact = nil
}

func (s *Set) addRegister(fp uint64) {
	idx := fp & (registers - 1)
	// The rank is the position of the first 1 bit of the remaining q bits (q+1 when
	// they are all 0).
	rank := byte(bits.TrailingZeros64(fp>>precision|1<<q) + 1)
	if rank > s.regs[idx] {
		s.regs[idx] = rank
	}
}

// mergeSorted is the sorted union of two sorted lists of distinct values.
func mergeSorted(a, b []uint64) []uint64 {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return slices.Clone(b)
	}
	out := make([]uint64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// estimate is Ertl's improved raw estimator ("New cardinality estimation algorithms
// for HyperLogLog sketches", 2017), the one Redis uses.
func estimate(regs []byte) int64 {
	var hist [q + 2]int
	for _, r := range regs {
		hist[r]++
	}
	m := float64(registers)
	z := m * tau((m-float64(hist[q+1]))/m)
	for k := q; k >= 1; k-- {
		z += float64(hist[k])
		z *= 0.5
	}
	z += m * sigma(float64(hist[0])/m)
	const alphaInf = 0.721347520444481703680 // 1 / (2 ln 2)
	return int64(math.Round(alphaInf * m * m / z))
}

func sigma(x float64) float64 {
	if x == 1 {
		return math.Inf(1)
	}
	y, z := 1.0, x
	for {
		x *= x
		prev := z
		z += x * y
		y += y
		if z == prev {
			return z
		}
	}
}

func tau(x float64) float64 {
	if x == 0 || x == 1 {
		return 0
	}
	y, z := 1.0, 1-x
	for {
		x = math.Sqrt(x)
		prev := z
		y *= 0.5
		z -= (1 - x) * (1 - x) * y
		if z == prev {
			return z / 3
		}
	}
}

// Encoding: empty set = no bytes; exact = 'e' then the fingerprints, 8 bytes each,
// big-endian, ascending; dense = 'd' then the 2^14 registers, one byte each.
const (
	tagExact = 'e'
	tagDense = 'd'
)

// MarshalBinary encodes the set for storage.
func (s *Set) MarshalBinary() ([]byte, error) { return s.AppendBinary(nil), nil }

// AppendBinary appends the set's encoding to b.
func (s *Set) AppendBinary(b []byte) []byte {
	switch {
	case s.regs != nil:
		b = append(b, tagDense)
		return append(b, s.regs...)
	case len(s.exact) == 0:
		return b
	default:
		b = append(b, tagExact)
		for _, fp := range s.exact {
			b = binary.BigEndian.AppendUint64(b, fp)
		}
		return b
	}
}

// ErrCorrupt is returned for bytes that are not a set's encoding.
var ErrCorrupt = errors.New("visitors: corrupt set encoding")

// UnmarshalBinary replaces s with the set encoded in b.
func (s *Set) UnmarshalBinary(b []byte) error {
	*s = Set{}
	if len(b) == 0 {
		return nil
	}
	switch b[0] {
	case tagDense:
		if len(b) != 1+registers {
			return fmt.Errorf("%w: %d register bytes", ErrCorrupt, len(b)-1)
		}
		s.regs = slices.Clone(b[1:])
		for _, r := range s.regs {
			if r > q+1 {
				return fmt.Errorf("%w: register value %d", ErrCorrupt, r)
			}
		}
		return nil
	case tagExact:
		body := b[1:]
		if len(body)%8 != 0 || len(body)/8 > ExactLimit {
			return fmt.Errorf("%w: %d exact bytes", ErrCorrupt, len(body))
		}
		s.exact = make([]uint64, len(body)/8)
		for i := range s.exact {
			s.exact[i] = binary.BigEndian.Uint64(body[8*i:])
			if i > 0 && s.exact[i] <= s.exact[i-1] {
				*s = Set{}
				return fmt.Errorf("%w: fingerprints out of order", ErrCorrupt)
			}
		}
		return nil
	}
	return fmt.Errorf("%w: tag %q", ErrCorrupt, b[0])
}

// MergeEncoded merges the set encoded in b into s, reading b in place (no copy of its
// registers: merging a year of day sets is the analytics' hot loop).
func (s *Set) MergeEncoded(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if b[0] != tagDense {
		var o Set
		if err := o.UnmarshalBinary(b); err != nil {
			return err
		}
		s.Merge(&o)
		return nil
	}
	regs := b[1:]
	if len(regs) != registers {
		return fmt.Errorf("%w: %d register bytes", ErrCorrupt, len(regs))
	}
	var worst byte
	for _, r := range regs {
		worst = max(worst, r)
	}
	if worst > q+1 {
		return fmt.Errorf("%w: register value %d", ErrCorrupt, worst)
	}
	if s.regs == nil {
		s.densify()
	}
	dst := s.regs[:registers]
	for i, r := range regs {
		if r > dst[i] {
			dst[i] = r
		}
	}
	return nil
}
