// Loaded with `node --import` into the server by bench/embedded-db.ts only: replaces the PGlite
// settings the server passes (postgresqlconf, initialMemory) with those of BENCH_PGLITE_OPTIONS
// (JSON), so that variants run on the real production server without a setting of its own.
// PGlite's initdb (a child process of the server, given no postgresqlconf) gets initialMemory only.
import { PGlite } from '@electric-sql/pglite';

const raw = process.env.BENCH_PGLITE_OPTIONS;
if (raw) {
  const override = JSON.parse(raw);
  const create = PGlite.create.bind(PGlite);
  PGlite.create = (options = {}) =>
    create({
      ...options,
      ...(options.postgresqlconf !== undefined && override.postgresqlconf !== undefined
        ? { postgresqlconf: override.postgresqlconf }
        : {}),
      ...(override.initialMemory !== undefined ? { initialMemory: override.initialMemory } : {}),
    });
}
