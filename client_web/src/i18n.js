// Every word the client shows comes from a message catalogue, one file per language
// (locales/en.js, ko.js, pl.js), each a chunk of its own that is loaded when chosen (before
// the first paint). Plurals, numbers and dates come from Intl.

export const LANGUAGES = ["en", "ko", "pl"];
const LOADERS = {
  en: () => import("./locales/en.js"),
  ko: () => import("./locales/ko.js"),
  pl: () => import("./locales/pl.js"),
};

let language = "en";
let messages = {};
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

export const currentLanguage = () => language;

/** The language of a first visit: the first of the browser's languages we have. */
export function browserLanguage(preferred = navigator.languages || [navigator.language]) {
  for (const tag of preferred) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export async function setLanguage(code) {
  const chosen = LANGUAGES.includes(code) ? code : "en";
  messages = (await LOADERS[chosen]()).default;
  language = chosen;
  plurals = new Intl.PluralRules(chosen);
  numbers = new Intl.NumberFormat(chosen);
  document.documentElement.lang = chosen;
}

export const has = (key) => key in messages;

/** ``n`` written the language's way (1,234.5 / 1 234,5), with ``digits`` decimals when given
 * (0,0 in Polish, never the 0.0 of toFixed): every number the page shows goes through here or
 * through t(). A missing value is a dash. */
export const formatNumber = (n, digits) =>
  n == null ? "–" : new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** ``v`` (0..100) as a whole percentage, in the language's way (Polish "50%", with its
 * own spacing rules left to Intl). */
export const formatPercent = (v) => new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(v / 100);

/** A moment (ms since the epoch) as a date and time in the language's way. */
export function formatDate(ms) {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

/** A day, given as the server names it ("2026-12-06", a UTC day) or as a moment (ms), in the
 * language's way ("6 December 2026", "6 grudnia 2026", "2026년 12월 6일"), never as ISO. */
export function formatDay(day) {
  const utc = typeof day === "string";
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: utc ? "UTC" : undefined }).format(utc ? new Date(`${day}T00:00Z`) : day);
}

/** A match's two scores, the winner's first ("130–45"), each written the language's way;
 * with no winner, in seat order. */
export const formatScores = (scores, winner) => (winner === 1 ? [1, 0] : [0, 1]).map((seat) => formatNumber(scores[seat])).join("–");

/** A person's name as the language says it about others (Korean adds 님; a bot's name or
 * "you" never goes through here). */
export const personName = (name) => t("name.person", { name });

/**
 * The message ``key`` with ``{name}`` placeholders filled from ``params``. A plural message
 * is an object of Intl.PluralRules categories ({one, few, many, other}), chosen by ``n``.
 * Numbers are written the language's way; a missing key shows itself (tests/test_i18n.py
 * keeps every key in every catalogue).
 */
export function t(key, params = {}) {
  let message = messages[key] ?? key;
  if (typeof message === "object") message = message[plurals.select(params.n ?? 0)] ?? message.other;
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params[name];
    if (value == null) return whole;
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

/** The sentence for a refusal or an error, in the reader's language: by its stable code
 * (the game's refusals first), else the server's English sentence. In English the server's
 * own sentence wins, since it may carry details (which code was wrong, and why). */
export function describeError(error, game) {
  const code = error?.code;
  const keys = [game && `refusal.${game === "gin_rummy" ? "gin_rummy" : "solitaire"}.${code}`, `error.${code}`];
  const key = keys.find((k) => k && has(k));
  if (language === "en" && error?.message) return error.message;
  if (key) return t(key);
  return error?.message || t("error.internal");
}
