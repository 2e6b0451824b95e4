// The player's settings, kept in localStorage: language, interactive rules, double tap,
// four-colour suits, card size, animations and sound. The look ones are classes on <html>.
const KEY = "cardroom.settings";
const OLD_RULES_KEY = "cardroom.interactiveRules"; // where these two were kept before
const OLD_WINNABLE_KEY = "cardroom.winnableOnly";

export const CARD_SIZES = ["small", "medium", "large"];
const DEFAULTS = {
  language: null, // null until chosen: the browser's language at the first visit
  interactiveRules: true,
  doubleTap: true,
  fourColour: false,
  cardSize: "medium",
  animations: true,
  sound: true,
  winnableOnly: false, // the new-game window's "winnable deals only"
  hidePresence: false, // friends see this player offline (the Friends page)
  mutePhrases: false, // the opponent's table phrases are not shown
};

const listeners = new Set();
let values = load();

function load() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const merged = { ...DEFAULTS };
  for (const [name, fallback] of Object.entries(DEFAULTS)) {
    const value = saved[name];
    if (value != null && (fallback == null || typeof value === typeof fallback)) merged[name] = value;
  }
  if (saved.interactiveRules == null && localStorage.getItem(OLD_RULES_KEY) === "off") merged.interactiveRules = false;
  if (saved.winnableOnly == null && localStorage.getItem(OLD_WINNABLE_KEY) === "on") merged.winnableOnly = true;
  if (!CARD_SIZES.includes(merged.cardSize)) merged.cardSize = DEFAULTS.cardSize;
  return merged;
}

export const setting = (name) => values[name];

export function setSetting(name, value) {
  if (values[name] === value) return;
  values = { ...values, [name]: value };
  localStorage.setItem(KEY, JSON.stringify(values));
  applyLook();
  for (const listener of [...listeners]) listener(name, value);
}

export function onSettings(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Animations run only when turned on and the system does not ask for reduced motion. */
export function animationsOn() {
  return values.animations && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function applyLook() {
  const root = document.documentElement.classList;
  root.toggle("four-colour", values.fourColour);
  for (const size of CARD_SIZES) root.toggle(`cards-${size}`, values.cardSize === size);
  root.toggle("no-animations", !values.animations);
}
