// Package doctest runs the shell examples of the project's Markdown documents as a user
// would paste them, and checks the output they show. The conventions it enforces are
// written in the README's "Contributing: examples are tested" section:
//
//   - A fenced block whose info string starts with sh, bash or shell is run, in document
//     order, in one bash session per document (variables carry from block to block).
//   - "```sh norun <reason>" marks a block that cannot run (a deploy, a benchmark, a
//     synopsis with placeholders); the reason is required.
//   - In a block whose commands start with "$ ", each command's stdout is compared with
//     the lines shown after it (Match); a command shown without output must only succeed.
//     A block without "$ " prompts is one script; a ```json or ```text block right after
//     it (nothing but blank lines between) is that script's expected stdout.
//   - Every command must exit 0, and every curl must get a 1xx-3xx answer unless its
//     shown output declares the status: an "HTTP/1.1 404 ..." line (curl -i), or "# 404"
//     at the end of the shown output.
package doctest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Block is one fenced code block of a document.
type Block struct {
	Line   int      // 1-based line of the opening fence
	Lang   string   // first word of the info string
	Info   string   // the rest of the info string
	Lines  []string // the content
	Output *Block   // for a script block: the ```json/```text block that shows its output
}

// Runs reports whether the block is a shell example the runner executes.
func (b Block) Runs() bool {
	switch b.Lang {
	case "sh", "bash", "shell":
		return !b.NoRun()
	}
	return false
}

// NoRun reports whether the block is marked as not runnable ("norun <reason>").
func (b Block) NoRun() bool { return b.Info == "norun" || strings.HasPrefix(b.Info, "norun ") }

// Unit is what the runner executes at once: one "$ " command and the output shown after
// it, or a whole script block (Prompted false) and its following output block, if any.
type Unit struct {
	Line     int    // line of the command in the document
	Command  string // shell text, prompts removed
	Expected string // shown stdout ("" when none is shown)
	Shown    bool   // output is shown and must match
	Statuses []int  // HTTP statuses (>= 400) the shown output declares
}

// ParseBlocks returns the fenced blocks of a Markdown document, pairing each runnable
// script block with the output block that directly follows it.
func ParseBlocks(doc string) ([]Block, error) {
	lines := strings.Split(doc, "\n")
	var blocks []Block
	var cur *Block
	isOutput := false // cur shows the output of the block before it
	fence := ""
	lastEnd := -10 // line index of the last closing fence
	for i, line := range lines {
		if cur == nil {
			trimmed := strings.TrimLeft(line, " ")
			if strings.HasPrefix(trimmed, "```") {
				fence = strings.Repeat(" ", len(line)-len(trimmed)) + "```"
				info := strings.TrimSpace(strings.TrimPrefix(trimmed, "```"))
				lang, rest, _ := strings.Cut(info, " ")
				b := Block{Line: i + 1, Lang: lang, Info: strings.TrimSpace(rest)}
				if b.NoRun() && strings.TrimSpace(strings.TrimPrefix(b.Info, "norun")) == "" {
					return nil, fmt.Errorf("line %d: a norun block needs its reason (```%s norun <why>)", i+1, lang)
				}
				// An output block directly after a script block belongs to it.
				n := len(blocks)
				isOutput = n > 0 && blank(lines[lastEnd+1:i]) && (lang == "json" || lang == "text") &&
					blocks[n-1].Runs() && !prompted(blocks[n-1].Lines) && blocks[n-1].Output == nil
				cur = &b
			}
			continue
		}
		if strings.TrimRight(line, " ") == fence || strings.TrimSpace(line) == "```" {
			if isOutput {
				out := *cur
				blocks[len(blocks)-1].Output = &out
			} else {
				blocks = append(blocks, *cur)
			}
			cur = nil
			lastEnd = i
			continue
		}
		cur.Lines = append(cur.Lines, strings.TrimPrefix(line, strings.TrimSuffix(fence, "```")))
	}
	if cur != nil {
		return nil, fmt.Errorf("line %d: code block never closed", cur.Line)
	}
	return blocks, nil
}

func blank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

func prompted(lines []string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, "$ ") {
			return true
		}
	}
	return false
}

