// Prints every message catalogue of the web client as JSON, with the plural categories
// Intl.PluralRules has for its language: what tests/source/test_i18n.py checks.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "client_web", "src", "locales");
const out = {};
for (const file of readdirSync(dir).filter((f) => f.endsWith(".js")).sort()) {
  const lang = file.slice(0, -3);
  const messages = (await import(pathToFileURL(join(dir, file)).href)).default;
  out[lang] = { messages, categories: new Intl.PluralRules(lang).resolvedOptions().pluralCategories };
}
process.stdout.write(JSON.stringify(out));
