package aiquery

import (
	"fmt"
	"maps"
	"slices"
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
//   - every function, operator (including ORDER BY ... USING and x op ANY (subquery)),
//     type and SQL value function is on an allow-list of ordinary aggregate, window,
//     date, string and math ones;
//   - nothing can call a function in disguise: field selection ((expr).name) is refused,
//     and rel.name must be a column the guard knows rel has (Postgres would otherwise
//     call name(rel));
//   - every parse-tree node is of a kind on an allow-list (so table functions, TABLESAMPLE,
//     XML, parameters and anything newer are refused without being named).
type Guard struct {
	maxRows int
	views   map[string][]string // reporting view -> its columns
}

// NewGuard returns a guard whose accepted queries return at most maxRows+1 rows (the
// runner reads one more than the cap to tell "exactly the cap" from "more").
func NewGuard(maxRows int) *Guard {
	return &Guard{maxRows: maxRows, views: viewColumns()}
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
	w.checkQualifiedRefs()
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

// Postgres reads name.name as "column of a relation" but falls back to "function of the
// whole row" when the column does not exist, and (expr).name as "field of a composite" or
// "function of expr": ((1)::float8).pg_sleep is pg_sleep(1). So the guard resolves every
// qualified column reference itself, against the columns it knows each FROM item has,
// and refuses field selection on expressions outright.

// columns are the output columns of a FROM item or a subquery, as far as the guard can
// tell. An empty name is a column whose name the guard does not know.
type columns struct {
	names []string
	exact bool // names lists every column, in order; otherwise only names that surely exist
}

func (c columns) has(name string) bool {
	return name != "" && slices.Contains(c.names, name)
}

// renamed applies a column alias list, (a, b, ...), which renames columns by position.
func (c columns) renamed(aliases []*pg.Node) columns {
	names := stringNodes(aliases)
	if len(names) == 0 {
		return c
	}
	if !c.exact || len(names) > len(c.names) {
		// The positions are unknown (or Postgres will refuse the list): only the
		// aliases are sure names.
		return columns{names: names}
	}
	out := slices.Clone(c.names)
	copy(out, names)
	return columns{names: out, exact: true}
}

func concatColumns(parts ...columns) columns {
	out := columns{exact: true}
	for _, p := range parts {
		out.names = append(out.names, p.names...)
		out.exact = out.exact && p.exact
	}
	return out
}

// joined is the column list of a join: with USING (or NATURAL) the shared columns come
// first, once, then the rest of each side.
func joined(l, r columns, using []string, natural bool) columns {
	if natural {
		if !l.exact || !r.exact || slices.Contains(l.names, "") || slices.Contains(r.names, "") {
			return columns{names: append(slices.Clone(l.names), r.names...)}
		}
		for _, n := range l.names {
			if r.has(n) && !slices.Contains(using, n) {
				using = append(using, n)
			}
		}
	}
	if len(using) == 0 {
		return concatColumns(l, r)
	}
	if !l.exact || !r.exact {
		return columns{names: append(append(slices.Clone(using), l.names...), r.names...)}
	}
	out := columns{names: slices.Clone(using), exact: true}
	for _, side := range []columns{l, r} {
		merged := map[string]bool{}
		for _, n := range side.names {
			if slices.Contains(using, n) && !merged[n] {
				merged[n] = true // the first column of that name is the shared one
				continue
			}
			out.names = append(out.names, n)
		}
	}
	return out
}

// relation is a FROM item a column reference can name.
type relation struct {
	cols columns
	view string // the view's name when the item is a reporting view without an alias
}

// level is the FROM clause of one SELECT: the relations it names, and the level of the
// query it is nested in.
type level struct {
	parent *level
	// partialParent: this SELECT sits in its parent's FROM or WITH (a subquery in FROM,
	// a JOIN's ON condition, a WITH query), where Postgres lets it see only some of the
	// parent's FROM items, or none.
	partialParent bool
	rels          map[string][]relation // FROM items the SELECT's clauses see
	hidden        map[string][]relation // tables inside an aliased join: seen only in its ON
}

func newLevel(parent *level, partialParent bool) *level {
	return &level{parent: parent, partialParent: partialParent, rels: map[string][]relation{}, hidden: map[string][]relation{}}
}

func (l *level) add(name string, r relation) {
	if name != "" {
		l.rels[name] = append(l.rels[name], r)
	}
}

// candidates are the relations called name that a reference made at level at could mean
// in Postgres, which looks for the name level by level outwards and takes the first
// level where the name is visible at that point. When the reference sees a level only in
// part (it is written in that level's FROM), the guard cannot tell whether Postgres
// finds the name there, so it takes that level's relations and keeps looking outwards:
// a column checked against every candidate is a column whichever one Postgres picks.
func candidates(at *level, partial bool, name string) []relation {
	var out []relation
	for l := at; l != nil; l = l.parent {
		out = append(out, l.rels[name]...)
		if partial {
			out = append(out, l.hidden[name]...)
		} else if len(l.rels[name]) > 0 {
			break
		}
		partial = l.partialParent
	}
	return out
}

// qualifiedRef is a column reference with a relation (and maybe schema) in front, checked
// once every FROM clause of the statement is known.
type qualifiedRef struct {
	at      *level
	partial bool     // written in the FROM (or WITH) of its level
	fields  []string // "*" for a star
}

// cteScope maps the WITH queries visible at a point to their columns.
type cteScope map[string]columns

// walker visits a parse tree, stopping at the first refusal.
type walker struct {
	g       *Guard
	err     error
	lvl     *level
	partial bool // visiting the FROM or WITH of the current level
	refs    []qualifiedRef
}

func (w *walker) fail(r *Refusal) {
	if w.err == nil {
		w.err = r
	}
}

// selectStmt checks one SELECT (or set operation, or VALUES) and returns its output
// columns.
func (w *walker) selectStmt(s *pg.SelectStmt, scope cteScope) columns {
	if w.err != nil || s == nil {
		return columns{}
	}
	if s.IntoClause != nil {
		w.fail(refuse("SELECT ... INTO is not allowed"))
		return columns{}
	}
	if len(s.LockingClause) > 0 {
		w.fail(refuse("locking clauses (FOR UPDATE / FOR SHARE) are not allowed"))
		return columns{}
	}
	outer, outerPartial := w.lvl, w.partial
	w.lvl, w.partial = newLevel(outer, outerPartial), false
	defer func() { w.lvl, w.partial = outer, outerPartial }()

	if wc := s.WithClause; wc != nil {
		w.partial = true
		scope = w.withClause(wc, scope)
		w.partial = false
		if w.err != nil {
			return columns{}
		}
	}
	skip := map[protoreflect.Name]bool{"with_clause": true, "from_clause": true, "larg": true, "rarg": true}
	var out columns
	switch {
	case s.Op != pg.SetOperation_SETOP_NONE:
		// The left-most branch names the columns.
		out = w.selectStmt(s.Larg, scope)
		w.selectStmt(s.Rarg, scope)
	case len(s.ValuesLists) > 0:
		if first := s.ValuesLists[0].GetList(); first != nil {
			out.exact = true
			for i := range first.Items {
				out.names = append(out.names, fmt.Sprintf("column%d", i+1))
			}
		}
	default:
		w.partial = true
		star := w.fromClause(s.FromClause, scope)
		w.partial = false
		if w.err != nil {
			return columns{}
		}
		out = w.outputs(s.TargetList, star)
	}
	s.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if !skip[fd.Name()] {
			w.value(fd, v, scope)
		}
		return w.err == nil
	})
	return out
}

