package aiquery

import (
	"strings"
	"testing"
)

// The Go catalogue (guard allow-list, prompt, docs) matches the migration's views.
func TestViewsMatchTheDatabase(t *testing.T) {
	_, db := newDB(t, 2)
	var rows []struct {
		TableName  string
		ColumnName string
	}
	if err := db.Raw(`SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = ? ORDER BY table_name, ordinal_position`, ReportingSchema).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, r := range rows {
		got[r.TableName] = append(got[r.TableName], r.ColumnName)
	}
	if len(got) != len(Views) {
		t.Errorf("database has %d reporting relations, catalogue %d: %v", len(got), len(Views), got)
	}
	for _, v := range Views {
		var want []string
		for _, c := range v.Columns {
			want = append(want, c.Name)
		}
		if strings.Join(got[v.Name], ",") != strings.Join(want, ",") {
			t.Errorf("view %s:\n database  %v\n catalogue %v", v.Name, got[v.Name], want)
		}
	}
}

// The reporting views hold no secrets, and the role reads them and nothing else.
func TestReportingRole(t *testing.T) {
	_, db := newDB(t, 2)
	for _, v := range Views {
		for _, c := range v.Columns {
			if strings.Contains(c.Name, "password") || strings.Contains(c.Name, "hash") {
				t.Errorf("view %s exposes %s", v.Name, c.Name)
			}
		}
		if !scalar[bool](t, db, `SELECT has_table_privilege(?, ?, 'SELECT')`, DefaultRole, ReportingSchema+"."+v.Name) {
			t.Errorf("%s cannot read %s", DefaultRole, v.Name)
		}
		for _, p := range []string{"INSERT", "UPDATE", "DELETE", "TRUNCATE"} {
			if scalar[bool](t, db, `SELECT has_table_privilege(?, ?, ?)`, DefaultRole, ReportingSchema+"."+v.Name, p) {
				t.Errorf("%s may %s %s", DefaultRole, p, v.Name)
			}
		}
	}
	if scalar[bool](t, db, `SELECT has_schema_privilege(?, 'loyalty', 'USAGE')`, DefaultRole) {
		t.Errorf("%s may use the loyalty schema", DefaultRole)
	}
	if scalar[bool](t, db, `SELECT has_schema_privilege(?, ?, 'CREATE')`, DefaultRole, ReportingSchema) {
		t.Errorf("%s may create objects in the reporting schema", DefaultRole)
	}
	if scalar[bool](t, db, `SELECT rolcanlogin OR rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls FROM pg_roles WHERE rolname = ?`, DefaultRole) {
		t.Errorf("%s has attributes beyond NOLOGIN", DefaultRole)
	}
	for _, name := range []string{"users", "ai_queries"} {
		if n := scalar[int64](t, db, `SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?`, ReportingSchema, name); n != 0 {
			t.Errorf("reporting.%s exists", name)
		}
	}
}
