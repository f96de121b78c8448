package eval

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // the evaluation's time zone must not depend on the host's zoneinfo

	"gorm.io/gorm"
)

// TimeZone is the session time zone the evaluation runs report queries in (the service's
// AI_TIMEZONE) and reads every period of the questions in.
const TimeZone = "America/Sao_Paulo"

// Location is TimeZone loaded.
var Location = mustLocation(TimeZone)

// Now is the evaluation's clock: Wednesday 2025-06-18 10:00 in São Paulo. The seed has no
// row after it, and every relative period of the questions ("ontem", "last week") is read
// from it.
var Now = time.Date(2025, 6, 18, 10, 0, 0, 0, Location)

// dataStart is the first day of simulated activity (sales, points, redemptions). Some
// customers signed up before it.
var dataStart = time.Date(2024, 1, 1, 0, 0, 0, 0, Location)

func mustLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("eval: time zone %s: %v", name, err))
	}
	return loc
}

func at(y int, m time.Month, d, hh, mm int) time.Time {
	return time.Date(y, m, d, hh, mm, 0, 0, Location)
}

// SeedSummary counts what Seed wrote.
type SeedSummary struct {
	Stores, Products, Promotions, Customers int
	Coupons, CancelledCoupons               int
	Entries                                 map[string]int // by transaction type
	Redeems                                 map[string]int // by status
}

// Seed writes the evaluation's data set into a migrated, empty loyalty database, in one
// transaction, through the real tables: the ledger triggers move every balance and check
// that none goes negative. The data are the same on every run (a fixed pseudo-random
// sequence); ids too.
func Seed(ctx context.Context, db *gorm.DB) (SeedSummary, error) {
	g := newGenerator()
	g.simulate()
	sum := g.summary()
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return g.write(tx)
	})
	if err != nil {
		return SeedSummary{}, fmt.Errorf("eval seed: %w", err)
	}
	return sum, nil
}

// --- the catalogue: stores, products, promotions ---

type seedStore struct {
	code, name, city, state, document, ddd, phone, email string
	active                                               bool
	closedFrom                                           time.Time // zero: open
	weight                                               float64   // share of customers and sales
	ticket                                               float64   // typical sale value
	created                                              time.Time
}

// stores: two in the city of São Paulo, Batel closed at the end of March 2025 (inactive,
// with history).
func seedStores() []*seedStore {
	return []*seedStore{
		{code: "L01", name: "Centro", city: "São Paulo", state: "SP", document: "12345678000101", ddd: "11", weight: 0.25, ticket: 38, created: at(2021, 3, 1, 9, 0)},
		{code: "L02", name: "Ibirapuera", city: "São Paulo", state: "SP", document: "12345678000282", ddd: "11", weight: 0.21, ticket: 52, created: at(2021, 8, 16, 9, 0)},
		{code: "L03", name: "Cambuí", city: "Campinas", state: "SP", document: "12345678000363", ddd: "19", weight: 0.17, ticket: 41, created: at(2022, 2, 7, 9, 0)},
		{code: "L04", name: "Copacabana", city: "Rio de Janeiro", state: "RJ", document: "12345678000444", ddd: "21", weight: 0.15, ticket: 47, created: at(2022, 6, 20, 9, 0)},
		{code: "L05", name: "Savassi", city: "Belo Horizonte", state: "MG", document: "12345678000525", ddd: "31", weight: 0.12, ticket: 35, created: at(2022, 11, 3, 9, 0)},
		{code: "L06", name: "Batel", city: "Curitiba", state: "PR", document: "12345678000606", ddd: "41", weight: 0.10, ticket: 33, created: at(2023, 1, 9, 9, 0), closedFrom: at(2025, 4, 1, 0, 0)},
	}
}

type seedProduct struct {
	id, sku, name, description string
	points                     int64
	price                      float64
	validityDays               int
	addon, hasToppings         bool
	active                     bool
	inactiveFrom               time.Time // redeemable before this (zero: always)
	weight                     float64   // popularity among rewards
	created                    time.Time
}

func seedProducts() []*seedProduct {
	c := at(2023, 1, 2, 9, 0)
	return []*seedProduct{
		{sku: "PAO-QJ", name: "Pão de Queijo", points: 100, price: 7.90, validityDays: 2, weight: 30, active: true},
		{sku: "CAF-EXP", name: "Café Expresso", points: 80, price: 6.50, validityDays: 2, weight: 24, active: true},
		{sku: "ACA-300", name: "Açaí 300ml", points: 250, price: 18.90, validityDays: 3, hasToppings: true, weight: 18, active: true},
		{sku: "CAP-ITA", name: "Cappuccino Italiano", points: 150, price: 12.90, validityDays: 2, weight: 12, active: true},
		{sku: "BOL-CEN", name: "Bolo de Cenoura", description: "fatia", points: 120, price: 9.90, validityDays: 2, weight: 9, active: true},
		{sku: "SUC-LAR", name: "Suco de Laranja 500ml", points: 130, price: 11.00, validityDays: 2, weight: 7.5, active: true},
		{sku: "CMB-CAF", name: "Combo Café da Manhã", points: 350, price: 24.90, validityDays: 2, weight: 5.5, active: true},
		{sku: "ACA-500", name: "Açaí 500ml", points: 400, price: 27.90, validityDays: 3, hasToppings: true, weight: 4.5, active: true},
		{sku: "CAN-TER", name: "Caneca Térmica", points: 900, price: 59.90, validityDays: 7, weight: 2, active: true},
		{sku: "VAL-50", name: "Vale-compra R$ 50", points: 1200, price: 50.00, validityDays: 7, weight: 1.5, active: true},
		{sku: "BRI-CHO", name: "Brigadeiro", points: 60, price: 4.50, validityDays: 2, weight: 4, active: false, inactiveFrom: at(2025, 1, 15, 0, 0)},
		{sku: "GRA-ADD", name: "Granola", points: 20, price: 2.00, addon: true, active: true, created: c},
		{sku: "LCO-ADD", name: "Leite Condensado", points: 20, price: 2.00, addon: true, active: true, created: c},
		{sku: "MOR-ADD", name: "Morango", points: 30, price: 3.00, addon: true, active: true, created: c},
		{sku: "AVE-ADD", name: "Creme de Avelã", points: 40, price: 4.00, addon: true, active: true, created: c},
	}
}

