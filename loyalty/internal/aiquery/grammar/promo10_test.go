package grammar

import "testing"

// The classes of the tenth round's opt-in helper (promo10). Each class is read in several
// paraphrases, in both languages, written for these tests (not taken from an evaluation
// set), beside questions that must still be refused.
func TestOptInClasses(t *testing.T) {
	runClasses(t, []classCases{
		{"an opt-in said as a relative clause after the customers' other conditions is the rate's condition, over those customers", map[string]want{
			"percentual de clientes ativos que aceitam e-mail":              {sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.is_active"}},
			"qual a porcentagem dos clientes inativos que aceitam whatsapp": {sql: []string{"FILTER (WHERE c.whatsapp_optin)", "WHERE NOT c.is_active"}},
			"percentual dos clientes que usam o app que aceitam sms":        {sql: []string{"FILTER (WHERE c.sms_optin)", "WHERE c.app_user"}},
			"percentage of active customers who opted in to email":          {sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.is_active"}},
			"share of inactive customers that accept sms":                   {sql: []string{"FILTER (WHERE c.sms_optin)", "WHERE NOT c.is_active"}},
			"what share of app users have opted in to whatsapp":             {sql: []string{"FILTER (WHERE c.whatsapp_optin)", "WHERE c.app_user"}},
			// said after "entre os que", "among those": the opt-in is the base
			"percentual de clientes que compraram em maio entre os que aceitam e-mail": {sql: []string{"WHERE c.email_optin"}},
			"percentage of customers who bought in May among those opted in to email":  {sql: []string{"WHERE c.email_optin"}},
			"percentual de opt-in no whatsapp dos clientes ativos":                     {sql: []string{"FILTER (WHERE c.whatsapp_optin)", "WHERE c.is_active"}},
		}},
		{"consent said with what the customer receives ('autorizaram o recebimento de', 'consented to receive') is the opt-in", map[string]want{
			"Qual o percentual de clientes ativos que autorizaram o recebimento de comunicações por e-mail?": {sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.is_active"}},
			"quantos clientes autorizaram o recebimento de mensagens por whatsapp":                           {measures: []string{"customers"}, filters: []string{"optin_whatsapp"}},
			"percentual de clientes que consentiram em receber sms":                                          {sql: []string{"FILTER (WHERE c.sms_optin)"}},
			"quantos clientes inativos concordaram em receber novidades por e-mail":                          {measures: []string{"customers"}, sql: []string{"NOT c.is_active", "c.email_optin"}},
			"how many customers consented to receive whatsapp messages":                                      {measures: []string{"customers"}, filters: []string{"optin_whatsapp"}},
			"what percentage of active customers agreed to receive marketing emails":                         {sql: []string{"FILTER (WHERE c.email_optin)", "WHERE c.is_active"}},
			"share of customers who authorized receiving sms":                                                {sql: []string{"FILTER (WHERE c.sms_optin)"}},
			// still refused: a channel the model does not hold, a consent to something else
			"quantos clientes autorizaram o recebimento de cartas pelo correio": {refuse: true},
			"how many customers consented to receive phone calls":               {refuse: true},
		}},
	})
}
