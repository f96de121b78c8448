package semantic

// StoreRef is a store as the catalogue knows it.
type StoreRef struct {
	Code  string
	Name  string
	City  string
	State string
}

// Catalog holds the values of the data that questions name: stores, products, payment
// types and sign-up origins, read from the database (aiquery.ReadCatalog). The lexicon
// turns them into words ("vendas na Loja Centro", "pagas no pix"). A nil Catalog means
// none is known.
type Catalog struct {
	Stores       []StoreRef
	Products     []string
	PaymentTypes []string
	Origins      []string
}