type seedPromotion struct {
	name, description string
	start, end        time.Time
	active            bool
	multiplier        int64
	bonus             int64
	minPurchase       float64 // 0: none
	stores            []string
}

// promotions: two active now, one paused (inactive) whose dates cover now, one future.
func seedPromotions() []seedPromotion {
	endOf := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 23, 59, 59, 0, Location) }
	return []seedPromotion{
		{name: "Verão em Dobro", description: "pontos em dobro em todas as lojas", start: at(2024, 1, 10, 0, 0), end: endOf(2024, 2, 29), active: true, multiplier: 2},
		{name: "Dia das Mães", description: "50 pontos extras em compras a partir de R$ 60", start: at(2024, 5, 1, 0, 0), end: endOf(2024, 5, 12), active: true, multiplier: 1, bonus: 50, minPurchase: 60},
		{name: "Black Friday Fidelidade", description: "pontos em triplo", start: at(2024, 11, 25, 0, 0), end: endOf(2024, 12, 1), active: true, multiplier: 3},
		{name: "Natal Premiado", description: "30 pontos extras em compras a partir de R$ 100", start: at(2024, 12, 10, 0, 0), end: endOf(2024, 12, 24), active: true, multiplier: 1, bonus: 30, minPurchase: 100},
		{name: "Aniversário Savassi", description: "pontos em dobro na loja Savassi", start: at(2025, 3, 1, 0, 0), end: endOf(2025, 3, 31), active: true, multiplier: 2, stores: []string{"L05"}},
		{name: "Junho em Dobro", description: "pontos em dobro nas lojas de São Paulo", start: at(2025, 6, 1, 0, 0), end: endOf(2025, 6, 30), active: true, multiplier: 2, stores: []string{"L01", "L02"}},
		{name: "Bônus App Junho", description: "20 pontos extras em compras a partir de R$ 50", start: at(2025, 6, 10, 0, 0), end: endOf(2025, 7, 10), active: true, multiplier: 1, bonus: 20, minPurchase: 50},
		{name: "Copacabana Verão Carioca", description: "pausada", start: at(2025, 5, 15, 0, 0), end: endOf(2025, 6, 30), active: false, multiplier: 2, stores: []string{"L04"}},
		{name: "Festival de Inverno", description: "pontos em dobro em julho", start: at(2025, 7, 1, 0, 0), end: endOf(2025, 7, 31), active: true, multiplier: 2},
	}
}

type payment struct {
	code, description string
	weight            float64
}

var payments = []payment{
	{"credit_card", "Cartão de Crédito", 0.38},
	{"pix", "PIX", 0.27},
	{"debit_card", "Cartão de Débito", 0.22},
	{"cash", "Dinheiro", 0.09},
	{"meal_voucher", "Vale-Refeição", 0.04},
}

// --- people ---

type seedCustomer struct {
	id, name, doc, email, phone string
	gender                      string    // "" is null
	birth                       time.Time // zero is null
	origin, store               string
	emailOptin, whatsappOptin   bool
	smsOptin                    bool
	appUser                     *bool
	active                      bool
	created                     time.Time

	freq    float64   // purchases per 30 days
	until   time.Time // no activity after this (zero: none)
	redeemP float64   // chance of a redemption right after a purchase
	ticketX float64   // multiplies the store's typical ticket

	owner        string
	lastPurchase time.Time
	balance      int64
}

func (c *seedCustomer) activeAt(t time.Time) bool {
	return !t.Before(c.created) && (c.until.IsZero() || t.Before(c.until)) && t.Before(Now)
}

var (
	femaleNames = []string{"Ana", "Maria", "Juliana", "Camila", "Larissa", "Amanda", "Bruna", "Letícia", "Vanessa", "Carolina",
		"Renata", "Daniela", "Priscila", "Tatiane", "Natália", "Isabela", "Sofia", "Helena", "Laura", "Manuela",
		"Vitória", "Raquel", "Simone", "Cláudia", "Adriana", "Eduarda", "Mariana", "Paula", "Jéssica", "Débora"}
	maleNames = []string{"Lucas", "Pedro", "Gabriel", "Matheus", "Felipe", "Bruno", "Rodrigo", "Gustavo", "André", "Diego",
		"Leonardo", "Vinícius", "Eduardo", "Daniel", "Fábio", "Marcelo", "Paulo", "Roberto", "Sérgio", "Alexandre",
		"Henrique", "Igor", "Leandro", "Otávio", "Renato", "Samuel", "Caio", "Arthur", "Heitor", "Davi"}
	surnames = []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
		"Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
		"Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
		"Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Correia", "Batista", "Campos", "Azevedo", "Prado"}
	emailDomains = []string{"gmail.com", "gmail.com", "gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "icloud.com"}
)

// featured customers are the ones questions name: unique first names, fixed documents
// and contacts, and a behaviour each (a lapsed one, one who never bought, an inactive one,
// one who signed up yesterday, ...).
type featured struct {
	name, doc, email, phone, gender, origin, store string
	birth, created, until                          time.Time
	freq, redeemP, ticketX                         float64
	active                                         bool
	appUser                                        *bool
	optins                                         [3]bool // e-mail, WhatsApp, SMS
}

func boolp(b bool) *bool { return &b }

