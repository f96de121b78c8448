package aiquery

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// MaxQueryLength bounds the text of a report query (bytes).
const MaxQueryLength = 20000

// Refusal is the guard's verdict on a query it will not run. Reason is fit for the
// client.
type Refusal struct {
	Reason string
}

func (r *Refusal) Error() string { return "query refused: " + r.Reason }

func refuse(format string, args ...any) *Refusal {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// Checked is a query the guard accepted: the SQL text rebuilt from the parse tree it
// inspected (so comments and anything the parser dropped never reach the server), with
// the row cap applied as a LIMIT. Only the guard makes one, so the runner cannot be handed
// raw text by mistake.
type Checked struct {
	sql string
}

// SQL is the statement that will run.
func (c Checked) SQL() string { return c.sql }

// Guard decides whether a report query may run. The rules, all checked on the parse tree
// of the real Postgres parser (pg_query):
//   - exactly one statement, and it is a SELECT (UNION / INTERSECT / EXCEPT of SELECTs
//     and VALUES allowed);
//   - no SELECT INTO, no locking clause (FOR UPDATE / SHARE), no WITH RECURSIVE, every
//     WITH query is itself a SELECT (no data-modifying CTE);
//   - every relation is a reporting view (or a WITH query in scope);
//   - every function, operator, type and SQL value function is on an allow-list of
//     ordinary aggregate, window, date, string and math ones;
//   - every parse-tree node is of a kind on an allow-list (so table functions, TABLESAMPLE,
//     XML, parameters and anything newer are refused without being named).
type Guard struct {
	maxRows int
	views   map[string]bool
}

// NewGuard returns a guard whose accepted queries return at most maxRows+1 rows (the
// runner reads one more than the cap to tell "exactly the cap" from "more").
func NewGuard(maxRows int) *Guard {
	return &Guard{maxRows: maxRows, views: viewNames()}
}

// Check parses query and applies the rules. A *Refusal says why a query is refused.
func (g *Guard) Check(query string) (Checked, error) {
	query = strings.TrimSpace(query)
	switch {
	case query == "":
		return Checked{}, refuse("the query is empty")
	case len(query) > MaxQueryLength:
		return Checked{}, refuse("the query is longer than %d characters", MaxQueryLength)
	case !utf8.ValidString(query):
		return Checked{}, refuse("the query is not valid UTF-8 text")
	case strings.ContainsRune(query, 0):
		// The parser reads a C string: text after a NUL byte would go unseen.
		return Checked{}, refuse("the query contains a NUL character")
	}
	tree, err := g.inspect(query)
	if err != nil {
		return Checked{}, err
	}
	g.capRows(tree.Stmts[0].Stmt.GetSelectStmt())
	sql, err := pg.Deparse(tree)
	if err != nil {
		return Checked{}, refuse("the query could not be rebuilt from its parse tree")
	}
	// What runs is the rebuilt text: check it again, so a deparser quirk cannot widen
	// what the first check accepted.
	if _, err := g.inspect(sql); err != nil {
		return Checked{}, err
	}
	return Checked{sql: sql}, nil
}

func (g *Guard) inspect(query string) (*pg.ParseResult, error) {
	tree, err := pg.Parse(query)
	if err != nil {
		return nil, refuse("not valid SQL: %s", parseMessage(err))
	}
	switch n := len(tree.Stmts); {
	case n == 0:
		return nil, refuse("the query has no statement")
	case n > 1:
		return nil, refuse("only one statement is allowed, found %d", n)
	}
	stmt := tree.Stmts[0].Stmt
	sel := stmt.GetSelectStmt()
	if sel == nil {
		return nil, refuse("only SELECT queries are allowed, not %s", statementKind(stmt))
	}
	w := &walker{g: g}
	w.selectStmt(sel, nil)
	if w.err != nil {
		return nil, w.err
	}
	return tree, nil
}

// capRows makes the top-level query return at most maxRows+1 rows, keeping a smaller
// LIMIT the query already has.
func (g *Guard) capRows(sel *pg.SelectStmt) {
	capNode := pg.MakeAConstIntNode(int64(g.maxRows)+1, -1)
	if sel.LimitOption == pg.LimitOption_LIMIT_OPTION_DEFAULT {
		sel.LimitOption = pg.LimitOption_LIMIT_OPTION_COUNT
	}
	switch {
	case sel.LimitCount == nil:
		sel.LimitCount = capNode
	case sel.LimitCount.GetAConst() != nil:
		c := sel.LimitCount.GetAConst()
		if c.Isnull { // LIMIT ALL / LIMIT NULL
			sel.LimitCount = capNode
		} else if iv := c.GetIval(); iv == nil || int64(iv.Ival) > int64(g.maxRows)+1 {
			sel.LimitCount = capNode
		}
	default:
		sel.LimitCount = &pg.Node{Node: &pg.Node_MinMaxExpr{MinMaxExpr: &pg.MinMaxExpr{
			Op: pg.MinMaxOp_IS_LEAST, Args: []*pg.Node{sel.LimitCount, capNode}, Location: -1,
		}}}
	}
}

// walker visits a parse tree, stopping at the first refusal. scope holds the WITH query
// names visible at the node being visited.
type walker struct {
	g   *Guard
	err error
}

func (w *walker) fail(r *Refusal) {
	if w.err == nil {
		w.err = r
	}
}

func (w *walker) selectStmt(s *pg.SelectStmt, scope map[string]bool) {
	if w.err != nil || s == nil {
		return
	}
	if s.IntoClause != nil {
		w.fail(refuse("SELECT ... INTO is not allowed"))
		return
	}
	if len(s.LockingClause) > 0 {
		w.fail(refuse("locking clauses (FOR UPDATE / FOR SHARE) are not allowed"))
		return
	}
	if wc := s.WithClause; wc != nil {
		if wc.Recursive {
			w.fail(refuse("WITH RECURSIVE is not allowed"))
			return
		}
		inner := make(map[string]bool, len(scope)+len(wc.Ctes))
		for name := range scope {
			inner[name] = true
		}
		for _, n := range wc.Ctes {
			cte := n.GetCommonTableExpr()
			if cte == nil {
				w.fail(refuse("unexpected WITH item"))
				return
			}
			q := cte.Ctequery.GetSelectStmt()
			if q == nil {
				w.fail(refuse("WITH %s: only SELECT is allowed inside WITH, not %s", cte.Ctename, statementKind(cte.Ctequery)))
				return
			}
			if cte.SearchClause != nil || cte.CycleClause != nil {
				w.fail(refuse("SEARCH / CYCLE clauses are not allowed"))
				return
			}
			for _, col := range cte.Aliascolnames {
				w.node(col.ProtoReflect(), inner)
			}
			// A WITH query sees the ones before it (not itself: no recursion).
			w.selectStmt(q, inner)
			inner[cte.Ctename] = true
		}
		scope = inner
	}
	s.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.Name() == "with_clause" {
			return true
		}
		w.value(fd, v, scope)
		return w.err == nil
	})
}

