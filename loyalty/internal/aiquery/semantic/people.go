package semantic

import "strings"

// GivenNames are common first names of the people a loyalty programme serves (Brazilian
// and English-speaking), folded. They are never words of the lexicon: a name stays a word
// the model does not know. They tell a person's name typed in lower case ("o saldo da
// camila prado") from other words the model does not know after "da"/"do" ("da zona
// norte"), which are refused (package grammar, names.go). A name typed with capitals, or
// after "cliente", "customer" or an honorific (CatHonor), needs no list.
var GivenNames = set(split("ana|maria|mariana|fernanda|camila|juliana|patricia|aline|amanda|bruna|beatriz|bianca|carla|carolina|caroline|claudia|cristina|daniela|debora|eduarda|elaine|fabiana|fatima|flavia|gabriela|helena|isabel|isabela|jessica|julia|larissa|laura|leticia|livia|lucia|luana|luciana|manuela|marcela|marina|michele|natalia|priscila|rafaela|raquel|renata|sandra|simone|sofia|sophia|tatiana|vanessa|vera|vitoria|valentina|alice|adriana|alessandra|andreia|angela|antonia|barbara|cecilia|clara|denise|eliane|francisca|gisele|heloisa|ingrid|joana|karina|lara|lorena|luiza|luisa|marta|monica|nathalia|paula|regina|rita|rosa|sabrina|silvia|tereza|thais|yasmin|joao|jose|antonio|francisco|carlos|pedro|lucas|luiz|luis|marcos|gabriel|rafael|daniel|marcelo|bruno|eduardo|felipe|rodrigo|gustavo|fernando|fabio|andre|leonardo|leandro|tiago|thiago|diego|vinicius|mateus|matheus|guilherme|ricardo|roberto|sergio|jorge|julio|alexandre|alex|caio|cesar|claudio|davi|david|enzo|arthur|artur|miguel|heitor|henrique|igor|renato|renan|rogerio|samuel|victor|vitor|wagner|wellington|william|raimundo|sebastiao|manoel|manuel|joaquim|otavio|murilo|nicolas|breno|hugo|ivan|kaique|wesley|anderson|edson|everton|marcio|mauricio|nelson|paulinho|reinaldo|ronaldo|washington|john|james|robert|michael|mary|jennifer|linda|elizabeth|susan|sarah|emily|emma|olivia|karen|nancy|lisa|betty|dorothy|ashley|kimberly|donna|michelle|amy|anna|rebecca|kate|katherine|rachel|hannah|grace|chloe|charlotte|richard|thomas|charles|christopher|matthew|anthony|mark|steven|paul|andrew|joshua|kevin|brian|george|edward|ronald|timothy|jason|jeffrey|ryan|jacob|gary|eric|jonathan|stephen|larry|justin|scott|brandon|benjamin|frank|gregory|raymond|patrick|jack|dennis|jerry|tyler|aaron|henry|adam|nathan|peter|zachary|kyle|noah|ethan|oliver|harry|liam|juan|carmen|juana|joy|jay|rodel|jomar|mariel|kristine|angelica|marjorie|jocelyn"))

func set(ws []string) map[string]bool {
	out := map[string]bool{}
	for _, w := range ws {
		out[strings.TrimSpace(w)] = true
	}
	return out
}

// GivenName reports whether the folded word w is a common first name (GivenNames).
func GivenName(w string) bool { return GivenNames[w] }

// NameParticles are the function words inside a person's name between its capitalised
// words ("Maria da Silva", "Luiz de Souza", "Ana dos Santos"), folded.
var NameParticles = set(split("da|de|do|das|dos|di|du|del|van|von"))

// VerbForm reports whether the folded word w, typed in lower case after a person's name,
// has the ending of a conjugated verb or a gerund ("ligou", "reclamando", "comprou",
// "disseram", "called", "complained"): a name never runs into it ("cliente camila prado
// ligou reclamando" names "camila prado"). A common first name is never a verb
// ("fernando").
func VerbForm(w string) bool {
	if GivenNames[w] || len(w) < 4 {
		return false
	}
	for _, end := range verbEndings {
		if strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

var verbEndings = split("ou|ando|endo|indo|aram|eram|iram|ava|avam|iam|ed|ing")