func featuredCustomers() []featured {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	return []featured{
		{name: "Fernanda Lima Duarte", doc: "52601815906", email: "fernanda.lduarte@gmail.com", phone: "11991234567", gender: "F", origin: "PDV", store: "L02",
			birth: day(1988, 6, 25), created: at(2023, 8, 14, 11, 20), freq: 6, redeemP: 0.25, ticketX: 1.3, active: true, appUser: boolp(true), optins: [3]bool{true, true, true}},
		{name: "João Pedro Araújo", doc: "08301661305", email: "jp.araujo@hotmail.com", phone: "11987651234", gender: "M", origin: "PDV", store: "L01",
			birth: day(1979, 11, 3), created: at(2024, 2, 5, 17, 45), freq: 3, redeemP: 0.15, ticketX: 1, active: true, appUser: boolp(false), optins: [3]bool{true, false, false}},
		{name: "Carlos Eduardo Nogueira", doc: "18609139034", email: "cadu.nogueira@uol.com.br", phone: "19996543210", gender: "M", origin: "TOTEM", store: "L03",
			birth: day(1965, 3, 30), created: at(2023, 5, 2, 10, 5), until: at(2025, 2, 11, 0, 0), freq: 2.5, redeemP: 0.2, ticketX: 1.1, active: true, optins: [3]bool{true, true, false}},
		{name: "Beatriz Souza Tavares", doc: "99603082430", email: "bia.tavares@icloud.com", phone: "31988776655", gender: "F", origin: "APP", store: "L05",
			birth: day(1996, 9, 12), created: at(2024, 9, 20, 20, 15), freq: 4, redeemP: 0.2, ticketX: 0.9, active: true, appUser: boolp(true), optins: [3]bool{true, true, true}},
		{name: "Rafael Monteiro", doc: "62819482112", email: "rafa.monteiro@gmail.com", phone: "21977665544", gender: "M", origin: "APP", store: "L04",
			birth: day(2001, 1, 15), created: at(2025, 5, 2, 14, 10), freq: 0, active: true, appUser: boolp(true), optins: [3]bool{false, true, false}},
		{name: "Luciana Pires", doc: "99351819019", email: "lu.pires@yahoo.com.br", phone: "11976543210", gender: "F", origin: "PDV", store: "L01",
			birth: day(1972, 12, 1), created: at(2023, 11, 11, 15, 30), until: at(2024, 11, 1, 0, 0), freq: 2, redeemP: 0.1, ticketX: 1, active: false, appUser: boolp(false), optins: [3]bool{false, false, false}},
		{name: "Thiago Henrique Barros", doc: "93786579741", email: "thiago.hbarros@outlook.com", phone: "21996385274", gender: "M", origin: "PDV", store: "L04",
			birth: day(1990, 7, 7), created: at(2024, 3, 18, 13, 0), freq: 3, redeemP: 0.12, ticketX: 1.2, active: true, optins: [3]bool{true, true, false}},
		{name: "Patrícia Gomes Carvalho", doc: "54323194897", email: "patricia.gcarvalho@gmail.com", phone: "31991827364", gender: "F", origin: "PDV", store: "L05",
			birth: day(1983, 4, 22), created: at(2023, 7, 1, 9, 40), freq: 5, redeemP: 0.3, ticketX: 1.8, active: true, appUser: boolp(true), optins: [3]bool{true, true, true}},
		{name: "Marcos Vinícius Teixeira", doc: "75749118606", email: "marcos.vteixeira@gmail.com", phone: "41999887766", gender: "M", origin: "PDV", store: "L06",
			birth: day(1986, 2, 14), created: at(2023, 9, 9, 12, 0), freq: 3, redeemP: 0.15, ticketX: 1, active: true, appUser: boolp(false), optins: [3]bool{true, false, true}},
		{name: "Gabriela Moura", doc: "25276018987", email: "gabi.moura@gmail.com", phone: "11955443322", gender: "F", origin: "APP", store: "L02",
			birth: day(1999, 10, 10), created: at(2025, 6, 17, 8, 40), freq: 0, active: true, appUser: boolp(true), optins: [3]bool{true, true, false}},
		{name: "Ricardo Alves Pinheiro", doc: "55597971115", email: "ricardo.pinheiro@outlook.com", phone: "19988112233", gender: "M", origin: "BACKOFFICE", store: "L03",
			birth: day(1975, 8, 19), created: at(2023, 6, 20, 16, 10), freq: 4, redeemP: 0.55, ticketX: 1.1, active: true, appUser: boolp(false), optins: [3]bool{true, false, false}},
		{name: "Aline Fonseca", doc: "47104974601", email: "aline.fonseca@yahoo.com.br", phone: "11944556677", gender: "X", origin: "TOTEM", store: "L01",
			birth: day(1993, 5, 5), created: at(2024, 12, 2, 10, 30), freq: 2, redeemP: 0.1, ticketX: 0.9, active: true, optins: [3]bool{false, true, true}},
	}
}

// --- the ledger as it happened ---

type seedEntry struct {
	id, customerID, typ        string
	points                     int64
	description, coupon, store string
	userAt                     string
	date                       time.Time
	redeemID, reversesID       string
	cancelledAt                time.Time
}

type seedCoupon struct {
	id, customerID, identifier, store string
	date                              time.Time
	cents                             int64
	pay                               payment
	entry                             *seedEntry
	cancelledAt                       time.Time
}

type seedItem struct {
	id, productID, parentID string
	qty                     int
	points                  int64
}

type seedRedeem struct {
	id, customerID, status, store, coupon string
	entry                                 *seedEntry
	total                                 int64
	created, expires                      time.Time
	appliedAt, cancelledAt                time.Time
	items                                 []seedItem
}

type event struct {
	at  time.Time
	seq int
	run func()
}

type timeline []event

func (q timeline) Len() int { return len(q) }
func (q timeline) Less(i, j int) bool {
	if !q[i].at.Equal(q[j].at) {
		return q[i].at.Before(q[j].at)
	}
	return q[i].seq < q[j].seq
}
func (q timeline) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *timeline) Push(x any)   { *q = append(*q, x.(event)) }
func (q *timeline) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

type generator struct {
	r          *rand.Rand
	stores     []*seedStore
	storeByID  map[string]*seedStore
	products   []*seedProduct
	toppings   []*seedProduct
	promotions []seedPromotion
	customers  []*seedCustomer
	entries    []*seedEntry
	coupons    []*seedCoupon
	redeems    []*seedRedeem
	byID       map[string]*seedCustomer
	queue      timeline
	seq        int
	couponSeq  int
	applySeq   int
}

func newGenerator() *generator {
	g := &generator{r: rand.New(rand.NewPCG(2025, 618)), stores: seedStores(), promotions: seedPromotions()}
	g.storeByID = map[string]*seedStore{}
	for _, s := range g.stores {
		g.storeByID[s.code] = s
		s.phone = s.ddd + "3" + fmt.Sprintf("%07d", g.r.IntN(10_000_000))
		s.email = "loja." + strings.ToLower(asciiFold(strings.ReplaceAll(s.name, " ", ""))) + "@cafeaçai.com.br"
		s.email = strings.ReplaceAll(s.email, "ç", "c")
		s.active = s.closedFrom.IsZero()
	}
	for _, p := range seedProducts() {
		p.id = g.uuid()
		if p.created.IsZero() {
			p.created = at(2023, 1, 2, 9, 0)
		}
		if p.addon {
			g.toppings = append(g.toppings, p)
		}
		g.products = append(g.products, p)
	}
	return g
}