func (w *walker) withClause(wc *pg.WithClause, scope cteScope) cteScope {
	if wc.Recursive {
		w.fail(refuse("WITH RECURSIVE is not allowed"))
		return scope
	}
	inner := make(cteScope, len(scope)+len(wc.Ctes))
	for name, cols := range scope {
		inner[name] = cols
	}
	for _, n := range wc.Ctes {
		cte := n.GetCommonTableExpr()
		if cte == nil {
			w.fail(refuse("unexpected WITH item"))
			return scope
		}
		q := cte.Ctequery.GetSelectStmt()
		if q == nil {
			w.fail(refuse("WITH %s: only SELECT is allowed inside WITH, not %s", cte.Ctename, statementKind(cte.Ctequery)))
			return scope
		}
		if cte.SearchClause != nil || cte.CycleClause != nil {
			w.fail(refuse("SEARCH / CYCLE clauses are not allowed"))
			return scope
		}
		for _, col := range cte.Aliascolnames {
			w.node(col.ProtoReflect(), inner)
		}
		// A WITH query sees the ones before it (not itself: no recursion).
		cols := w.selectStmt(q, inner)
		if w.err != nil {
			return scope
		}
		inner[cte.Ctename] = cols.renamed(cte.Aliascolnames)
	}
	return inner
}

