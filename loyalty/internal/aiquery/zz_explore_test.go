package aiquery

import "testing"

func TestExplore(t *testing.T) {
	g := NewGuard(100000)
	for _, q := range []string{
		"SELECT count(*) FROM customers WHERE created_at >= date_trunc('month', now())",
		"select extract(year from created_at), x at time zone 'UTC', substring(name from 1 for 2), trim(both from name), position('a' in name) from customers",
		"select current_date, name ilike '%a%', name similar to 'a%' from reporting.customers limit 5",
		"with a as (select * from customers) select * from a union all select * from a limit all",
		"select * from users",
		"delete from customers",
		"select pg_sleep(1)",
		"select 1; select 2",
		"select c.row_to_json from customers c",
		"select current_user",
		"select 'x'::regclass",
		"select * from customers limit 5 + 5",
		"select date '2024-01-01', interval '1 day', 1::int, 2::bigint, cast(3 as numeric(10,2)), 4::double precision, '2024-01-01'::timestamptz",
		"with d as (delete from customers returning *) select * from d",
		"select * from generate_series(1,10)",
		"select 1 into x",
		"select * from customers for update",
	} {
		c, err := g.Check(q)
		t.Logf("%q\n   -> %q %v", q, c.SQL(), err)
	}
}