func (g *generator) uuid() string {
	hi, lo := g.r.Uint64(), g.r.Uint64()
	hi = hi&^(0xf<<12) | 0x4<<12 // version 4
	lo = lo&^(0x3<<62) | 0x2<<62 // variant
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", hi>>32, (hi>>16)&0xffff, hi&0xffff, lo>>48, lo&0xffffffffffff)
}

func (g *generator) push(t time.Time, run func()) {
	g.seq++
	heap.Push(&g.queue, event{at: t, seq: g.seq, run: run})
}

func (g *generator) pick(weights []float64) int {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	x := g.r.Float64() * total
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}

// cpf returns a valid CPF (check digits computed), digits only.
func (g *generator) cpf() string {
	d := make([]int, 11)
	for i := 0; i < 9; i++ {
		d[i] = g.r.IntN(10)
	}
	for k := 9; k < 11; k++ {
		sum := 0
		for i := 0; i < k; i++ {
			sum += d[i] * (k + 1 - i)
		}
		v := sum * 10 % 11
		if v == 10 {
			v = 0
		}
		d[k] = v
	}
	var b strings.Builder
	for _, x := range d {
		b.WriteByte(byte('0' + x))
	}
	return b.String()
}

func asciiFold(s string) string {
	return strings.NewReplacer("á", "a", "à", "a", "â", "a", "ã", "a", "é", "e", "ê", "e", "í", "i", "ó", "o", "ô", "o", "õ", "o",
		"ú", "u", "ç", "c", "Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U", "Ç", "C").Replace(s)
}

// simulate builds the customers and plays their activity in time order, keeping each
// balance as the ledger would (an event that would overdraw is dropped).
func (g *generator) simulate() {
	g.makeCustomers()
	g.byID = map[string]*seedCustomer{}
	for _, c := range g.customers {
		g.byID[c.id] = c
	}
	for _, c := range g.customers {
		g.planPurchases(c)
		g.planBonuses(c)
	}
	g.planAdjustments()
	g.planExplicit()
	for g.queue.Len() > 0 {
		e := heap.Pop(&g.queue).(event)
		e.run()
	}
	g.finishCustomers()
}

func (g *generator) makeCustomers() {
	used := map[string]bool{}
	docs := map[string]bool{}
	for _, f := range featuredCustomers() {
		c := &seedCustomer{id: g.uuid(), name: f.name, doc: f.doc, email: f.email, phone: f.phone, gender: f.gender,
			birth: f.birth, origin: f.origin, store: f.store, emailOptin: f.optins[0], whatsappOptin: f.optins[1],
			smsOptin: f.optins[2], appUser: f.appUser, active: f.active, created: f.created, freq: f.freq,
			until: f.until, redeemP: f.redeemP, ticketX: f.ticketX}
		used[f.name] = true
		docs[f.doc] = true
		g.customers = append(g.customers, c)
	}
	storeWeights := make([]float64, len(g.stores))
	for i, s := range g.stores {
		storeWeights[i] = s.weight
	}
	const generated = 248
	earliest := at(2023, 3, 1, 0, 0)
	for i := 0; i < generated; i++ {
		c := &seedCustomer{id: g.uuid()}
		female := g.r.IntN(100) < 53
		for {
			first := maleNames[g.r.IntN(len(maleNames))]
			if female {
				first = femaleNames[g.r.IntN(len(femaleNames))]
			}
			name := first + " " + surnames[g.r.IntN(len(surnames))]
			if g.r.IntN(100) < 35 {
				name += " " + surnames[g.r.IntN(len(surnames))]
			}
			if !used[name] && !strings.HasSuffix(name, " "+strings.Fields(name)[1]+" "+strings.Fields(name)[1]) {
				used[name] = true
				c.name = name
				break
			}
		}
		for {
			c.doc = g.cpf()
			if !docs[c.doc] {
				docs[c.doc] = true
				break
			}
		}
		parts := strings.Fields(strings.ToLower(asciiFold(c.name)))
		local := parts[0] + "." + parts[len(parts)-1]
		if g.r.IntN(100) < 40 {
			local += fmt.Sprintf("%d", 1+g.r.IntN(99))
		}
		c.email = local + "@" + emailDomains[g.r.IntN(len(emailDomains))]
		switch {
		case g.r.IntN(100) < 4:
			c.gender = "X"
		case g.r.IntN(100) < 5:
			c.gender = ""
		case female:
			c.gender = "F"
		default:
			c.gender = "M"
		}
		if g.r.IntN(100) >= 7 {
			age := 18 + g.r.IntN(55)
			c.birth = time.Date(2025-age, time.Month(1+g.r.IntN(12)), 1+g.r.IntN(28), 0, 0, 0, 0, time.UTC)
		}
		c.origin = []string{"PDV", "APP", "TOTEM", "BACKOFFICE"}[g.pick([]float64{0.55, 0.25, 0.12, 0.08})]
		switch {
		case i < 2: // signed up today, before now
			c.created = at(2025, 6, 18, 7+i, 15+20*i)
		case i < 4: // yesterday
			c.created = at(2025, 6, 17, 11+3*i, 5*i)
		case g.r.IntN(100) < 14:
			c.created = earliest.Add(time.Duration(g.r.Float64() * float64(dataStart.Sub(earliest))))
		default: // more sign-ups as the programme grows
			span := Now.AddDate(0, 0, -2).Sub(dataStart)
			u := g.r.Float64()
			if g.r.IntN(100) < 70 {
				u = math.Sqrt(u)
			}
			c.created = dataStart.Add(time.Duration(u * float64(span)))
		}
		c.created = c.created.Truncate(time.Minute)
		if hh := c.created.In(Location).Hour(); hh < 7 || hh > 21 {
			c.created = c.created.Add(time.Duration(10-hh) * time.Hour)
		}
		c.store = g.stores[g.pick(storeWeights)].code
		for !g.storeByID[c.store].closedFrom.IsZero() && !c.created.Before(g.storeByID[c.store].closedFrom) {
			c.store = g.stores[g.pick(storeWeights)].code
		}
		c.phone = g.storeByID[c.store].ddd + "9" + fmt.Sprintf("%08d", g.r.IntN(100_000_000))
		c.emailOptin = g.r.IntN(100) < 72
		c.whatsappOptin = g.r.IntN(100) < 60
		c.smsOptin = g.r.IntN(100) < 30
		switch x := g.r.IntN(100); {
		case c.origin == "APP":
			c.appUser = boolp(true)
		case x < 20:
			c.appUser = boolp(true)
		case x < 65:
			c.appUser = boolp(false)
		}
		c.active = g.r.IntN(100) >= 8
		c.ticketX = 0.8 + 0.45*g.r.Float64()
		c.redeemP = 0.2
		if i >= 4 && g.r.IntN(100) < 15 {
			c.freq = 0 // never buys
		} else {
			c.freq = 0.25 + g.r.ExpFloat64()*1.3
		}
		start := c.created
		if start.Before(dataStart) {
			start = dataStart
		}
		switch {
		case !c.active:
			if Now.Sub(start) > 40*24*time.Hour {
				c.until = start.Add(time.Duration((0.2 + 0.7*g.r.Float64()) * float64(Now.Sub(start))))
			} else {
				c.until = start.Add(time.Hour)
			}
		case g.r.IntN(100) < 22 && Now.Sub(start) > 60*24*time.Hour:
			c.until = start.Add(30*24*time.Hour + time.Duration(g.r.Float64()*float64(Now.Sub(start)-50*24*time.Hour)))
		}
		g.customers = append(g.customers, c)
	}
}

