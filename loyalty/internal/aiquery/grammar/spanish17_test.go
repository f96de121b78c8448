package grammar

import "testing"

// The seventeenth round's Spanish class (issue 24): Spanish mixed into a question, or a
// Spanish speaker writing to a Brazilian product. Its words are spellings of the model's
// Portuguese words (semantic.Spanish, SpanishVerbForms), its homographs of Portuguese
// function words are the Spanish words in a question written in Spanish
// (semantic.SpanishHomographs), and its false friends are never read as the Portuguese
// word (semantic.SpanishFalseFriends).
func TestSpanish17Classes(t *testing.T) {
	runClasses(t, []classCases{
		{"Spanish words read as the Portuguese words they spell, alone or mixed into English", map[string]want{
			"cuántas ventas tuvo la tienda de Savassi ayer":                                {measures: []string{"sales_count"}, sql: []string{"'L05'", "interval '1 day'"}},
			"how much vendimos en la tienda de Batel el año pasado":                        {measures: []string{"revenue"}, sql: []string{"'L06'", "date_trunc('year', now()) - interval '1 year'"}},
			"cuántos clientes compraron con tarjeta de débito este mes":                    {sql: []string{"debit_card", "date_trunc('month', now())"}},
			"ventas por tienda en efectivo este año":                                       {measures: []string{"sales_count"}, dims: []string{"store"}, sql: []string{"'cash'"}},
			"cuánto vendió cada tienda la semana pasada":                                   {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{"interval '1 week'"}},
			"cuántos clientes mujeres compraron este año":                                  {measures: []string{"customers"}, sql: []string{"gender_identity = 'F'", "EXISTS"}},
			"how many customers tienen el app":                                             {measures: []string{"customers"}, sql: []string{"c.app_user"}},
			"qué porcentaje de los clientes usan la app":                                   {sql: []string{"FILTER (WHERE c.app_user)"}},
			"cuántas ventas hubo por forma de pago en mayo":                                {measures: []string{"sales_count"}, dims: []string{"payment_type"}, period: "2025-05-01"},
			"cuánto vendimos los lunes de junio":                                           {measures: []string{"revenue"}, filters: []string{"weekday_in"}, period: "2025-06-01"},
			"dame la lista de clientes de Savassi que cumplen años en julio, con su email": {list: true, sql: []string{"birth_date", "c.email", "'L05'"}},
			// the same questions in Portuguese keep their reading
			"quantas vendas a loja Savassi teve ontem": {measures: []string{"sales_count"}, sql: []string{"'L05'"}},
			"quanto vendemos nas segundas de junho":    {measures: []string{"revenue"}, filters: []string{"weekday_in"}, period: "2025-06-01"},
		}},
		{"Spanish verb forms read by their endings as the Portuguese forms", map[string]want{
			"cuántos clientes se registraron en marzo":                        {measures: []string{"customers"}, period: "2025-03-01", sql: []string{"c.created_at"}},
			"cuántas ventas se cancelaron en mayo":                            {sql: []string{"cancelled_at IS NOT NULL"}, period: "2025-05-01"},
			"cuántos puntos ganaron los clientes este mes":                    {measures: []string{"points_credited"}},
			"cuántos clientes canjearon premios este año":                     {sql: []string{"reporting.redeems", "count(DISTINCT r.customer_id)"}},
			"cuántos puntos se canjearon en la tienda de Batel el año pasado": {measures: []string{"points_redeemed"}, sql: []string{"'L06'"}},
			"how many customers compraron en mayo":                            {period: "2025-05-01", sql: []string{"customer_id"}},
			"how many puntos ganados this month":                              {measures: []string{"points_credited"}},
			"cuántos clientes nunca han canjeado nada":                        {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "reporting.redeems"}},
			// a Portuguese word never read as a Spanish form ("estorno" is no "estornó")
			"soma dos pontos creditados nos lançamentos do tipo estorno no mês passado": {refuse: true},
		}},
		{"in a question written in Spanish, a word that is also a Portuguese function word is the Spanish word", map[string]want{
			"los productos más canjeados este año":                      {dims: []string{"product"}, sql: []string{"DESC"}},
			"cuáles son los productos mas canjeados este año":           {dims: []string{"product"}, sql: []string{"DESC"}},
			"cuántos clientes no compraron en mayo":                     {measures: []string{"customers"}, sql: []string{"NOT EXISTS"}},
			"how many customers tienen el app pero no aceptan WhatsApp": {measures: []string{"customers"}, sql: []string{"c.app_user", "NOT c.whatsapp_optin"}},
			"cuántos clientes de Savassi o Batel compraron en mayo":     {sql: []string{"IN ('L05', 'L06')"}},
			"top dos tiendas por ventas":                                {dims: []string{"store"}, limit: 2},
			// in Portuguese they keep their reading
			"clientes que compraram em maio mas não em junho": {measures: []string{"customers"}, sql: []string{"NOT EXISTS", "EXISTS"}},
			"quantos clientes no app":                         {measures: []string{"customers"}, sqlNot: []string{"NOT"}},
			// a Portuguese writer's typo of "passado" or "em" is no sign of Spanish
			"qnt de venda cancelada por loja no mes pasado":           {dims: []string{"store"}, sql: []string{"cancelled_at IS NOT NULL"}},
			"quantas venda acima de cem reais teve no pix mes pasado": {sql: []string{"payment_type = 'pix'"}, sqlNot: []string{"NOT (v.payment_type"}},
			"vendas dos clientes do Centro em maio":                   {sqlNot: []string{"LIMIT 2"}},
		}},
		{"a Spanish false friend of a Portuguese word is never read as the Portuguese word, nor guessed as a typo", map[string]want{
			"how many customers compraron pronto":            {refuse: true},
			"cuántos clientes todavía no compraron este año": {refuse: true},
			"clientes con apellido Silva":                    {refuse: true},
			"borrar los clientes inactivos":                  {refuse: true},
			"cuántas ventas largas hubo en mayo":             {refuse: true},
			"cuántos puntos exquisitos ganaron los clientes": {refuse: true},
			"la tienda de la oficina cuánto vendió este mes": {refuse: true},
		}},
		{"Spanish courtesy, vocatives and interjections are fillers", map[string]want{
			"oye mija, cuántos clientes tenemos? gracias":             {measures: []string{"customers"}},
			"mira, cuánto vendimos ayer, por fa":                      {measures: []string{"revenue"}, sql: []string{"interval '1 day'"}},
			"ay, cuántas ventas hubo hoy porfa":                       {measures: []string{"sales_count"}},
			"hola, how many customers compraron ayer? gracias mijo":   {sql: []string{"customer_id", "interval '1 day'"}},
			"bueno, dime cuántos puntos se canjearon en mayo, porfis": {measures: []string{"points_redeemed"}, period: "2025-05-01"},
			// a word no reading places is still refused
			"oye, cuántos clientes compraron en la feria": {refuse: true},
		}},
	})
}
