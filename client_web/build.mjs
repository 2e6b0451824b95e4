// Builds the browser client into dist/: the static files of public/ and one ES module bundle.
import { cpSync, mkdirSync, rmSync } from "node:fs";
import * as esbuild from "esbuild";

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
cpSync("public", "dist", { recursive: true });
await esbuild.build({
  entryPoints: ["src/main.js"],
  bundle: true,
  format: "esm",
  target: "es2020",
  minify: true,
  sourcemap: true,
  outfile: "dist/app.js",
  logLevel: "warning",
});