func (w *walker) value(fd protoreflect.FieldDescriptor, v protoreflect.Value, scope map[string]bool) {
	if fd.Kind() != protoreflect.MessageKind {
		return
	}
	if fd.IsList() {
		list := v.List()
		for i := 0; i < list.Len() && w.err == nil; i++ {
			w.node(list.Get(i).Message(), scope)
		}
		return
	}
	w.node(v.Message(), scope)
}

func (w *walker) children(m protoreflect.Message, scope map[string]bool) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		w.value(fd, v, scope)
		return w.err == nil
	})
}

// plainNodes are node kinds that are safe in themselves; their children are still visited.
var plainNodes = map[protoreflect.Name]bool{
	"Node": true, "List": true, "ResTarget": true, "A_Star": true, "A_Const": true,
	"String": true, "Integer": true, "Float": true, "Boolean": true, "BitString": true,
	"BoolExpr": true, "NullTest": true, "BooleanTest": true, "TypeCast": true, "Alias": true,
	"JoinExpr": true, "RangeSubselect": true, "SubLink": true, "SortBy": true,
	"CaseExpr": true, "CaseWhen": true, "CoalesceExpr": true, "MinMaxExpr": true,
	"WindowDef": true, "GroupingSet": true, "GroupingFunc": true, "RowExpr": true,
	"A_ArrayExpr": true, "A_Indices": true, "A_Indirection": true, "CollateClause": true,
	"NamedArgExpr": true,
}

func (w *walker) node(m protoreflect.Message, scope map[string]bool) {
	if w.err != nil {
		return
	}
	switch n := m.Interface().(type) {
	case *pg.SelectStmt:
		w.selectStmt(n, scope)
		return
	case *pg.RangeVar:
		w.rangeVar(n, scope)
		return
	case *pg.FuncCall:
		w.funcCall(n)
	case *pg.A_Expr:
		w.operator(n)
	case *pg.TypeName:
		w.typeName(n)
	case *pg.SQLValueFunction:
		if !allowedValueFunctions[n.Op] {
			w.fail(refuse("%s is not allowed", valueFunctionName(n.Op)))
		}
	case *pg.ColumnRef:
		w.columnRef(n)
	default:
		name := m.Descriptor().Name()
		if !plainNodes[name] {
			w.fail(refuse("%s is not allowed", describeNode(name)))
			return
		}
	}
	if w.err == nil {
		w.children(m, scope)
	}
}

