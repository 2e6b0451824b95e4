// The settings window: language, interactive rules, double tap, four-colour suits, card
// size, animations, sound. Every change applies at once and is kept in localStorage.
import { h } from "./dom.js";
import { LANGUAGES, t } from "./i18n.js";
import { CARD_SIZES, setSetting, setting } from "./settings.js";

function toggle(name, id) {
  const input = h("input", { type: "checkbox", id, checked: setting(name), onchange: (e) => setSetting(name, e.target.checked) });
  return h(
    "div",
    { class: "setting" },
    h("label", { for: id }, input, " ", h("span", { class: "setting-name" }, t(`settings.${name}`))),
    h("p", { class: "setting-help", id: `${id}-help` }, t(`settings.${name}.help`)),
  );
}

/** The settings dialog (a modal <dialog>: it keeps focus inside, Escape closes it). */
export function settingsDialog(onLanguage) {
  const dialog = h("dialog", { class: "settings", id: "settings-dialog", "aria-labelledby": "settings-title" });
  function fill() {
    const language = h(
      "select",
      { id: "set-language", onchange: (e) => onLanguage(e.target.value) },
      LANGUAGES.map((code) => h("option", { value: code, selected: setting("language") === code, lang: code }, t(`language.${code}`))),
    );
    const size = h(
      "select",
      { id: "set-card-size", onchange: (e) => setSetting("cardSize", e.target.value) },
      CARD_SIZES.map((s) => h("option", { value: s, selected: setting("cardSize") === s }, t(`settings.cardSize.${s}`))),
    );
    dialog.replaceChildren(
      h(
        "form",
        { method: "dialog" },
        h("h2", { id: "settings-title" }, t("settings.title")),
        h("div", { class: "setting" }, h("label", { for: "set-language" }, h("span", { class: "setting-name" }, t("settings.language"))), " ", language),
        toggle("interactiveRules", "set-rules"),
        toggle("doubleTap", "set-double-tap"),
        toggle("fourColour", "set-four-colour"),
        h("div", { class: "setting" }, h("label", { for: "set-card-size" }, h("span", { class: "setting-name" }, t("settings.cardSize"))), " ", size),
        toggle("animations", "set-animations"),
        toggle("sound", "set-sound"),
        toggle("mutePhrases", "set-mute-phrases"),
        h("div", { class: "row end" }, h("button", { class: "primary", id: "settings-close", value: "close" }, t("settings.close"))),
      ),
    );
  }
  fill();
  return {
    dialog,
    fill,
    open() {
      fill();
      dialog.showModal();
    },
  };
}
