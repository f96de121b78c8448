package eval

import (
	"strings"
	"testing"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery"
)

// res builds a Result: header "name:type,name:type" and rows of "|"-separated values
// ("NULL" for NULL).
func res(header string, rows ...string) Result {
	oids := map[string]uint32{"int": oidInt8, "num": oidNumeric, "float": oidFloat8, "text": 25, "date": oidDate,
		"ts": oidTimestampTZ, "tsl": oidTimestamp, "bool": oidBool}
	var r Result
	for _, h := range strings.Split(header, ",") {
		name, typ, _ := strings.Cut(h, ":")
		r.Columns = append(r.Columns, aiquery.ResultColumn{Name: name, OID: oids[typ]})
	}
	for _, row := range rows {
		var vals []*string
		for _, v := range strings.Split(row, "|") {
			if v == "NULL" {
				vals = append(vals, nil)
			} else {
				vals = append(vals, &v)
			}
		}
		r.Rows = append(r.Rows, vals)
	}
	return r
}

func TestCompare(t *testing.T) {
	aliases := map[string]string{"l01": "store:L01", "centro": "store:L01", "l02": "store:L02", "ibirapuera": "store:L02",
		"52998224725": "customer:52998224725", "fernanda lima duarte": "customer:52998224725"}
	tests := []struct {
		name      string
		gold, got Result
		o         Options
		want      bool
	}{
		{"same single number", res("n:int", "42"), res("count:int", "42"), Options{}, true},
		{"other number", res("n:int", "42"), res("count:int", "41"), Options{}, false},
		{"number as text", res("n:int", "42"), res("x:text", "42"), Options{}, true},
		{"whole gold needs a whole answer", res("n:int", "42"), res("x:num", "42.4"), Options{}, false},
		{"whole gold, answer with zero decimals", res("n:int", "42"), res("x:num", "42.00"), Options{}, true},
		{"rounded gold, unrounded answer", res("r:num", "62.5"), res("r:float", "62.4561403508772"), Options{}, true},
		{"2-decimal gold, 1-decimal answer", res("r:num", "62.46"), res("r:num", "62.5"), Options{}, true},
		{"2-decimal gold, other answer", res("r:num", "62.46"), res("r:num", "62.6"), Options{}, false},
		{"fraction is not a percentage", res("r:num", "62.5"), res("r:num", "0.625"), Options{}, false},
		{"percent sign", res("r:num", "62.5"), res("r:text", "62.5%"), Options{}, true},
		{"debits as negatives", res("p:int", "120", "80"), res("p:int", "-120", "-80"), Options{}, true},
		{"mixed signs are not flipped", res("p:int", "120", "-80"), res("p:int", "-120", "80"), Options{}, false},
		{"column order and names ignored", res("store:text,n:int", "L01|3", "L02|5"), res("total:int,loja:text", "5|L02", "3|L01"), Options{}, true},
		{"row pairing matters", res("store:text,n:int", "L01|3", "L02|5"), res("store:text,n:int", "L01|5", "L02|3"), Options{}, false},
		{"store name for store code", res("store:text,n:int", "L01|3", "L02|5"), res("name:text,n:int", "Centro|3", "Ibirapuera|5"), Options{}, true},
		{"store names swapped", res("store:text,n:int", "L01|3", "L02|5"), res("name:text,n:int", "Ibirapuera|3", "Centro|5"), Options{}, false},
		{"two extra columns", res("doc:text", "52998224725"), res("name:text,doc:text,email:text", "Fernanda Lima Duarte|52998224725|f@x"), Options{MaxExtra: 2}, true},
		{"three extra columns", res("doc:text", "52998224725"), res("name:text,doc:text,email:text,phone:text", "F|52998224725|f@x|1"), Options{MaxExtra: 2}, false},
		{"formatted CPF", res("doc:text", "52998224725"), res("doc:text", "529.982.247-25"), Options{}, true},
		{"missing row", res("n:int", "1", "2"), res("n:int", "1"), Options{}, false},
		{"unordered rows", res("n:int", "1", "2"), res("n:int", "2", "1"), Options{}, true},
		{"ordered rows", res("n:int", "1", "2"), res("n:int", "2", "1"), Options{Ordered: true}, false},
		{"month bucket as label", res("m:ts,n:int", "2025-01-01 00:00:00-03|3", "2025-02-01 00:00:00-03|4"), res("mes:text,n:int", "2025-01|3", "2025-02|4"), Options{}, true},
		{"month bucket as BR label", res("m:ts,n:int", "2025-01-01 00:00:00-03|3"), res("mes:text,n:int", "01/2025|3"), Options{}, true},
		{"month bucket as date", res("m:ts,n:int", "2025-01-01 00:00:00-03|3"), res("m:date,n:int", "2025-01-01|3"), Options{}, true},
		{"month label, gold mid-month", res("m:ts", "2025-01-15 10:00:00-03"), res("m:text", "2025-01"), Options{}, false},
		{"years as the years' first days", res("yr:int,n:num", "2024|40.49", "2025|37.81"), res("period:date,n:num", "2024-01-01|40.49", "2025-01-01|37.81"), Options{}, true},
		{"years as year-start instants", res("yr:int", "2024"), res("period:ts", "2024-01-01 00:00:00-03"), Options{}, true},
		{"years against other years", res("yr:int,n:num", "2024|40.49", "2025|37.81"), res("period:date,n:num", "2025-01-01|40.49", "2024-01-01|37.81"), Options{}, false},
		{"a year against a mid-year date", res("yr:int", "2024"), res("d:date", "2024-06-01"), Options{}, false},
		{"timestamp vs its date", res("d:ts", "2025-06-10 14:33:12-03"), res("d:date", "2025-06-10"), Options{}, true},
		{"timestamp vs another date", res("d:ts", "2025-06-10 14:33:12-03"), res("d:date", "2025-06-11"), Options{}, false},
		{"timestamp in UTC text", res("d:ts", "2025-06-10 14:33:12-03"), res("d:text", "2025-06-10T17:33:12Z"), Options{}, true},
		{"timestamp without zone", res("d:ts", "2025-06-10 14:33:12-03"), res("d:tsl", "2025-06-10 14:33:12"), Options{}, true},
		{"other instant", res("d:ts", "2025-06-10 14:33:12-03"), res("d:ts", "2025-06-10 14:33:13-03"), Options{}, false},
		{"week label", res("w:ts,n:int", "2025-06-09 00:00:00-03|7"), res("w:text,n:int", "2025-W24|7"), Options{}, true},
		{"quarter label", res("q:date,n:int", "2025-04-01|7"), res("q:text,n:int", "2025-Q2|7"), Options{}, true},
		{"quarter label of another quarter", res("q:date,n:int", "2025-01-01|7"), res("q:text,n:int", "2025-Q2|7"), Options{}, false},
		{"weekday names", res("dow:num,n:int", "1|10", "7|4"), res("dia:text,n:int", "Monday   |10", "domingo|4"), Options{}, true},
		{"weekday numbered from Sunday", res("dow:num,n:int", "1|10", "7|4"), res("dia:num,n:int", "1|10", "0|4"), Options{}, false},
		{"free labels", res("band:text,n:int", "18-24|5", "25-34|9"), res("faixa:text,n:int", "18 a 24|5", "25 a 34|9"), Options{FreeLabels: true}, true},
		{"free labels not allowed", res("band:text,n:int", "18-24|5", "25-34|9"), res("faixa:text,n:int", "18 a 24|5", "25 a 34|9"), Options{}, false},
		{"free labels must keep the rows", res("band:text,n:int", "a|5", "b|9", "c|9"), res("faixa:text,n:int", "x|5", "x|9", "y|9"), Options{FreeLabels: true}, false},
		{"nulls match nulls", res("s:text,n:int", "NULL|3", "L01|2"), res("s:text,n:int", "L01|2", "NULL|3"), Options{}, true},
		{"a dash for a missing group", res("g:text,n:int", "NULL|8", "F|124"), res("g:text,n:int", "-|8", "F|124"), Options{}, true},
		{"a dash is not a value", res("g:text,n:int", "M|8", "F|124"), res("g:text,n:int", "-|8", "F|124"), Options{}, false},
		{"null is not zero", res("n:int", "0"), res("n:int", "NULL"), Options{}, false},
		{"booleans", res("b:bool,n:int", "t|3", "f|2"), res("b:text,n:int", "true|3", "false|2"), Options{}, true},
		{"text case and spaces", res("s:text", "Café Expresso"), res("s:text", " café  expresso "), Options{}, true},
		{"money", res("v:num", "23317.91"), res("v:float", "23317.910000000003"), Options{}, true},
		{"money off by a cent", res("v:num", "23317.91"), res("v:num", "23317.92"), Options{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.o.Aliases = aliases
			ok, why := Compare(tt.gold, tt.got, tt.o)
			if ok != tt.want {
				t.Errorf("Compare = %v (%s), want %v", ok, why, tt.want)
			}
		})
	}
}

func TestItemOrderMatters(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		sql     string
		ordered *bool
		want    bool
	}{
		{"SELECT name FROM reporting.stores ORDER BY name LIMIT 3", nil, true},
		{"SELECT name FROM reporting.stores ORDER BY name", nil, false},
		{"SELECT name FROM reporting.stores LIMIT 3", nil, false},
		{"SELECT name FROM reporting.stores ORDER BY name", &yes, true},
		{"SELECT name FROM reporting.stores ORDER BY name LIMIT 3", &no, false},
		{"SELECT * FROM (SELECT name FROM reporting.stores ORDER BY name LIMIT 3) s", nil, false},
	}
	for _, tt := range tests {
		got, err := Item{GoldSQL: SQL(tt.sql), Ordered: tt.ordered}.OrderMatters()
		if err != nil || got != tt.want {
			t.Errorf("%s (ordered %v): %v, %v; want %v", tt.sql, tt.ordered, got, err, tt.want)
		}
	}
	if n := Limit("SELECT 1 FROM reporting.stores ORDER BY 1 LIMIT 5"); n != 5 {
		t.Errorf("Limit = %d, want 5", n)
	}
}