var hourWeights = []float64{7: 2, 8: 5, 9: 4, 10: 2, 11: 2, 12: 4, 13: 4, 14: 2, 15: 2, 16: 2, 17: 3, 18: 4, 19: 4, 20: 3, 21: 1}

func (g *generator) timeOfDay(day time.Time) time.Time {
	h := g.pick(hourWeights)
	return time.Date(day.Year(), day.Month(), day.Day(), h, g.r.IntN(60), g.r.IntN(60), 0, Location)
}

func (g *generator) openStore(t time.Time, exclude string) string {
	weights := make([]float64, len(g.stores))
	for i, s := range g.stores {
		if s.code != exclude && (s.closedFrom.IsZero() || t.Before(s.closedFrom)) {
			weights[i] = s.weight
		}
	}
	return g.stores[g.pick(weights)].code
}

// planPurchases schedules a customer's sales, day by day, between sign-up (or the start of
// the data) and the customer's last day.
func (g *generator) planPurchases(c *seedCustomer) {
	if c.freq == 0 {
		return
	}
	start := c.created
	if start.Before(dataStart) {
		start = dataStart
	}
	for d := time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, Location); d.Before(Now); d = d.AddDate(0, 0, 1) {
		p := c.freq / 30
		switch d.Weekday() {
		case time.Saturday:
			p *= 1.5
		case time.Sunday:
			p *= 1.3
		case time.Friday:
			p *= 1.2
		case time.Monday:
			p *= 0.8
		}
		if d.Month() == time.December {
			p *= 1.3
		}
		if g.r.Float64() >= p {
			continue
		}
		t := g.timeOfDay(d)
		if !c.activeAt(t) {
			continue
		}
		store := c.store
		if home := g.storeByID[c.store]; g.r.IntN(100) < 25 || (!home.closedFrom.IsZero() && !t.Before(home.closedFrom)) {
			store = g.openStore(t, "")
		}
		ticket := g.storeByID[store].ticket * c.ticketX * math.Exp(0.5*g.r.NormFloat64()-0.1)
		cents := int64(math.Round(math.Min(math.Max(ticket, 6.5), 380) * 100))
		pay := payments[g.pick([]float64{payments[0].weight, payments[1].weight, payments[2].weight, payments[3].weight, payments[4].weight})]
		var cancelAt time.Time
		if g.r.IntN(100) < 4 {
			cancelAt = g.cancelTime(t)
		}
		g.push(t, func() { g.sale(c, t, store, cents, pay, cancelAt) })
	}
}

// cancelTime is a cancellation the same day, 10 minutes to 2.5 hours after the sale (zero
// when that would fall after now or after midnight).
func (g *generator) cancelTime(t time.Time) time.Time {
	ct := t.Add(time.Duration(10+g.r.IntN(140)) * time.Minute)
	y1, m1, d1 := t.In(Location).Date()
	y2, m2, d2 := ct.In(Location).Date()
	if y1 != y2 || m1 != m2 || d1 != d2 || !ct.Before(Now) {
		return time.Time{}
	}
	return ct
}

