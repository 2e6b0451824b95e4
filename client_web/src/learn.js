// The learn pages: for each game its rules, tips, history, FAQ and live examples, at
// #/learn/<game>/<page>; an index at #/learn; and the same pages in a side panel over a
// table (the "Rules" button), so a player reads without leaving the game.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { renderExamples } from "./examples.js";
import * as markup from "./markup.js";

export const GAMES = [
  { slug: "gin-rummy", game: "gin_rummy" },
  { slug: "easy-harp", game: "easy_harp" },
  { slug: "reflechi", game: "reflechi" },
];
export const PAGES = ["rules", "tips", "history", "faq", "examples"];
const bySlug = (slug) => GAMES.find((g) => g.slug === slug);
const byGame = (game) => GAMES.find((g) => g.game === game);

/** The content of one page: its text, or the live examples. */
function pageContent(slug, page, scope) {
  if (page === "examples") {
    const intro = h("div", { class: "learn-text" }, markup.render(t(`learn.${slug}.examples`)));
    const list = renderExamples(slug, scope);
    const box = h("div", {}, intro, list);
    box.destroy = list.destroy;
    return box;
  }
  return h("article", { class: "learn-text" }, markup.render(t(`learn.${slug}.${page}`)));
}

function tabs(slug, page, link) {
  return h(
    "nav",
    { class: "learn-tabs", "aria-label": t("learn.pages") },
    PAGES.map((p) => link(p, t(`learn.page.${p}`), p === page)),
  );
}

export function mountLearn(root, app, slug, page) {
  const game = bySlug(slug);
  if (!game) {
    root.replaceChildren(learnIndex());
    document.title = `${t("learn.title")} · ${t("app.name")}`;
    return () => {};
  }
  const chosen = PAGES.includes(page) ? page : "rules";
  const name = t(`game.${game.game}`);
  const content = pageContent(slug, chosen, "ex");
  root.replaceChildren(
    h(
      "div",
      { class: "learn", dataset: { game: slug, page: chosen } },
      h("nav", { class: "crumbs", "aria-label": t("learn.crumbs") }, h("a", { href: "#/learn" }, t("learn.title")), " › ", name),
      h("h1", {}, t("learn.heading", { game: name, page: t(`learn.page.${chosen}`) })),
      tabs(slug, chosen, (p, label, current) =>
        h("a", { class: `tab${current ? " current" : ""}`, href: `#/learn/${slug}/${p}`, "aria-current": current ? "page" : null, id: `tab-${p}` }, label),
      ),
      content,
      h("p", { class: "learn-play" }, h("a", { class: "button primary", href: "#/" }, t("learn.play"))),
    ),
  );
  document.title = `${name} · ${t(`learn.page.${chosen}`)} · ${t("app.name")}`;
  return () => content.destroy?.();
}

function learnIndex() {
  return h(
    "div",
    { class: "learn learn-index" },
    h("h1", {}, t("learn.title")),
    h("p", { class: "lead" }, t("learn.intro")),
    h(
      "div",
      { class: "tiles" },
      GAMES.map(({ slug, game }) =>
        h(
          "section",
          { class: "tile learn-card", "aria-labelledby": `learn-${slug}-title` },
          h("h2", { class: "tile-title", id: `learn-${slug}-title` }, t(`game.${game}`)),
          h("p", { class: "tile-text" }, t(`learn.${slug}.summary`)),
          h(
            "ul",
            { class: "learn-links" },
            PAGES.map((p) => h("li", {}, h("a", { href: `#/learn/${slug}/${p}` }, t(`learn.page.${p}`)))),
          ),
        ),
      ),
    ),
  );
}

// ---- the side panel over a table ---------------------------------------------------------

let drawer = null;

/** Open the learn pages of ``game`` (a room's game name) beside the table, at ``page``;
 * focus goes back to ``opener`` when it closes. */
export function openLearnDrawer(game, page = "rules", opener = null) {
  const { slug } = byGame(game) || GAMES[0];
  closeLearnDrawer(false);
  let content = null;
  const body = h("div", { class: "drawer-body" });
  const title = h("h2", { id: "drawer-title" });
  const nav = h("div", { class: "drawer-tabs" });
  const panel = h(
    "div",
    { class: "drawer", id: "learn-drawer", role: "dialog", "aria-modal": "false", "aria-labelledby": "drawer-title", dataset: { game: slug } },
    h(
      "div",
      { class: "drawer-head" },
      title,
      h("a", { class: "button small", href: `#/learn/${slug}/rules`, target: "_blank", rel: "noopener", id: "drawer-full" }, t("learn.full_page")),
      h("button", { class: "small", id: "drawer-close", "aria-label": t("learn.close"), onclick: () => closeLearnDrawer() }, "✕"),
    ),
    nav,
    body,
  );
  function show(p) {
    content?.destroy?.();
    content = pageContent(slug, p, "drawer-ex");
    title.textContent = t("learn.heading", { game: t(`game.${game}`), page: t(`learn.page.${p}`) });
    panel.dataset.page = p;
    nav.replaceChildren(
      tabs(slug, p, (q, label, current) =>
        h("button", { class: `tab${current ? " current" : ""}`, "aria-pressed": String(current), id: `drawer-tab-${q}`, onclick: () => show(q) }, label),
      ),
    );
    body.replaceChildren(content);
    body.scrollTop = 0;
  }
  const onKey = (event) => {
    if (event.key === "Escape" && panel.contains(document.activeElement)) closeLearnDrawer();
  };
  document.addEventListener("keydown", onKey);
  drawer = { panel, opener, onKey, destroy: () => content?.destroy?.() };
  document.body.append(panel);
  document.body.classList.add("drawer-open");
  show(page);
  panel.querySelector("#drawer-close").focus();
}

export function closeLearnDrawer(refocus = true) {
  if (!drawer) return;
  const { panel, opener, onKey, destroy } = drawer;
  drawer = null;
  destroy();
  document.removeEventListener("keydown", onKey);
  panel.remove();
  document.body.classList.remove("drawer-open");
  // The table redraws its buttons: the one that opened the panel may be a new one now.
  if (refocus) (opener?.isConnected ? opener : document.getElementById("rules-button"))?.focus();
}
