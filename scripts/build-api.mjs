#!/usr/bin/env node
// Compiles the API (apps/api/src/server.ts and what it imports, @lumina/shared included) to plain
// JavaScript in apps/api/dist, with source maps, so the production process runs under `node` alone:
// no TypeScript loader and no esbuild service beside it (less memory, faster start). Packages from
// node_modules stay imports, as Node resolves them; only the workspace's TypeScript is bundled.
// Usage: node scripts/build-api.mjs [--outDir NAME]   (about half a second)
// NAME is a folder directly in apps/api (default dist): the compiled code finds the repository and
// the migrations from its own place (apps/api/src/paths.ts), which must stay one level down.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDirFlag = process.argv.indexOf('--outDir');
const outdir = join(
  root,
  'apps/api',
  basename(outDirFlag > 0 ? (process.argv[outDirFlag + 1] ?? 'dist') : 'dist'),
);

/** Bare imports (`fastify`, `drizzle-orm/pg-core`) stay imports; `@lumina/*` is our TypeScript. */
const keepPackagesExternal = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lumina/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: { server: join(root, 'apps/api/src/server.ts') },
  outdir,
  bundle: true,
  // Lazily imported modules (the common-password list) become chunks loaded when first needed.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // ASCII (\u escapes): V8 keeps the source text of every loaded module, and one with a character
  // beyond Latin-1 (…, —, ’) as a two-byte string, twice its size, for the process's life.
  charset: 'ascii',
  // Without whitespace and comments (which escapes cannot reach), and with shorter syntax: less
  // source text resident. Names stay (error stacks, fastify's plugin and route names).
  minifyWhitespace: true,
  minifySyntax: true,
  // Error stacks name the TypeScript files and lines: node runs with --enable-source-maps.
  sourcesContent: false,
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
// What charset cannot escape (the characters of a regular expression or of a tagged template)
// makes its chunk a two-byte string again: say where, so the source can spell it as an escape.
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  const wide = /[^\u0000-\u00ff]/.exec(text);
  if (wide) {
    console.warn(
      `${file}: ${JSON.stringify(text.slice(Math.max(0, wide.index - 40), wide.index + 10))} has a character beyond Latin-1: V8 keeps this chunk as a two-byte string (twice the memory)`,
    );
  }
}
console.log(
  `API compiled to ${outdir} (${files.length} files) in ${Math.round(performance.now() - started)} ms`,
);
