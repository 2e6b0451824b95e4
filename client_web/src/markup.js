// The learn pages' texts are written in a small markup inside the message catalogues, so a
// page is one message per language and every language has the same shape:
//
//   ## Heading            ### Subheading
//   - a list item         | a | table | row |   (the first row is the head; |---| is skipped)
//   a paragraph, any lines until a blank line
//
// and inline **bold**, [link text](#/address) and cards as [7H] (drawn as 7♥ in its colour,
// read by screen readers as the card's name in the page's language). Everything becomes DOM
// nodes: no text is ever parsed as HTML.
import { cardName, shortName, SUITS } from "./cards.js";
import { h } from "./dom.js";

const INLINE = /\*\*(.+?)\*\*|\[([A2-9TJQK][SHDC])\]|\[([^\]]+)\]\((#[^)\s]*)\)/g;

export function cardChip(card) {
  const suit = SUITS[card[1]];
  return h("span", { class: `card-chip ${suit.red ? "red" : "black"} suit-${card[1]}`, role: "img", "aria-label": cardName(card) }, shortName(card));
}

export function inline(text) {
  const out = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    if (match[1] != null) out.push(h("strong", {}, ...inline(match[1])));
    else if (match[2] != null) out.push(cardChip(match[2]));
    else out.push(h("a", { href: match[4] }, match[3]));
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function cells(line) {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());
}

const kindOf = (line) => (line.startsWith("### ") ? "h3" : line.startsWith("## ") ? "h2" : line.startsWith("- ") ? "li" : line.startsWith("|") ? "row" : "text");

function table(lines) {
  const rows = lines.filter((line) => !/^\|[\s|:-]+\|$/.test(line)).map(cells);
  const [head, ...body] = rows;
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, head.map((c) => h("th", { scope: "col" }, ...inline(c))))),
      h("tbody", {}, body.map((row) => h("tr", {}, row.map((c) => h("td", {}, ...inline(c)))))),
    ),
  );
}

/** The DOM nodes of a text written in the markup above. Lines of one kind that follow each
 * other make one list, one table or one paragraph; a blank line ends a paragraph. */
export function render(text) {
  const nodes = [];
  for (const block of String(text).trim().split(/\n\s*\n/)) {
    const lines = block.split("\n").map((line) => line.trim()).filter(Boolean);
    let group = [];
    let kind = null;
    const flush = () => {
      if (!group.length) return;
      if (kind === "li") nodes.push(h("ul", {}, group.map((line) => h("li", {}, ...inline(line.slice(2))))));
      else if (kind === "row") nodes.push(table(group));
      else if (kind === "text") nodes.push(h("p", {}, ...inline(group.join(" "))));
      group = [];
    };
    for (const line of lines) {
      const next = kindOf(line);
      if (next === "h2" || next === "h3") {
        flush();
        kind = null;
        nodes.push(h(next, {}, ...inline(line.slice(next === "h2" ? 3 : 4))));
        continue;
      }
      if (next !== kind) flush();
      kind = next;
      group.push(line);
    }
    flush();
  }
  return nodes;
}