func (g *generator) earn(t time.Time, store string, cents int64) int64 {
	mult, bonus := int64(1), int64(0)
	for _, p := range g.promotions {
		if !p.active || t.Before(p.start) || t.After(p.end) || (p.minPurchase > 0 && float64(cents) < p.minPurchase*100) {
			continue
		}
		if len(p.stores) > 0 && !contains(p.stores, store) {
			continue
		}
		mult = max(mult, p.multiplier)
		bonus += p.bonus
	}
	return cents*mult/100 + bonus
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (g *generator) post(e *seedEntry) *seedEntry {
	e.id = g.uuid()
	g.entries = append(g.entries, e)
	c := g.byID[e.customerID]
	c.balance += e.points
	if c.balance < 0 {
		panic("eval seed: negative balance for " + c.name)
	}
	return e
}

func (g *generator) sale(c *seedCustomer, t time.Time, store string, cents int64, pay payment, cancelAt time.Time) {
	g.couponSeq++
	identifier := fmt.Sprintf("%s-%06d", store, 100000+g.couponSeq)
	points := g.earn(t, store, cents)
	e := g.post(&seedEntry{customerID: c.id, typ: "C", points: points, description: "Compra cupom " + identifier,
		coupon: identifier, store: store, userAt: "pdv." + strings.ToLower(store), date: t})
	cp := &seedCoupon{id: g.uuid(), customerID: c.id, identifier: identifier, store: store, date: t, cents: cents, pay: pay, entry: e}
	g.coupons = append(g.coupons, cp)
	if c.owner == "" {
		c.owner = store
	}
	if !cancelAt.IsZero() {
		g.push(cancelAt, func() {
			if c.balance < points {
				return // the points were spent: the sale stays
			}
			e.cancelledAt, cp.cancelledAt = cancelAt, cancelAt
			g.post(&seedEntry{customerID: c.id, typ: "E", points: -points, description: "Cancelamento do cupom " + identifier,
				coupon: identifier, store: store, userAt: "pdv." + strings.ToLower(store), date: cancelAt, reversesID: e.id})
		})
	}
	if g.r.Float64() < c.redeemP {
		rt := t.Add(time.Duration(2+g.r.IntN(24)) * time.Minute)
		if rt.Before(Now) {
			g.push(rt, func() { g.redeem(c, rt, store, nil, "") })
		}
	}
}

// redeem blocks points for rewards the customer can afford (forced: these products and
// this status), and schedules what happens to the redemption afterwards.
func (g *generator) redeem(c *seedCustomer, t time.Time, store string, forced []string, forcedStatus string) {
	var items []seedItem
	var chosen []*seedProduct
	remaining := c.balance
	if forced != nil {
		for _, sku := range forced {
			p := g.productBySKU(sku)
			if p.points > remaining {
				panic("eval seed: forced redemption not affordable for " + c.name)
			}
			remaining -= p.points
			if p.addon {
				items = append(items, seedItem{id: g.uuid(), productID: p.id, parentID: items[0].id, qty: 1, points: p.points})
			} else {
				chosen = append(chosen, p)
				items = append(items, seedItem{id: g.uuid(), productID: p.id, qty: 1, points: p.points})
			}
		}
	} else {
		for n := 0; n < 2; n++ {
			var cands []*seedProduct
			var weights []float64
			for _, p := range g.products {
				if p.addon || p.points > remaining || (!p.inactiveFrom.IsZero() && !t.Before(p.inactiveFrom)) || containsProduct(chosen, p) {
					continue
				}
				cands = append(cands, p)
				weights = append(weights, p.weight)
			}
			if len(cands) == 0 {
				break
			}
			p := cands[g.pick(weights)]
			chosen = append(chosen, p)
			remaining -= p.points
			item := seedItem{id: g.uuid(), productID: p.id, qty: 1, points: p.points}
			items = append(items, item)
			if p.hasToppings && g.r.IntN(100) < 35 {
				tp := g.toppings[g.r.IntN(len(g.toppings))]
				qty := 1 + g.r.IntN(2)
				if tp.points*int64(qty) <= remaining {
					remaining -= tp.points * int64(qty)
					items = append(items, seedItem{id: g.uuid(), productID: tp.id, parentID: item.id, qty: qty, points: tp.points * int64(qty)})
				}
			}
			if g.r.IntN(100) >= 15 {
				break
			}
		}
		if len(chosen) == 0 {
			return
		}
	}
	var total int64
	validity := math.MaxInt
	var names []string
	for _, it := range items {
		total += it.points
	}
	for _, p := range chosen {
		validity = min(validity, p.validityDays)
		names = append(names, p.name)
	}
	rd := &seedRedeem{id: g.uuid(), customerID: c.id, store: store, total: total, created: t, expires: t.AddDate(0, 0, validity), items: items}
	rd.entry = g.post(&seedEntry{customerID: c.id, typ: "R", points: -total, description: "Resgate: " + strings.Join(names, ", "),
		store: store, userAt: "pdv." + strings.ToLower(store), date: t, redeemID: rd.id})
	g.redeems = append(g.redeems, rd)

	status := forcedStatus
	if status == "" {
		x := g.r.Float64()
		switch {
		case rd.expires.After(Now) && x < 0.8:
			status = "pending"
		case rd.expires.After(Now):
			status = "applied"
		case x < 0.70:
			status = "applied"
		case x < 0.82:
			status = "cancelled"
		default:
			status = "expired"
		}
	}
	if status == "pending" && !rd.expires.After(Now) {
		status = "expired" // the expiry job has run
	}
	switch status {
	case "pending":
		rd.status = "pending"
	case "applied":
		applied := t.Add(time.Duration(3+g.r.IntN(38)) * time.Minute)
		if !applied.Before(Now) {
			rd.status = "pending"
			break
		}
		g.applySeq++
		rd.status, rd.appliedAt, rd.coupon = "applied", applied, fmt.Sprintf("%s-%06d", store, 900000+g.applySeq)
	case "cancelled", "expired":
		rd.status = "pending" // until the release happens
		end := t.Add(time.Duration(5+g.r.IntN(175)) * time.Minute)
		desc, user := "Resgate cancelado", "pdv."+strings.ToLower(store)
		if status == "expired" {
			end = rd.expires.Add(time.Duration(1+g.r.IntN(50)) * time.Minute)
			if !end.Before(Now) { // the expiry job ran just before now
				end = Now.Add(-time.Minute)
			}
			desc, user = "Resgate expirado", "system"
		}
		if !end.Before(Now) {
			break
		}
		g.push(end, func() {
			rd.status, rd.cancelledAt = status, end
			rd.entry.cancelledAt = end
			g.post(&seedEntry{customerID: c.id, typ: "E", points: total, description: desc, store: store, userAt: user, date: end, reversesID: rd.entry.id})
		})
	}
}

func containsProduct(list []*seedProduct, p *seedProduct) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}

func (g *generator) productBySKU(sku string) *seedProduct {
	for _, p := range g.products {
		if p.sku == sku {
			return p
		}
	}
	panic("eval seed: no product " + sku)
}

// planBonuses: a birthday bonus on the first of the birthday month (customers who accept
// e-mail), and a sign-up bonus for app sign-ups.
func (g *generator) planBonuses(c *seedCustomer) {
	if c.origin == "APP" && !c.created.Before(dataStart) {
		t := c.created.Add(time.Minute)
		if c.activeAt(t) {
			g.push(t, func() { g.credit(c, t, 50, "Bônus de cadastro no app", "", "system", time.Time{}) })
		}
	}
	if c.birth.IsZero() || !c.emailOptin {
		return
	}
	for _, y := range []int{2024, 2025} {
		t := at(y, c.birth.Month(), 1, 9, 0)
		if c.activeAt(t) {
			g.push(t, func() { g.credit(c, t, 100, "Bônus de aniversário", "", "system", time.Time{}) })
		}
	}
}

func (g *generator) credit(c *seedCustomer, t time.Time, points int64, desc, store, user string, cancelAt time.Time) {
	e := g.post(&seedEntry{customerID: c.id, typ: "C", points: points, description: desc, store: store, userAt: user, date: t})
	if !cancelAt.IsZero() {
		g.push(cancelAt, func() {
			if c.balance < points {
				return
			}
			e.cancelledAt = cancelAt
			g.post(&seedEntry{customerID: c.id, typ: "E", points: -points, description: "Estorno de lançamento", store: store, userAt: user, date: cancelAt, reversesID: e.id})
		})
	}
}

