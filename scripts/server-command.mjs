// How the production server runs (less memory, a faster start): the compiled API under plain
// node. One place for the browser tests' server and the benchmarks, which run
// apps/api/dist/server.js directly, and for `npm start`, whose script in package.json passes the
// same flags and MALLOC_ARENA_MAX to node before start.mjs (they act only from a process's start;
// apps/api/src/production-start.test.ts fails when the two differ).

/**
 * --enable-source-maps: error stacks name the TypeScript files and lines.
 * --max-semi-space-size=4: V8's young generation defaults to 16 MB semi-spaces, most of it slack
 * on a server whose live heap is about 40 MB; 4 MB keeps about 25 MB less resident (152 to 129 MB
 * at rest on PostgreSQL, measured) for more frequent, shorter scavenges.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];

/** node's arguments to run the API compiled into apps/api/<outDir> (scripts/build-api.mjs). */
export function serverArgs(outDir = 'dist') {
  return [...SERVER_NODE_FLAGS, `apps/api/${outDir}/server.js`];
}

/**
 * The server's environment: `env` with glibc's malloc held to 2 arenas unless the operator set
 * MALLOC_ARENA_MAX. By default glibc gives each thread that allocates (libuv's pool, V8's
 * workers) an arena of its own, and the pages they keep count in the RSS: 2 arenas measured 116
 * to 120 MB at rest on PostgreSQL against 119 to 125 MB (4 and 6 starts), for a start about
 * 0.17 s slower (6 paired restarts on the embedded database: background compiles share the
 * arenas). glibc reads it when the process starts, so it is set here, for the child (and, by
 * start.mjs, for the cluster's workers).
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
