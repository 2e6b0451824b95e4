// Builds the browser client into dist/: the static files of public/ and one ES module bundle
// (app.js), with the Korean and Polish catalogues split into chunks loaded when chosen.
import { cpSync, mkdirSync, rmSync } from "node:fs";
import * as esbuild from "esbuild";

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
cpSync("public", "dist", { recursive: true });
await esbuild.build({
  entryPoints: { app: "src/main.js" },
  bundle: true,
  splitting: true,
  format: "esm",
  target: "es2020",
  minify: true,
  sourcemap: true,
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
});
