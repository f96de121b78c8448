package eval

import (
	"fmt"
	"strings"
	"time"

	pg "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// PinClock rewrites a query so that it reads the clock as at instead of the database's:
// now(), CURRENT_DATE, CURRENT_TIMESTAMP, LOCALTIMESTAMP, ... become literals of at (in
// Location), age(x) becomes age(<today>, x), and the special inputs 'now', 'today',
// 'yesterday' and 'tomorrow' become the dates they name. An interpreter may render "this
// month" with literals from its own clock or with now(): pinned, both are asked at the
// evaluation's Now, as a question asked and run at that moment would be.
func PinClock(sql string, at time.Time) (string, error) {
	tree, err := pg.Parse(sql)
	if err != nil {
		return "", fmt.Errorf("pin clock: %w", err)
	}
	p := clockPinner{at: at.In(Location)}
	for _, st := range tree.Stmts {
		p.walk(st.ProtoReflect())
	}
	if !p.changed {
		return sql, nil
	}
	out, err := pg.Deparse(tree)
	if err != nil {
		return "", fmt.Errorf("pin clock: %w", err)
	}
	return out, nil
}

type clockPinner struct {
	at      time.Time
	changed bool
}

func (p *clockPinner) walk(m protoreflect.Message) {
	if n, ok := m.Interface().(*pg.Node); ok {
		p.pin(n)
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Kind() != protoreflect.MessageKind {
			return true
		}
		if fd.IsList() {
			list := v.List()
			for i := 0; i < list.Len(); i++ {
				p.walk(list.Get(i).Message())
			}
			return true
		}
		if !fd.IsMap() {
			p.walk(v.Message())
		}
		return true
	})
}

func (p *clockPinner) literal(value, typ string) *pg.Node {
	p.changed = true
	return &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{
		Arg:      pg.MakeAConstStrNode(value, -1),
		TypeName: &pg.TypeName{Names: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode(typ)}, Typmods: nil, Location: -1},
		Location: -1,
	}}}
}

func (p *clockPinner) pin(n *pg.Node) {
	ts := p.at.Format("2006-01-02 15:04:05-07:00")
	local := p.at.Format("2006-01-02 15:04:05")
	day := p.at.Format(time.DateOnly)
	switch x := n.Node.(type) {
	case *pg.Node_SqlvalueFunction:
		var r *pg.Node
		switch x.SqlvalueFunction.Op {
		case pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:
			r = p.literal(day, "date")
		case pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP, pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N:
			r = p.literal(ts, "timestamptz")
		case pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP, pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:
			r = p.literal(local, "timestamp")
		case pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME, pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME_N:
			r = p.literal(p.at.Format("15:04:05-07:00"), "timetz")
		case pg.SQLValueFunctionOp_SVFOP_LOCALTIME, pg.SQLValueFunctionOp_SVFOP_LOCALTIME_N:
			r = p.literal(p.at.Format("15:04:05"), "time")
		}
		if r != nil {
			n.Node = r.Node
		}
	case *pg.Node_FuncCall:
		f := x.FuncCall
		name := funcName(f)
		switch {
		case len(f.Args) == 0 && (name == "now" || name == "transaction_timestamp" || name == "statement_timestamp" || name == "clock_timestamp"):
			n.Node = p.literal(ts, "timestamptz").Node
		case len(f.Args) == 1 && name == "age":
			// age(x) is age(current_date, x): midnight of today
			f.Args = append([]*pg.Node{p.literal(day+" 00:00:00", "timestamp")}, f.Args...)
		}
	case *pg.Node_TypeCast:
		c := x.TypeCast.Arg.GetAConst()
		if c == nil || c.GetSval() == nil || x.TypeCast.TypeName == nil {
			return
		}
		names := x.TypeCast.TypeName.Names
		typ := ""
		if len(names) > 0 && names[len(names)-1].GetString_() != nil {
			typ = names[len(names)-1].GetString_().Sval
		}
		if typ != "date" && typ != "timestamp" && typ != "timestamptz" {
			return
		}
		var t time.Time
		switch strings.ToLower(strings.TrimSpace(c.GetSval().Sval)) {
		case "now":
			t = p.at
		case "today":
			t = startOfDay(p.at)
		case "yesterday":
			t = startOfDay(p.at).AddDate(0, 0, -1)
		case "tomorrow":
			t = startOfDay(p.at).AddDate(0, 0, 1)
		default:
			return
		}
		c.Val = &pg.A_Const_Sval{Sval: &pg.String{Sval: t.Format("2006-01-02 15:04:05-07:00")}}
		if typ == "timestamp" {
			c.Val = &pg.A_Const_Sval{Sval: &pg.String{Sval: t.Format("2006-01-02 15:04:05")}}
		}
		p.changed = true
	}
}

func funcName(f *pg.FuncCall) string {
	var names []string
	for _, n := range f.Funcname {
		if s := n.GetString_(); s != nil {
			names = append(names, s.Sval)
		}
	}
	if len(names) == 2 && names[0] == "pg_catalog" {
		names = names[1:]
	}
	if len(names) != 1 {
		return ""
	}
	return strings.ToLower(names[0])
}

func startOfDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}
