package customer

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/migrations"
	"github.com/loyaltylinks/platform/shared/database"
	"github.com/loyaltylinks/platform/shared/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(m, func(ctx context.Context, url string) error { return migrations.Apply(ctx, url, nil) })
}

// TestFindByNameSameResultWhicheverPath: a name search finds its page among a rare
// term's few matches, in the first entries of the name order, in the name order from the
// term on with the names that hold it past their first letter, or among all the term's
// trigram matches (Find). Whichever answers, each page must be the one the rule itself
// gives: every customer whose name_fold(name) contains name_fold(term), ordered by
// the folded name then id, from offset on.
func TestFindByNameSameResultWhicheverPath(t *testing.T) {
	db, err := database.Open(testkit.NewDatabase(t), database.Options{Schema: migrations.Schema, MaxOpenConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	sqlDB, _ := db.DB()
	t.Cleanup(func() { sqlDB.Close() })
	first := []string{"Ana", "Álvaro", "Bruno", "Conceição", "José", "Maria", "Mariana", "Zé", "ANA MARIA", "Márcia"}
	second := []string{"", " da Conceição", " dos Santos", " Maria"}
	last := []string{"Silva", "Souza", "Araújo", "Mariano"}
	n := 0
	for _, f := range first {
		for _, s := range second {
			for _, l := range last {
				n++
				err := db.Exec(`INSERT INTO customers (name, doc, email, phone) VALUES (?, ?, 'c@example.com', '+55')`,
					f+s+" "+l, fmt.Sprintf("%011d", n)).Error
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// What the rule gives, from the function itself (no stored column, no index order).
	want := func(term string, limit, offset int) []string {
		ids := []string{}
		err := db.Raw(`SELECT id::text FROM customers WHERE name_fold(name) LIKE '%' || name_fold(?) || '%'
			ORDER BY name_fold(name), id LIMIT ? OFFSET ?`, term, limit, offset).Scan(&ids).Error
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	ctx := context.Background()
	for _, paths := range []struct{ few, walk, inside, from int }{
		{0, 1, 0, 1},             // every term common; the walks never fill a page: all the matches
		{0, 7, 0, 7},             // walks of a few names
		{0, 40, 0, 40},           //
		{0, 100000, 0, 100000},   // the walk sees every name
		{10, 40, 10, 40},         // rare below 10 matches
		{100000, 1, 0, 1},        // every term rare
		{1000000, 1000, 0, 1000}, // idem
		{0, 1, 100000, 100000},   // the walk from the term, whoever holds the term inside
		{0, 1, 100000, 7},        // idem, short walks from the term
		{0, 1, 100000, 40},       //
		{0, 1, 5, 100000},        // the walk from the term when few hold it inside
	} {
		s := NewRepository(db, nil, nil)
		s.nameFew, s.nameWalk, s.nameInside, s.nameFrom = paths.few, paths.walk, paths.inside, paths.from
		walk := fmt.Sprintf("few %d walk %d inside %d from %d", paths.few, paths.walk, paths.inside, paths.from)
		for _, tt := range []struct {
			term          string
			limit, offset int
		}{
			{"maria", 10, 0}, {"maria", 10, 10}, {"maria", 100, 0}, {"MARIA", 5, 37},
			{"conceicao", 3, 0}, {"Conceição", 20, 20}, {"silva", 100, 0}, {"ana", 7, 3},
			{"alvaro", 10, 0}, {"ze", 10, 0}, {"a", 4, 150}, {"zzqx", 10, 0}, {"maria", 10, 1000}, {"maria", 0, 0},
		} {
			got, err := s.Find(ctx, Search{Name: tt.term}, tt.limit, tt.offset)
			if err != nil {
				t.Fatal(err)
			}
			ids := []string{}
			for _, c := range got {
				ids = append(ids, c.ID)
			}
			if w := want(tt.term, tt.limit, tt.offset); !reflect.DeepEqual(ids, w) && !(len(w) == 0 && len(ids) == 0) {
				t.Errorf("%s, %q limit %d offset %d: %d ids %v, want %d %v", walk, tt.term, tt.limit, tt.offset, len(ids), ids, len(w), w)
			}
		}
	}
	// The order ignores case and accents: Álvaro first (before Ana), Zé last.
	got, err := NewRepository(db, nil, nil).Find(ctx, Search{Name: " silva"}, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 40 || got[0].Name != "Álvaro da Conceição Silva" || got[len(got)-1].Name != "Zé Silva" {
		t.Fatalf("order of %d results: first %q, last %q", len(got), got[0].Name, got[len(got)-1].Name)
	}
}
