package link

// PublicView is what a page anyone may load shows of a link: the statistics page
// /{alias}+, the campaign list /u/{slug}. It is the one rule of those pages for a
// password-protected link: a visitor without the password sees its short URL (and so its
// alias), never what the owner wrote about it (title, description) nor its meta card or
// destination. The redirect itself shows such a visitor, crawlers and link previews
// included, the password page before anything else (internal/redirect).
type PublicView struct {
	// Title names the link: its title, or its alias when it has none or is protected.
	Title string
	// Description is the link's description; "" when protected.
	Description string
}

func publicView(protected bool, alias, title, description string) PublicView {
	if protected {
		return PublicView{Title: alias}
	}
	if title == "" {
		title = alias
	}
	return PublicView{Title: title, Description: description}
}

// PublicView is what the public pages show of l.
func (l Link) PublicView() PublicView {
	return publicView(l.Protected(), l.Alias, l.Title, l.Description)
}

// PublicView is what the public pages show of m.
func (m Member) PublicView() PublicView {
	return publicView(m.Protected, m.Alias, m.Title, m.Description)
}