func (w *walker) rangeVar(r *pg.RangeVar, scope map[string]bool) {
	switch {
	case r.Catalogname != "":
		w.fail(refuse("relation %s.%s.%s is not allowed", r.Catalogname, r.Schemaname, r.Relname))
	case r.Schemaname == "" && scope[r.Relname]:
		// a WITH query of this statement
	case (r.Schemaname == "" || r.Schemaname == ReportingSchema) && w.g.views[r.Relname]:
		// a reporting view
	default:
		name := r.Relname
		if r.Schemaname != "" {
			name = r.Schemaname + "." + r.Relname
		}
		w.fail(refuse("relation %q is not allowed; queries may read only the reporting views: %s", name, strings.Join(sortedKeys(w.g.views), ", ")))
	}
}

func (w *walker) funcCall(f *pg.FuncCall) {
	names := stringNodes(f.Funcname)
	var name string
	switch {
	case len(names) == 1:
		name = names[0]
	case len(names) == 2 && names[0] == "pg_catalog":
		name = names[1] // how the parser spells EXTRACT, AT TIME ZONE, SUBSTRING ... FROM, ...
	default:
		w.fail(refuse("function %s is not allowed", strings.Join(names, ".")))
		return
	}
	if !allowedFunctions[name] {
		w.fail(refuse("function %s is not allowed", name))
	}
}

func (w *walker) operator(e *pg.A_Expr) {
	switch e.Kind {
	case pg.A_Expr_Kind_AEXPR_BETWEEN, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN,
		pg.A_Expr_Kind_AEXPR_BETWEEN_SYM, pg.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM:
		return // the name is the keyword itself
	}
	names := stringNodes(e.Name)
	if len(names) == 2 && names[0] == "pg_catalog" {
		names = names[1:]
	}
	if len(names) != 1 || !allowedOperators[names[0]] {
		w.fail(refuse("operator %s is not allowed", strings.Join(names, ".")))
	}
}

func (w *walker) typeName(t *pg.TypeName) {
	names := stringNodes(t.Names)
	if t.PctType || t.Setof {
		w.fail(refuse("type %s is not allowed", strings.Join(names, ".")))
		return
	}
	if len(names) == 2 && names[0] == "pg_catalog" {
		names = names[1:]
	}
	if len(names) != 1 || !allowedTypes[names[0]] {
		w.fail(refuse("type %s is not allowed", strings.Join(names, ".")))
	}
}

func (w *walker) columnRef(c *pg.ColumnRef) {
	// x.f is also function-call syntax f(x) in Postgres: keep dangerous names out of
	// column references too.
	for _, name := range stringNodes(c.Fields) {
		if deniedName(name) {
			w.fail(refuse("column %s is not allowed", name))
			return
		}
	}
}