// fromClause checks the FROM items, records the names they bring into the current level
// and returns the columns SELECT * expands to.
func (w *walker) fromClause(items []*pg.Node, scope cteScope) columns {
	all := columns{exact: true}
	for _, item := range items {
		all = concatColumns(all, w.fromItem(item, scope))
		if w.err != nil {
			break
		}
	}
	return all
}

func (w *walker) fromItem(n *pg.Node, scope cteScope) columns {
	switch item := n.GetNode().(type) {
	case *pg.Node_RangeVar:
		return w.rangeVar(item.RangeVar, scope)
	case *pg.Node_RangeSubselect:
		sub := item.RangeSubselect
		q := sub.Subquery.GetSelectStmt()
		if q == nil {
			w.fail(refuse("only SELECT is allowed in FROM, not %s", statementKind(sub.Subquery)))
			return columns{}
		}
		cols := w.selectStmt(q, scope)
		if sub.Alias == nil {
			return cols
		}
		w.aliasNames(sub.Alias, scope)
		cols = cols.renamed(sub.Alias.Colnames)
		w.lvl.add(sub.Alias.Aliasname, relation{cols: cols})
		return cols
	case *pg.Node_JoinExpr:
		j := item.JoinExpr
		var before map[string]int
		if j.Alias != nil {
			before = make(map[string]int, len(w.lvl.rels))
			for name, rels := range w.lvl.rels {
				before[name] = len(rels)
			}
		}
		l := w.fromItem(j.Larg, scope)
		r := w.fromItem(j.Rarg, scope)
		if w.err != nil {
			return columns{}
		}
		if j.Alias != nil {
			// An aliased join hides the tables inside it from the rest of the query.
			for name, rels := range w.lvl.rels {
				if n := before[name]; n < len(rels) {
					w.lvl.hidden[name] = append(w.lvl.hidden[name], rels[n:]...)
					w.lvl.rels[name] = rels[:n:n]
				}
			}
		}
		if j.Quals != nil {
			w.node(j.Quals.ProtoReflect(), scope)
		}
		using := stringNodes(j.UsingClause)
		cols := joined(l, r, using, j.IsNatural)
		if a := j.JoinUsingAlias; a != nil { // JOIN ... USING (a, b) AS x: x.a, x.b
			w.lvl.add(a.Aliasname, relation{cols: columns{names: using, exact: true}})
		}
		if j.Alias != nil {
			w.aliasNames(j.Alias, scope)
			cols = cols.renamed(j.Alias.Colnames)
			w.lvl.add(j.Alias.Aliasname, relation{cols: cols})
		}
		return cols
	case nil:
		w.fail(refuse("an empty FROM item is not allowed"))
	default:
		w.fail(refuse("%s is not allowed", describeNode(n.ProtoReflect().WhichOneof(n.ProtoReflect().Descriptor().Oneofs().Get(0)).Message().Name())))
	}
	return columns{}
}

// aliasNames visits an alias's column names (plain strings, visited for uniformity).
func (w *walker) aliasNames(a *pg.Alias, scope cteScope) {
	w.node(a.ProtoReflect(), scope)
}