func (g *generator) debit(c *seedCustomer, t time.Time, points int64, desc, store, user string, cancelAt time.Time) {
	if c.balance < 10 {
		return
	}
	points = min(points, c.balance)
	e := g.post(&seedEntry{customerID: c.id, typ: "D", points: -points, description: desc, store: store, userAt: user, date: t})
	if !cancelAt.IsZero() {
		g.push(cancelAt, func() {
			e.cancelledAt = cancelAt
			g.post(&seedEntry{customerID: c.id, typ: "E", points: points, description: "Estorno de lançamento", store: store, userAt: user, date: cancelAt, reversesID: e.id})
		})
	}
}

// planAdjustments: manual credits and debits by the back office, a tenth of them reversed
// a few days later.
func (g *generator) planAdjustments() {
	users := []string{"ana.backoffice", "marcos.sac", "julia.fidelidade"}
	for n := 0; n < 160; n++ {
		c := g.customers[g.r.IntN(len(g.customers))]
		start := c.created
		if start.Before(dataStart) {
			start = dataStart
		}
		end := Now
		if !c.until.IsZero() && c.until.Before(end) {
			end = c.until
		}
		if !end.After(start) {
			continue
		}
		t := start.Add(time.Duration(g.r.Float64() * float64(end.Sub(start)))).Truncate(time.Minute)
		if h := t.In(Location).Hour(); h < 8 || h > 19 {
			t = t.Add(time.Duration(12-h) * time.Hour)
		}
		if !c.activeAt(t) {
			continue
		}
		var cancelAt time.Time
		if g.r.IntN(100) < 10 {
			if ct := t.Add(time.Duration(1+g.r.IntN(5)) * 24 * time.Hour); ct.Before(Now) {
				cancelAt = ct
			}
		}
		user := users[g.r.IntN(len(users))]
		points := int64(10 + 5*g.r.IntN(59))
		if n%2 == 0 {
			g.push(t, func() { g.credit(c, t, points, "Ajuste manual - crédito", c.store, user, cancelAt) })
		} else {
			g.push(t, func() { g.debit(c, t, points, "Ajuste manual - débito", c.store, user, cancelAt) })
		}
	}
}

func (g *generator) customerByName(name string) *seedCustomer {
	for _, c := range g.customers {
		if c.name == name {
			return c
		}
	}
	panic("eval seed: no customer " + name)
}

// planExplicit: the events questions rely on that chance might not produce.
func (g *generator) planExplicit() {
	gabi := g.customerByName("Gabriela Moura")
	t1 := at(2025, 6, 17, 12, 30)
	g.push(t1, func() { g.sale(gabi, t1, "L02", 4290, payments[1], time.Time{}) })

	thiago := g.customerByName("Thiago Henrique Barros")
	t2 := at(2025, 6, 5, 19, 10)
	g.push(t2, func() { g.sale(thiago, t2, "L04", 8850, payments[0], at(2025, 6, 5, 19, 45)) })

	bia := g.customerByName("Beatriz Souza Tavares")
	t3 := at(2025, 6, 2, 10, 0)
	g.push(t3, func() { g.credit(bia, t3, 500, "Bônus indicação de amigos", "", "julia.fidelidade", time.Time{}) })
	t4 := at(2025, 6, 16, 18, 20)
	g.push(t4, func() { g.redeem(bia, t4, "L05", []string{"ACA-500", "MOR-ADD"}, "pending") })
	fernanda := g.customerByName("Fernanda Lima Duarte")
	t5 := at(2025, 6, 13, 15, 5)
	g.push(t5, func() { g.redeem(fernanda, t5, "L02", []string{"CAN-TER"}, "pending") })
	patricia := g.customerByName("Patrícia Gomes Carvalho")
	t6 := at(2025, 6, 12, 19, 40)
	g.push(t6, func() { g.redeem(patricia, t6, "L05", []string{"VAL-50"}, "pending") })

	// a queue of pending redemptions at the counter: blocked in the last days, not yet
	// collected (those who cannot afford one are skipped)
	for n := 0; n < 14; n++ {
		c := g.customers[12+g.r.IntN(len(g.customers)-12)]
		t := g.timeOfDay(at(2025, 6, 15+g.r.IntN(4), 0, 0))
		if !c.activeAt(t) || c.freq == 0 {
			continue
		}
		store := c.store
		if !g.storeByID[store].closedFrom.IsZero() {
			store = g.openStore(t, "")
		}
		g.push(t, func() { g.redeem(c, t, store, nil, "pending") })
	}
}

func (g *generator) finishCustomers() {
	for _, cp := range g.coupons {
		c := g.byID[cp.customerID]
		if cp.cancelledAt.IsZero() && cp.date.After(c.lastPurchase) {
			c.lastPurchase = cp.date
		}
	}
}

func (g *generator) summary() SeedSummary {
	s := SeedSummary{Stores: len(g.stores), Products: len(g.products), Promotions: len(g.promotions), Customers: len(g.customers),
		Coupons: len(g.coupons), Entries: map[string]int{}, Redeems: map[string]int{}}
	for _, cp := range g.coupons {
		if !cp.cancelledAt.IsZero() {
			s.CancelledCoupons++
		}
	}
	for _, e := range g.entries {
		s.Entries[e.typ]++
	}
	for _, r := range g.redeems {
		s.Redeems[r.status]++
	}
	return s
}

// --- writing ---

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}

func money(cents int64) string {
	return fmt.Sprintf("%d.%02d", cents/100, cents%100)
}

// insert writes rows in batches of multi-row INSERTs (rows keep their order, so the
// ledger trigger sees each customer's entries in time order).
func insert(tx *gorm.DB, table string, cols []string, rows [][]any) error {
	const batch = 300
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var b strings.Builder
		args := make([]any, 0, (end-start)*len(cols))
		fmt.Fprintf(&b, "INSERT INTO %s (%s) VALUES ", table, strings.Join(cols, ", "))
		for i, row := range rows[start:end] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(" + strings.TrimSuffix(strings.Repeat("?, ", len(row)), ", ") + ")")
			args = append(args, row...)
		}
		if err := tx.Exec(b.String(), args...).Error; err != nil {
			return fmt.Errorf("insert %s: %w", table, err)
		}
	}
	return nil
}

