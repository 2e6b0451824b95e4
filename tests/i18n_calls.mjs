// Runs the web client's own i18n.js (client_web/src/i18n.js) in Node: for each call
// [language, function, ...arguments] of the JSON list in argv[2], its result, as JSON. What
// tests/source/test_i18n.py checks of the formatting helpers (numbers, counts, days, scores,
// names), with the real catalogues and Node's Intl.
globalThis.document = { documentElement: {} }; // setLanguage marks the page's language there
const i18n = await import("../client_web/src/i18n.js");
const out = [];
for (const [language, name, ...args] of JSON.parse(process.argv[2])) {
  await i18n.setLanguage(language);
  out.push(i18n[name](...args));
}
process.stdout.write(JSON.stringify(out));