// shownOutputComment is a comment line of a script block that shows a response: such
// output must be shown in prompt form or an output block, where it is checked.
var shownOutputComment = regexp.MustCompile(`^\s*#\s*(\{"|\[\{|HTTP/\d)`)

// statusMarker is the "# 409" that ends shown output and declares the command's status.
var statusMarker = regexp.MustCompile(`\s+#\s*([1-5]\d\d)\s*$`)

// httpStatusLine is a status line curl -i prints.
var httpStatusLine = regexp.MustCompile(`^HTTP/[\d.]+ ([1-5]\d\d)\b`)

// Units splits a runnable block into what the runner executes.
func (b Block) Units() ([]Unit, error) {
	if !prompted(b.Lines) {
		for i, l := range b.Lines {
			if shownOutputComment.MatchString(l) {
				return nil, fmt.Errorf("line %d: a response shown as a comment is never checked: show it in prompt form ($ command, then its output) or in a ```json block right after this one", b.Line+1+i)
			}
		}
		u := Unit{Line: b.Line + 1, Command: strings.Join(b.Lines, "\n")}
		if b.Output != nil {
			u.Expected, u.Statuses = declaredStatuses(strings.Join(b.Output.Lines, "\n"))
			u.Shown = true
		}
		return []Unit{u}, nil
	}
	var units []Unit
	i := 0
	for i < len(b.Lines) {
		line := b.Lines[i]
		if strings.TrimSpace(line) == "" {
			i++
			continue
		}
		if !strings.HasPrefix(line, "$ ") {
			return nil, fmt.Errorf("line %d: in a block with $ prompts, every command starts with \"$ \" (output follows its command)", b.Line+1+i)
		}
		u := Unit{Line: b.Line + 1 + i}
		cmd := []string{strings.TrimPrefix(line, "$ ")}
		i++
		for !complete(strings.Join(cmd, "\n")) && i < len(b.Lines) {
			cmd = append(cmd, b.Lines[i])
			i++
		}
		u.Command = strings.Join(cmd, "\n")
		var out []string
		for i < len(b.Lines) && !strings.HasPrefix(b.Lines[i], "$ ") {
			out = append(out, b.Lines[i])
			i++
		}
		text := strings.TrimSpace(strings.Join(out, "\n"))
		if text != "" {
			u.Expected, u.Statuses = declaredStatuses(text)
			u.Shown = true
		}
		units = append(units, u)
	}
	return units, nil
}

// declaredStatuses strips a trailing "# 409" marker and collects the error statuses the
// shown output declares (the marker, or curl -i status lines).
func declaredStatuses(shown string) (string, []int) {
	var statuses []int
	if m := statusMarker.FindStringSubmatchIndex(shown); m != nil {
		code, _ := strconv.Atoi(shown[m[2]:m[3]])
		statuses = append(statuses, code)
		shown = shown[:m[0]]
	}
	for _, l := range strings.Split(shown, "\n") {
		if m := httpStatusLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			code, _ := strconv.Atoi(m[1])
			statuses = append(statuses, code)
		}
	}
	return shown, statuses
}

// complete reports whether shell text is a whole command: no open quote, no trailing
// backslash, pipe or &&/||.
func complete(text string) bool {
	var single, double, escaped, comment bool
	prev := '\n'
	var code strings.Builder // the last line without its comment
	for _, r := range text {
		switch {
		case comment:
			comment = r != '\n'
		case escaped:
			escaped = false
		case single:
			single = r != '\''
		case r == '\\':
			escaped = true
		case double:
			double = r != '"'
		case r == '\'':
			single = true
		case r == '"':
			double = true
		case r == '#' && (prev == ' ' || prev == '\t' || prev == '\n'):
			comment = true
		}
		if r == '\n' {
			code.Reset()
		} else if !comment {
			code.WriteRune(r)
		}
		prev = r
	}
	if single || double || escaped {
		return false
	}
	trimmed := strings.TrimSpace(code.String())
	return !strings.HasSuffix(trimmed, "|") && !strings.HasSuffix(trimmed, "&&") && !strings.HasSuffix(trimmed, "||")
}
