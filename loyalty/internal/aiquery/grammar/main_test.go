package grammar

import (
	"time"

	"github.com/loyaltylinks/platform/loyalty/internal/aiquery/semantic"
)

var saoPaulo = func() *time.Location {
	l, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		panic(err)
	}
	return l
}()

// clock is the tests' now: Wednesday 2025-06-18 10:00 in São Paulo.
var clock = time.Date(2025, 6, 18, 10, 0, 0, 0, saoPaulo)

var testCatalog = &semantic.Catalog{
	Stores: []semantic.StoreRef{
		{Code: "L01", Name: "Centro", City: "São Paulo", State: "SP"}, {Code: "L02", Name: "Ibirapuera", City: "São Paulo", State: "SP"},
		{Code: "L03", Name: "Cambuí", City: "Campinas", State: "SP"}, {Code: "L04", Name: "Copacabana", City: "Rio de Janeiro", State: "RJ"},
		{Code: "L05", Name: "Savassi", City: "Belo Horizonte", State: "MG"}, {Code: "L06", Name: "Batel", City: "Curitiba", State: "PR"},
	},
	Products:     []string{"Pão de Queijo", "Café Expresso", "Açaí 300ml", "Caneca Térmica", "Açaí 500ml"},
	PaymentTypes: []string{"credit_card", "debit_card", "pix", "cash", "meal_voucher"},
	Origins:      []string{"PDV", "APP", "TOTEM", "BACKOFFICE"},
}
