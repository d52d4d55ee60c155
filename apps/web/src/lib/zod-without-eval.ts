// What `import … from 'zod'` gives the browser's build (vite.config.ts): zod, told first that it
// may not eval. The Content-Security-Policy allows no eval, and zod 4 finds that out by calling
// `Function('')` when it builds its first object schema, which the browser then reports as a CSP
// violation on every page (Lighthouse's best-practices `inspector-issues`). Told before any schema
// is built, which only this module's place between zod and its importers guarantees, it takes its
// eval-free path without trying.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