// outputs names the columns a target list produces, the way Postgres does (FigureColname).
func (w *walker) outputs(targets []*pg.Node, star columns) columns {
	out := columns{exact: true}
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil {
			out.exact = false
			continue
		}
		if cr := rt.Val.GetColumnRef(); cr != nil && len(cr.Fields) > 0 && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			out = concatColumns(out, w.expandStar(stringNodes(cr.Fields), star))
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		out.names = append(out.names, name)
	}
	return out
}

// expandStar is what *, rel.* or reporting.view.* in a target list stands for.
func (w *walker) expandStar(fields []string, star columns) columns {
	switch len(fields) {
	case 1:
		return star
	case 2, 3:
		if rels := w.lvl.rels[fields[len(fields)-2]]; len(rels) == 1 {
			return rels[0].cols
		}
	}
	return columns{}
}

// columnName is the name Postgres gives an unnamed output column (FigureColname), or ""
// when the guard cannot tell.
func columnName(n *pg.Node) string {
	if name, strength := figureColname(n); strength > 0 {
		return name
	}
	return "?column?"
}

// figureColname follows Postgres' FigureColnameInternal for the node kinds the guard
// allows. strength 2 is a sure name, 1 a fallback an outer node may replace.
func figureColname(n *pg.Node) (string, int) {
	switch x := n.GetNode().(type) {
	case *pg.Node_ColumnRef:
		if names := stringNodes(x.ColumnRef.Fields); len(names) > 0 && names[len(names)-1] != "*" {
			return names[len(names)-1], 2
		}
	case *pg.Node_FuncCall:
		if names := stringNodes(x.FuncCall.Funcname); len(names) > 0 {
			return names[len(names)-1], 2
		}
	case *pg.Node_AExpr:
		if x.AExpr.Kind == pg.A_Expr_Kind_AEXPR_NULLIF {
			return "nullif", 2
		}
	case *pg.Node_TypeCast:
		name, strength := figureColname(x.TypeCast.Arg)
		if strength <= 1 && x.TypeCast.TypeName != nil {
			if names := stringNodes(x.TypeCast.TypeName.Names); len(names) > 0 {
				return names[len(names)-1], 1
			}
		}
		return name, strength
	case *pg.Node_CollateClause:
		return figureColname(x.CollateClause.Arg)
	case *pg.Node_GroupingFunc:
		return "grouping", 2
	case *pg.Node_SubLink:
		switch x.SubLink.SubLinkType {
		case pg.SubLinkType_EXISTS_SUBLINK:
			return "exists", 2
		case pg.SubLinkType_ARRAY_SUBLINK:
			return "array", 2
		case pg.SubLinkType_EXPR_SUBLINK:
			// the name of the subquery's single column: unknown to the guard when it
			// comes from a star
			sel := x.SubLink.Subselect.GetSelectStmt()
			for sel != nil && sel.Op != pg.SetOperation_SETOP_NONE {
				sel = sel.Larg
			}
			if sel != nil && len(sel.TargetList) > 0 {
				if rt := sel.TargetList[0].GetResTarget(); rt != nil {
					if rt.Name != "" {
						return rt.Name, 2
					}
					if cr := rt.Val.GetColumnRef(); cr == nil || cr.Fields[len(cr.Fields)-1].GetAStar() == nil {
						return columnName(rt.Val), 2
					}
				}
			}
			return "", 2
		}
	case *pg.Node_CaseExpr:
		name, strength := figureColname(x.CaseExpr.Defresult)
		if strength <= 1 {
			return "case", 1
		}
		return name, strength
	case *pg.Node_AArrayExpr:
		return "array", 2
	case *pg.Node_RowExpr:
		return "row", 2
	case *pg.Node_CoalesceExpr:
		return "coalesce", 2
	case *pg.Node_MinMaxExpr:
		if x.MinMaxExpr.Op == pg.MinMaxOp_IS_GREATEST {
			return "greatest", 2
		}
		return "least", 2
	case *pg.Node_SqlvalueFunction:
		name := strings.TrimSuffix(strings.TrimPrefix(x.SqlvalueFunction.Op.String(), "SVFOP_"), "_N")
		return strings.ToLower(name), 2
	}
	return "", 0
}