// deniedName reports names of functions that must never be reachable, whatever the syntax.
func deniedName(name string) bool {
	if allowedFunctions[name] {
		return false
	}
	for _, prefix := range []string{"pg_", "lo_", "dblink", "set_config", "current_setting", "query_to_", "table_to_", "cursor_to_", "database_to_", "schema_to_", "txid_", "nextval", "setval", "currval", "lastval"} {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

func stringNodes(nodes []*pg.Node) []string {
	out := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if s := n.GetString_(); s != nil {
			out = append(out, s.Sval)
		} else if n.GetAStar() != nil {
			out = append(out, "*")
		} else {
			out = append(out, "?")
		}
	}
	return out
}

func statementKind(n *pg.Node) string {
	if n == nil || n.Node == nil {
		return "an empty statement"
	}
	name := string(n.ProtoReflect().WhichOneof(n.ProtoReflect().Descriptor().Oneofs().Get(0)).Message().Name())
	if kind, ok := statementNames[name]; ok {
		return kind
	}
	return strings.TrimSuffix(name, "Stmt") + " statement"
}

var statementNames = map[string]string{
	"InsertStmt": "INSERT", "UpdateStmt": "UPDATE", "DeleteStmt": "DELETE", "MergeStmt": "MERGE",
	"DropStmt": "DROP", "TruncateStmt": "TRUNCATE", "CopyStmt": "COPY", "DoStmt": "DO",
	"VariableSetStmt": "SET", "VariableShowStmt": "SHOW", "CreateStmt": "CREATE TABLE",
	"CreateTableAsStmt": "CREATE TABLE AS", "AlterTableStmt": "ALTER TABLE", "GrantStmt": "GRANT",
	"GrantRoleStmt": "GRANT", "TransactionStmt": "a transaction command", "ExplainStmt": "EXPLAIN",
	"CallStmt": "CALL", "PrepareStmt": "PREPARE", "ExecuteStmt": "EXECUTE", "CreateFunctionStmt": "CREATE FUNCTION",
	"VacuumStmt": "VACUUM", "LockStmt": "LOCK", "ListenStmt": "LISTEN", "NotifyStmt": "NOTIFY",
	"DeclareCursorStmt": "DECLARE CURSOR", "CreateRoleStmt": "CREATE ROLE", "AlterRoleStmt": "ALTER ROLE",
}

func describeNode(name protoreflect.Name) string {
	switch name {
	case "RangeFunction":
		return "a function in FROM"
	case "RangeTableFunc", "XmlExpr", "XmlSerialize":
		return "XML"
	case "RangeTableSample":
		return "TABLESAMPLE"
	case "ParamRef":
		return "a parameter ($n)"
	case "IntoClause":
		return "INTO"
	case "LockingClause":
		return "a locking clause"
	case "CommonTableExpr", "WithClause":
		return "WITH in this position"
	}
	return "the construct " + string(name)
}

func valueFunctionName(op pg.SQLValueFunctionOp) string {
	return strings.ReplaceAll(strings.TrimPrefix(op.String(), "SVFOP_"), "_", " ")
}

func parseMessage(err error) string {
	msg := err.Error()
	if len(msg) > 200 {
		msg = msg[:200]
	}
	return msg
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// allowedValueFunctions: the date/time ones. CURRENT_USER, SESSION_USER, CURRENT_SCHEMA,
// ... say nothing a report needs and something an attacker wants.
var allowedValueFunctions = map[pg.SQLValueFunctionOp]bool{
	pg.SQLValueFunctionOp_SVFOP_CURRENT_DATE:        true,
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME:        true,
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIME_N:      true,
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP:   true,
	pg.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N: true,
	pg.SQLValueFunctionOp_SVFOP_LOCALTIME:           true,
	pg.SQLValueFunctionOp_SVFOP_LOCALTIME_N:         true,
	pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:      true,
	pg.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:    true,
}

// allowedFunctions: ordinary aggregate, window, date, string, math and conversion
// functions. No set-returning generators (generate_series), no sleeps, no file, large
// object, configuration, session, catalogue or remote-database functions.
var allowedFunctions = setOf(
	// aggregates
	"count", "sum", "avg", "min", "max", "string_agg", "array_agg", "bool_and", "bool_or",
	"every", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp",
	"percentile_cont", "percentile_disc", "mode",
	// window
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
	"first_value", "last_value", "nth_value",
	// date and time
	"now", "date_trunc", "date_part", "extract", "age", "make_date", "make_time",
	"make_timestamp", "make_timestamptz", "make_interval", "to_char", "to_date",
	"to_timestamp", "timezone", "justify_days", "justify_hours", "justify_interval",
	"isfinite", "overlaps", "date_bin", "statement_timestamp", "transaction_timestamp",
	// strings
	"lower", "upper", "initcap", "length", "char_length", "character_length", "octet_length",
	"substring", "substr", "position", "strpos", "btrim", "ltrim", "rtrim", "trim", "replace",
	"split_part", "concat", "concat_ws", "left", "right", "reverse", "translate",
	"starts_with", "format", "regexp_replace", "regexp_match", "regexp_like", "similar_to_escape",
	"overlay", "to_number", "quote_literal", "md5",
	// math
	"abs", "round", "ceil", "ceiling", "floor", "trunc", "sign", "mod", "power", "sqrt",
	"cbrt", "div", "exp", "ln", "log", "log10", "greatest", "least", "width_bucket",
	// arrays (promotions.store_codes)
	"array_length", "cardinality", "array_to_string", "array_position", "unnest",
	// null handling (COALESCE / NULLIF have their own nodes)
	"num_nulls", "num_nonnulls",
)

// allowedOperators are the built-in comparison, arithmetic, string, pattern and array ones.
var allowedOperators = setOf(
	"=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "^", "||", "|/", "@",
	"~~", "~~*", "!~~", "!~~*", "~", "~*", "!~", "!~*", "@>", "<@", "&&",
)

// allowedTypes are the types a cast may name (pg_catalog spellings included).
var allowedTypes = setOf(
	"int2", "int4", "int8", "smallint", "integer", "int", "bigint", "numeric", "decimal",
	"float4", "float8", "real", "text", "varchar", "bpchar", "char", "bool", "boolean", "date",
	"timestamp", "timestamptz", "time", "timetz", "interval", "uuid",
)

func setOf(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, it := range items {
		m[it] = true
	}
	return m
}
