// One accessibility audit of what the page shows (evaluated by tests/browser.py's audit()):
// axe-core's violations, and the colour contrast axe leaves for a person to check, worked out
// here with the same WCAG formula:
// - text on a gradient (the green table's felt, a card's face) or only partly in view: axe
//   reports it "incomplete" (it cannot tell which colour is behind); here it is measured
//   against every colour stop of the gradient behind it, and the worst one counts;
// - the cards' ranks and suits and the piles' counts, drawn from data-glyph by the style
//   sheet: generated content, which axe does not look at.
// Contrast needed: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold), as axe's rule.
async () => {
  const colours = (s) => (s.match(/rgba?\([^)]+\)/g) || []).map((c) => c.match(/[\d.]+/g).map(Number));
  const linear = (c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const over = (top, below) => {
    const alpha = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => top[i] * alpha + below[i] * (1 - alpha));
  };
  // The colours that can be behind an element: the nearest gradient's stops or solid colour,
  // with translucent layers laid over what is under them.
  const behind = (el) => {
    if (!el) return [[255, 255, 255]];
    const style = getComputedStyle(el);
    const below = () => behind(el.parentElement);
    if (style.backgroundImage.includes("gradient")) {
      const stops = colours(style.backgroundImage);
      return stops.flatMap((stop) => (stop.length > 3 && stop[3] < 1 ? below().map((b) => over(stop, b)) : [stop]));
    }
    const [solid] = colours(style.backgroundColor);
    if (!solid || (solid.length > 3 && solid[3] === 0)) return below();
    if (solid.length > 3 && solid[3] < 1) return below().map((b) => over(solid, b));
    return [solid];
  };
  const dimmed = (el) => {
    let factor = 1;
    for (let e = el; e; e = e.parentElement) {
      const m = getComputedStyle(e).filter.match(/brightness\(([\d.]+)\)/);
      if (m) factor *= Number(m[1]);
    }
    return factor;
  };
  const measure = (el, pseudo) => {
    const style = getComputedStyle(el, pseudo);
    const dim = dimmed(el);
    const fg = colours(style.color)[0].slice(0, 3).map((c) => c * dim);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66);
    const worst = Math.min(...behind(el).map((bg) => ratio(fg, bg.map((c) => c * dim))));
    return { worst: Math.round(worst * 100) / 100, needed: large ? 3 : 4.5 };
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const describe = (v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) });

  // What axe leaves undecided that can be measured: text on a gradient, and text only partly
  // in view (a scrolled panel). Text covered by another element (bgOverlap: the table under
  // the end-of-hand panel) is not seen, and is left as axe says.
  const MEASURED = ["bgGradient", "elmPartiallyObscured", "elmPartiallyObscuring"];
  const result = await axe.run(document, { resultTypes: ["violations", "incomplete"] });
  const findings = result.violations.map(describe);
  const low = [];
  const unsure = [];
  for (const node of result.incomplete.find((v) => v.id === "color-contrast")?.nodes || []) {
    const el = document.querySelector(node.target.join(" "));
    const reason = node.any[0]?.data?.messageKey;
    if (!el || !MEASURED.includes(reason)) {
      unsure.push(`${node.target.join(" ")} (${reason})`);
      continue;
    }
    const m = measure(el);
    if (m.worst < m.needed) low.push(`${node.target.join(" ")}: ${m.worst} < ${m.needed}`);
  }
  for (const el of document.querySelectorAll("[data-glyph]")) {
    if (!shown(el)) continue;
    const m = measure(el, "::before");
    const card = el.closest("[data-card]")?.dataset.card || el.closest("[id]")?.id;
    if (m.worst < m.needed) low.push(`${card} ${el.className}: ${m.worst} < ${m.needed}`);
  }
  if (low.length) {
    findings.push({ id: "color-contrast-measured", impact: "serious", help: "Text on gradients and drawn glyphs must meet the contrast ratio", nodes: low.slice(0, 8) });
  }
  if (unsure.length) {
    findings.push({ id: "color-contrast-unsure", impact: "review", help: "Contrast axe could not decide (listed, not failed)", nodes: unsure.slice(0, 8) });
  }
  return findings;
}