func (w *walker) value(fd protoreflect.FieldDescriptor, v protoreflect.Value, scope cteScope) {
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

func (w *walker) children(m protoreflect.Message, scope cteScope) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		w.value(fd, v, scope)
		return w.err == nil
	})
}

// plainNodes are node kinds that call nothing by name themselves; their children are
// still visited. Kinds that can name a function, an operator or a type (FuncCall, A_Expr,
// TypeName, ColumnRef, A_Indirection, SortBy, SubLink, ...) are checked one by one in
// node; kinds not listed are refused.
var plainNodes = map[protoreflect.Name]bool{
	"Node": true, "List": true, "ResTarget": true, "A_Star": true, "A_Const": true,
	"String": true, "Integer": true, "Float": true, "Boolean": true, "BitString": true,
	"BoolExpr": true, "NullTest": true, "BooleanTest": true, "TypeCast": true, "Alias": true,
	"CaseExpr": true, "CaseWhen": true, "CoalesceExpr": true, "MinMaxExpr": true,
	"WindowDef": true, "GroupingSet": true, "GroupingFunc": true, "RowExpr": true,
	"A_ArrayExpr": true, "A_Indices": true, "CollateClause": true, "NamedArgExpr": true,
}

func (w *walker) node(m protoreflect.Message, scope cteScope) {
	if w.err != nil {
		return
	}
	switch n := m.Interface().(type) {
	case *pg.SelectStmt:
		w.selectStmt(n, scope)
		return
	case *pg.RangeVar, *pg.RangeSubselect, *pg.JoinExpr:
		// Only FROM holds these, and fromClause visits them; anywhere else is unexpected.
		w.fail(refuse("%s is not allowed here", describeNode(m.Descriptor().Name())))
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
	case *pg.A_Indirection:
		w.indirection(n)
	case *pg.SortBy:
		if len(n.UseOp) > 0 { // ORDER BY x USING op: op is an operator, i.e. a function
			w.operatorName(n.UseOp, sortOperators, "ORDER BY ... USING")
		}
	case *pg.SubLink:
		if len(n.OperName) > 0 { // x op ANY / ALL (subquery)
			w.operatorName(n.OperName, allowedOperators, "")
		}
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

// rangeVar checks a relation in FROM, records its name and returns its columns.
func (w *walker) rangeVar(r *pg.RangeVar, scope cteScope) columns {
	var rel relation
	cteCols, isCTE := scope[r.Relname]
	switch {
	case r.Catalogname != "":
		w.fail(refuse("relation %s.%s.%s is not allowed", r.Catalogname, r.Schemaname, r.Relname))
		return columns{}
	case r.Schemaname == "" && isCTE:
		rel.cols = cteCols // a WITH query of this statement
	case (r.Schemaname == "" || r.Schemaname == ReportingSchema) && w.g.views[r.Relname] != nil:
		rel.cols = columns{names: w.g.views[r.Relname], exact: true}
		rel.view = r.Relname
	default:
		name := r.Relname
		if r.Schemaname != "" {
			name = r.Schemaname + "." + r.Relname
		}
		w.fail(refuse("relation %q is not allowed; queries may read only the reporting views: %s", name, strings.Join(slices.Sorted(maps.Keys(w.g.views)), ", ")))
		return columns{}
	}
	name := r.Relname
	if r.Alias != nil {
		w.aliasNames(r.Alias, scope)
		name, rel.view = r.Alias.Aliasname, ""
		rel.cols = rel.cols.renamed(r.Alias.Colnames)
	}
	w.lvl.add(name, rel)
	return rel.cols
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
	w.operatorName(e.Name, allowedOperators, "")
}

// operatorName checks an operator name (bare or pg_catalog-qualified) against allowed;
// context says where it was written, for the refusal.
func (w *walker) operatorName(nameNodes []*pg.Node, allowed map[string]bool, context string) {
	names := stringNodes(nameNodes)
	if len(names) == 2 && names[0] == "pg_catalog" {
		names = names[1:]
	}
	if len(names) != 1 || !allowed[names[0]] {
		if context != "" {
			w.fail(refuse("operator %s is not allowed in %s", strings.Join(names, "."), context))
			return
		}
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
	fields := stringNodes(c.Fields)
	// Dangerous function names stay out of column references whatever they resolve to.
	for _, name := range fields {
		if deniedName(name) {
			w.fail(refuse("column %s is not allowed", name))
			return
		}
	}
	switch len(fields) {
	case 1:
		// A bare name is a column, or a whole row: Postgres never reads it as a call.
	case 2, 3:
		w.refs = append(w.refs, qualifiedRef{at: w.lvl, partial: w.partial, fields: fields})
	default:
		w.fail(refuse("column reference %s has too many parts", strings.Join(fields, ".")))
	}
}

// checkQualifiedRefs resolves rel.col and reporting.view.col once every FROM item of the
// statement is known: col must be a column of every relation rel could mean, since
// otherwise Postgres would call a function col(rel).
func (w *walker) checkQualifiedRefs() {
	for _, ref := range w.refs {
		if w.err != nil {
			return
		}
		f := ref.fields
		rel, col := f[len(f)-2], f[len(f)-1]
		cands := candidates(ref.at, ref.partial, rel)
		if len(f) == 3 {
			if f[0] != ReportingSchema {
				w.fail(refuse("column reference %s is not allowed: only the schema %s may qualify a relation", strings.Join(f, "."), ReportingSchema))
				return
			}
			cands = slices.DeleteFunc(cands, func(r relation) bool { return r.view != rel })
		}
		if len(cands) == 0 {
			w.fail(refuse("column reference %s: %s is not a relation in FROM", strings.Join(f, "."), strings.Join(f[:len(f)-1], ".")))
			return
		}
		if col == "*" {
			continue
		}
		for _, r := range cands {
			if !r.cols.has(col) {
				w.fail(refuse("%s is not a known column of %s (in Postgres rel.name can also call a function name(rel); only columns may be named this way)", strings.Join(f, "."), rel))
				return
			}
		}
	}
}

// indirection allows subscripts (x[1], x[1:2]) only. Field selection, (expr).name, is
// function-call syntax in Postgres: ((1)::float8).pg_sleep runs pg_sleep(1). The
// reporting views have no composite columns, so a report never needs it.
func (w *walker) indirection(ind *pg.A_Indirection) {
	for _, n := range ind.Indirection {
		switch {
		case n.GetAIndices() != nil:
		case n.GetString_() != nil:
			w.fail(refuse("field selection (...).%s is not allowed (in Postgres it can call a function)", n.GetString_().Sval))
			return
		case n.GetAStar() != nil:
			w.fail(refuse("field selection (...).* is not allowed"))
			return
		default:
			w.fail(refuse("this indirection is not allowed"))
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
	"overlay", "to_number", "quote_literal", "md5", "normalize",
	// math
	"abs", "round", "ceil", "ceiling", "floor", "trunc", "sign", "mod", "power", "sqrt",
	"cbrt", "div", "exp", "ln", "log", "log10", "greatest", "least", "width_bucket",
	// arrays (promotions.store_codes)
	"array_length", "cardinality", "array_to_string", "array_position", "unnest",
	// null handling (COALESCE / NULLIF have their own nodes)
	"num_nulls", "num_nonnulls",
	// reporting.name_fold (migration 00599): a searched name folded as customer names are
	"name_fold",
)

// allowedOperators are the built-in comparison, arithmetic, string, pattern and array ones.
var allowedOperators = setOf(
	"=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "^", "||", "|/", "@",
	"~~", "~~*", "!~~", "!~~*", "~", "~*", "!~", "!~*", "@>", "<@", "&&",
)

// sortOperators are the ones ORDER BY ... USING may name.
var sortOperators = setOf("<", ">")

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
