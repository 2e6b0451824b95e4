// Builds the browser client into dist/: one ES module entry (app-HASH.js) with the Korean,
// Polish and English catalogues split into chunks loaded when chosen, the pages a first
// visit does not show (friends, profile, boards, replays, Watch) and the QR package loaded
// when first opened, the code they share with the app in chunks index.html preloads, the
// style sheet
// (style-HASH.css) and the icon, every name but index.html carrying a hash of what it holds
// (the server caches those for a year), index.html pointing at them, and a brotli (.br) and
// a gzip (.gz) copy of every text file worth compressing (the server sends the one the
// browser accepts). Node's own zlib makes both: no package needed.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const OUT = "dist";
const MIN_COMPRESS = 1024; // bytes; the server's threshold too (server/web.py)
const TEXT = new Set([".js", ".css", ".html", ".svg", ".map", ".json"]);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const built = await esbuild.build({
  entryPoints: { app: "src/main.js", style: "public/style.css" },
  bundle: true,
  splitting: true,
  format: "esm",
  target: "es2020",
  minify: true,
  sourcemap: true,
  outdir: OUT,
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});

// What index.html names -> the hashed file that holds it.
const names = {};
for (const [file, output] of Object.entries(built.metafile.outputs)) {
  if (output.entryPoint === "src/main.js") names["app.js"] = relative(OUT, file);
  if (output.entryPoint === "public/style.css" && file.endsWith(".css")) names["style.css"] = relative(OUT, file);
}
// The other files of public/ (the icon): copied under a name with their hash.
for (const name of readdirSync("public")) {
  if (name === "index.html" || name === "style.css") continue;
  const body = readFileSync(join("public", name));
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 8).toUpperCase();
  const hashed = `${basename(name, extname(name))}-${hash}${extname(name)}`;
  copyFileSync(join("public", name), join(OUT, hashed));
  names[name] = hashed;
}
let index = readFileSync("public/index.html", "utf8");
for (const [name, hashed] of Object.entries(names)) {
  const quoted = `"${name}"`;
  if (!index.includes(quoted)) throw new Error(`index.html does not name ${name}`);
  index = index.replaceAll(quoted, `"${hashed}"`);
}
// The chunks the app imports at once (code it shares with pages loaded later) are asked for
// with the app, not after it has been read: one round trip, not two.
const [appFile] = Object.entries(built.metafile.outputs).find(([, o]) => o.entryPoint === "src/main.js");
const preloads = built.metafile.outputs[appFile].imports
  .filter((i) => i.kind === "import-statement")
  .map((i) => `  <link rel="modulepreload" href="${relative(OUT, i.path)}">\n`)
  .join("");
index = index.replace("  <script type=\"module\"", `${preloads}  <script type="module"`);
writeFileSync(join(OUT, "index.html"), index);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}
for (const path of [...files(OUT)]) {
  const body = readFileSync(path);
  if (!TEXT.has(extname(path)) || body.length < MIN_COMPRESS) continue;
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}
