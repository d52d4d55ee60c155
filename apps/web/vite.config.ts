import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3001';

export default defineConfig(({ isSsrBuild }) => ({
  // The server's renderer needs no copy of public/ (the browser's build has it).
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  // In the browser, zod without its eval probe (src/lib/zod-without-eval.ts); the server may eval.
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          {
            find: /^zod$/,
            replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
          },
        ],
      },
  server: {
    port: 5173,
    // In development the API runs on its own port; the browser only ever talks to /api.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // The server's renderer (build.mjs, --ssr) carries its dependencies: it runs from any folder.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The server's renderer in ASCII (\u escapes): V8 keeps the source text of every loaded
        // module, and one with a character beyond Latin-1 (…, —, ’) as a two-byte string, twice its
        // size, for the server process's life. The browser's build keeps UTF-8 (fewer bytes)…
        charset: isSsrBuild ? 'ascii' : 'utf8',
        // …and without comments, which escapes cannot reach (nothing reads them on the server).
        ...(isSsrBuild ? { comments: false } : {}),
        // TanStack Query, with the React it imports, as one chunk. Left to itself the bundler
        // breaks the query library into several shared chunks as soon as a lazily loaded part
        // (the cart, the contact form) uses a query hook, which cost the home page about 2 KiB
        // of its 130 KiB budget (bench/home-js-size.ts).
        codeSplitting: {
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The catalogue's few-line helpers and pieces (money, prices, photo sizes, badge,
            // skeletons), shared by nearly every page: one small chunk instead of six files of a
            // few hundred bytes each (bench/home-js-size.ts).
            {
              name: 'catalog-kit',
              test: /(packages[\\/]shared[\\/]src[\\/](format[\\/]money|catalog[\\/]pricing|catalog[\\/]product-images)\.ts|components[\\/]ui[\\/](badge|skeleton)\.tsx|product-card-skeleton\.tsx)$/,
            },
            // The product card and what it is made of: its prices ('a partir de'), name and
            // option-name rules, wishlist heart and hook, add-to-cart button and the list query.
            // One chunk instead of five files on the home page, whose own imports, exports and
            // gzip framing cost about 0.6 KiB (bench/home-js-size.ts). The product page, the
            // listings, the cart (variant names and prices) and the account's wishlist load it
            // too, from the cache when the visitor came through the home page or a listing.
            // Its dependencies (React Router, the button, the cart events) stay in the entry
            // chunk, which never imports this one statically: without the flag the group would
            // pull React Router out of the entry.
            {
              name: 'product-card',
              includeDependenciesRecursively: false,
              test: /(features[\\/]catalog[\\/](components[\\/](product-card|wishlist-button|add-to-cart-button|heart-icon)\.tsx|utils[\\/]display-price\.ts|api[\\/]get-products\.ts)|lib[\\/]wishlist[\\/](use-wishlist|local-wishlist|wishlist-key)\.ts|packages[\\/]shared[\\/]src[\\/]catalog[\\/](product-name|option-names|variant-prices)\.ts)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
}));
