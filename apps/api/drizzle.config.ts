import { relative } from 'node:path';
import { defineConfig } from 'drizzle-kit';

// Paths are relative to this file's folder so `npm run db:generate` works from the repository
// root as well as from apps/api. drizzle-kit prefixes './' to the snapshot paths it reads, so
// an absolute folder breaks it: hand it the folder relative to the working directory.
const here = `${relative(process.cwd(), new URL('.', import.meta.url).pathname) || '.'}/`;

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here}src/db/schema/*.ts`,
  out: `${here}drizzle`,
  strict: true,
  verbose: true,
});