func (g *generator) write(tx *gorm.DB) error {
	var rows [][]any
	for _, s := range g.stores {
		rows = append(rows, []any{g.uuid(), s.code, s.name, s.document, s.active, "Rua " + s.name + ", 100", s.city, s.state, s.phone, s.email, s.created.UTC(), s.created.UTC()})
	}
	if err := insert(tx, "stores", []string{"id", "store_code", "name", "document", "is_active", "address", "city", "state", "phone", "email", "created_at", "updated_at"}, rows); err != nil {
		return err
	}

	rows = nil
	for _, p := range g.products {
		updated := p.created
		if !p.inactiveFrom.IsZero() {
			updated = p.inactiveFrom
		}
		validity := any(p.validityDays)
		if p.addon {
			validity = nil
		}
		rows = append(rows, []any{p.id, p.sku, p.name, p.points, nullString(p.description), p.active, fmt.Sprintf("%.2f", p.price), validity, p.hasToppings, p.addon, p.created.UTC(), updated.UTC()})
	}
	if err := insert(tx, "products", []string{"id", "sku", "name", "points", "description", "is_active", "price", "validity_days", "has_toppings", "is_addon", "created_at", "updated_at"}, rows); err != nil {
		return err
	}
	rows = nil
	for _, p := range g.products {
		if p.hasToppings {
			for _, tp := range g.toppings {
				rows = append(rows, []any{p.id, tp.id})
			}
		}
	}
	if err := insert(tx, "product_toppings", []string{"product_id", "topping_id"}, rows); err != nil {
		return err
	}

	for _, p := range g.promotions {
		codes := "NULL"
		if len(p.stores) > 0 {
			codes = "ARRAY['" + strings.Join(p.stores, "','") + "']"
		}
		var minPurchase any
		if p.minPurchase > 0 {
			minPurchase = fmt.Sprintf("%.2f", p.minPurchase)
		}
		created := p.start.AddDate(0, 0, -7).UTC()
		if err := tx.Exec(`INSERT INTO promotions (id, name, description, start_date, end_date, is_active, points_multiplier, bonus_points, min_purchase, store_codes, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, `+codes+`, ?, ?)`,
			g.uuid(), p.name, p.description, p.start.UTC(), p.end.UTC(), p.active, p.multiplier, p.bonus, minPurchase, created, created).Error; err != nil {
			return fmt.Errorf("insert promotion %s: %w", p.name, err)
		}
	}

	rows = nil
	for _, c := range g.customers {
		var birth, appUser any
		if !c.birth.IsZero() {
			birth = c.birth.Format(time.DateOnly)
		}
		if c.appUser != nil {
			appUser = *c.appUser
		}
		updated := c.created
		if c.lastPurchase.After(updated) {
			updated = c.lastPurchase
		}
		rows = append(rows, []any{c.id, c.name, c.doc, c.email, c.phone, nullString(c.gender), birth, nullTime(c.lastPurchase), c.active, c.origin,
			c.store, nullString(c.owner), c.emailOptin, c.whatsappOptin, c.smsOptin, appUser, c.created.UTC(), updated.UTC()})
	}
	if err := insert(tx, "customers", []string{"id", "name", "doc", "email", "phone", "gender_identity", "birth_date", "last_purchase", "is_active", "origin",
		"store_code", "store_code_owner", "email_optin", "whatsapp_optin", "sms_optin", "app_user", "created_at", "updated_at"}, rows); err != nil {
		return err
	}

	rows = nil
	for _, e := range g.entries {
		updated := e.date
		if !e.cancelledAt.IsZero() {
			updated = e.cancelledAt
		}
		rows = append(rows, []any{e.id, e.customerID, e.typ, e.points, e.description, nullString(e.coupon), nullString(e.store), e.userAt, e.date.UTC(),
			nullString(e.redeemID), nullString(e.reversesID), nullTime(e.cancelledAt), e.date.Add(2 * time.Second).UTC(), updated.Add(2 * time.Second).UTC()})
	}
	if err := insert(tx, "points_entries", []string{"id", "customer_id", "transaction_type", "points", "description", "coupon_identifier", "store_code", "user_at",
		"transaction_date", "redeem_id", "reverses_id", "cancelled_at", "created_at", "updated_at"}, rows); err != nil {
		return err
	}

	rows = nil
	for _, cp := range g.coupons {
		data := fmt.Sprintf(`{"value": %s, "payment_type": %q, "items": []}`, money(cp.cents), cp.pay.code)
		created := cp.date.Add(time.Duration(5+int(cp.cents%30)) * time.Second)
		updated := created
		if !cp.cancelledAt.IsZero() {
			updated = cp.cancelledAt
		}
		rows = append(rows, []any{cp.id, cp.customerID, cp.identifier, cp.store, cp.date.UTC(), money(cp.cents), cp.pay.code, cp.pay.description, data,
			cp.entry.id, nullTime(cp.cancelledAt), created.UTC(), updated.UTC()})
	}
	if err := insert(tx, "coupons", []string{"id", "customer_id", "coupon_identifier", "store_code", "transaction_date", "value", "payment_type",
		"payment_type_description", "data", "points_entry_id", "cancelled_at", "created_at", "updated_at"}, rows); err != nil {
		return err
	}

	rows = nil
	var items [][]any
	for _, r := range g.redeems {
		updated := r.created
		for _, t := range []time.Time{r.appliedAt, r.cancelledAt} {
			if t.After(updated) {
				updated = t
			}
		}
		rows = append(rows, []any{r.id, r.customerID, r.entry.id, r.status, r.store, r.total, nullString(r.coupon), nullTime(r.appliedAt), r.expires.UTC(),
			nullTime(r.cancelledAt), r.created.UTC(), updated.UTC()})
		for _, it := range r.items {
			items = append(items, []any{it.id, r.id, r.customerID, it.productID, nullString(it.parentID), it.qty, it.points, r.store, nullTime(r.appliedAt),
				nullString(r.coupon), r.created.UTC(), updated.UTC()})
		}
	}
	if err := insert(tx, "redeems", []string{"id", "customer_id", "points_entry_id", "status", "store_code", "total_points", "coupon_identifier", "applied_at",
		"expires_at", "cancelled_at", "created_at", "updated_at"}, rows); err != nil {
		return err
	}
	// parents before add-ons: the add-on's parent_item_id references its main item
	sort.SliceStable(items, func(i, j int) bool { return items[i][4] == nil && items[j][4] != nil })
	return insert(tx, "redeem_items", []string{"id", "redeem_id", "customer_id", "product_id", "parent_item_id", "qty", "points", "store_code",
		"applied_at", "coupon_identifier", "created_at", "updated_at"}, items)
}
