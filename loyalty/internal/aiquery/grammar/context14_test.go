package grammar

import "testing"

// The fourteenth round's context classes (issue 24): words around the question that say
// nothing of what is asked refused it for a word the model did not know. An exclamation
// before the question, an adverb of how the writer asks, the formal frames of courtesy and
// the writer's possessives are left out or read; a word that may qualify what is asked
// ("Net.", "Líquido, por favor.", "cumulativamente", "list alphabetically") still refuses.
func TestContext14Classes(t *testing.T) {
	const (
		may      = "DATE '2025-05-01'"
		centroIb = "IN ('L01', 'L02')"
	)
	runClasses(t, []classCases{
		{"an exclamation the model does not know, before the question, is context; after it or with a request it may qualify and refuses", map[string]want{
			"Big up! What are our opt-in rates for email, WhatsApp and SMS?": {sql: []string{"email_optin", "whatsapp_optin", "sms_optin"}},
			"Caraca! quantos clientes ativos a gente tem?":                   {measures: []string{"customers"}, sql: []string{"c.is_active"}},
			"Nossa senhora! quantas vendas a Savassi fez em maio?":           {measures: []string{"sales_count"}, sql: []string{"L05", may}},
			"Brilliant! How many customers signed up in May?":                {measures: []string{"customers"}, sql: []string{may}},
			"Show de bola! qnts clientes se cadastraram em maio?":            {measures: []string{"customers"}, sql: []string{may}},
			"Faturamento de maio? Líquido!":                                  {refuse: true},
			"Faturamento de maio? Net.":                                      {refuse: true},
			"Líquido, por favor! Faturamento de maio?":                       {refuse: true},
			"How many redemptions did Copacabana have this month? Wicked!":   {refuse: true},
			"Only net! revenue in May?":                                      {refuse: true},
			"VIP! quantos clientes compraram em maio?":                       {refuse: true},
			"How many customers signed up in May? Cumulative.":               {refuse: true},
		}},
		{"an adverb by its form, unknown to the model, beside a request or a thanks or set off by commas, is how the writer asks", map[string]want{
			"Solicito humildemente o faturamento da loja Centro em maio.":              {measures: []string{"revenue"}, sql: []string{"L01", may}},
			"Could you graciously share the number of customers who signed up in May?": {measures: []string{"customers"}, sql: []string{may}},
			"quantas vendas tivemos em maio, evidentemente, sem as canceladas?":        {measures: []string{"sales_count"}, sql: []string{may}},
			"How many customers, obviously, signed up in May?":                         {measures: []string{"customers"}, sql: []string{may}},
			"peço encarecidamente o total de pontos resgatados em maio":                {measures: []string{"points_redeemed"}, sql: []string{may}},
			"Please share, naturally, the revenue of the Centro store in May.":         {measures: []string{"revenue"}, sql: []string{"L01", may}},
			// an adverb that may say how a report counts, sorts or splits still refuses
			"Informe cumulativamente o faturamento por mês de 2024.":                {refuse: true},
			"liste, exclusivamente, os clientes ativos":                             {refuse: true},
			"list alphabetically the customers who signed up in May":                {refuse: true},
			"Please share monthly revenue for 2024, cumulatively.":                  {refuse: true},
			"Informe, por gentileza, o faturamento mensal de 2024, acumuladamente.": {refuse: true},
			// anywhere else an adverb may qualify what is asked
			"quantas vendas realizadas presencialmente em maio?": {refuse: true},
			"how many sales were made remotely in May?":          {refuse: true},
		}},
		{"the formal frames of courtesy (a wish, leave asked, a favour, thanks) and a salutation that opens a letter are courtesy", map[string]want{
			"Estimados senhores, espero encontrá-los bem. Teriam a gentileza de me apresentar o faturamento da loja Cambuí referente ao primeiro semestre de 2024?": {measures: []string{"revenue"}, sql: []string{"L03", "DATE '2024-01-01'"}},
			"Prezados senhores, peço licença para uma indagação: dos clientes que se cadastraram em 2024, quantos nunca compraram? Agradeço a costumeira presteza.": {measures: []string{"customers"}},
			"Quantos clientes se cadastraram em maio? Desde já agradeço pela costumeira presteza.":                                                                  {measures: []string{"customers"}, sql: []string{may}},
			"Quantos clientes se cadastraram em maio? Com os meus sinceros agradecimentos.":                                                                         {measures: []string{"customers"}, sql: []string{may}},
			"Caros, qual das nossas lojas teve o maior ticket médio em maio?":                                                                                       {dims: []string{"store"}, limit: 1, sql: []string{may}},
			"Caros, espero não incomodar. Qual loja teve o maior ticket médio em maio?":                                                                             {dims: []string{"store"}, limit: 1, sql: []string{may}},
			"I hope this finds you well. Would you be so kind as to share the revenue for May?":                                                                     {measures: []string{"revenue"}, sql: []string{may}},
			"How many customers signed up in May? Thank you in advance for your prompt assistance.":                                                                 {measures: []string{"customers"}, sql: []string{may}},
			"If it is not too much trouble, how many customers signed up in May?":                                                                                   {measures: []string{"customers"}, sql: []string{may}},
			"Quantos clientes se cadastraram em maio? Desde já, agradeço penhoradamente a atenção.":                                                                 {measures: []string{"customers"}, sql: []string{may}},
			"Quantas vendas tivemos em maio? Agradeço de antemão.":                                                                                                  {measures: []string{"sales_count"}, sql: []string{may}},
			"Thanks kindly. How many customers signed up in May? Sincerely appreciated.":                                                                            {measures: []string{"customers"}, sql: []string{may}},
			// "caros" inside a question is no salutation, and no card payment
			"quais os produtos mais caros resgatados em maio?": {refuse: true},
			"faturamento estimado de junho":                    {refuse: true},
		}},
		{"the writer describing themself (a capacity before a comma, a relative clause of their own) is context; one that names a concept may say what is asked", map[string]want{
			"Na qualidade de franqueado, preciso saber o faturamento de maio.": {measures: []string{"revenue"}, sql: []string{may}},
			"Prezados, solicito a gentileza de me informar o faturamento das lojas Centro e Ibirapuera, das quais sou franqueado, no primeiro trimestre de 2025, discriminado por loja.": {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{centroIb, "DATE '2025-01-01'"}},
			"As a franchisee, I need the revenue by store for May.":              {measures: []string{"revenue"}, dims: []string{"store"}, sql: []string{may}},
			"Como gerente, quero saber quantos clientes se cadastraram em maio.": {measures: []string{"customers"}, sql: []string{may}},
			"revenue of the Savassi store, which I run, in May":                  {measures: []string{"revenue"}, sql: []string{"L05", may}},
			"quantas vendas a loja Savassi, onde eu trabalho, fez em maio?":      {measures: []string{"sales_count"}, sql: []string{"L05", may}},
			// a concept or a name in the description may be what is asked
			"Como cliente VIP, quantos pontos foram resgatados em maio?":        {refuse: true},
			"quantas vendas a Savassi, onde trabalho aos sábados, fez em maio?": {refuse: true},
			"Na qualidade de Maria, quantos clientes temos?":                    {refuse: true},
		}},
		{"the writer's possessives before a plural (meus, minhas) name no filter; the stores they name do", map[string]want{
			"Quantos pontos foram creditados em cada uma das minhas duas unidades, Centro e Ibirapuera, em maio de 2025?": {measures: []string{"points_credited"}, dims: []string{"store"}, sql: []string{centroIb, may}},
			"faturamento de maio das minhas lojas Centro e Ibirapuera":                                                    {measures: []string{"revenue"}, sql: []string{centroIb}},
			"quantos clientes meus compraram em maio?":                                                                    {sql: []string{may}},
			"revenue of my two stores, Centro and Ibirapuera, in May":                                                     {measures: []string{"revenue"}, sql: []string{centroIb}},
			// two stores of the writer's without their names, or one, are asked for
			"quanto faturaram minhas duas lojas em maio?": {refuse: true},
			"quanto vendeu a minha loja em maio":          {refuse: true},
		}},
	})
}
