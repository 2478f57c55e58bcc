/**
 * The one front-end build: root `pay/`, whose index.html
 * is the front door that lazily mounts either the pay pages or the admin
 * console. Output goes to `dist/` at the repo top, which the server serves.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { precompress } from './build/precompress';

const fromTop = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const PAY_ENTRY = fromTop('pay/main.tsx');

/**
 * Payers count every millisecond on a slow phone: the page names the pay
 * chunk and its imports (React) as module preloads, so the browser fetches
 * them while it parses the page instead of after the front door has run.
 * An operator opening the console preloads the small pay chunk for nothing.
 * The pay CSS is not preloaded: the console never applies it, and Chromium
 * warns on every console page about a preload left unused; the front door
 * fetches it with the pay chunk, long before the larger React chunk is in.
 */
function preloadPaySide(): Plugin {
  return {
    name: 'paydesk:preload-pay-side',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const pay = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId === PAY_ENTRY);
        if (pay?.type !== 'chunk') throw new Error('the pay chunk is missing from the build');
        // The entry itself is already the page's script.
        const imports = pay.imports.filter((file) => !(bundle![file] as { isEntry?: boolean }).isEntry);
        const link = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' });
        return [pay.fileName, ...imports].map((file) => link({ rel: 'modulepreload', crossorigin: '', href: `./${file}` }));
      },
    },
  };
}

/**
 * Warnings about library code that are known to be harmless, each by its code
 * and the module it names; any other warning still prints. Zod's comments
 * carry annotations Rollup cannot place (it drops them; the code is the same).
 * ra-core re-exports FieldTitle through its util index while the two import
 * each other: a component read at render time, long after both chunks ran.
 */
const HARMLESS_WARNINGS: Array<{ code: string; module: RegExp }> = [
  { code: 'INVALID_ANNOTATION', module: /\/node_modules\/zod\// },
  { code: 'CYCLIC_CROSS_CHUNK_REEXPORT', module: /\/node_modules\/ra-core\/dist\/util\/FieldTitle\.js$/ },
];

const isHarmless = (log: Rollup.RollupLog) =>
  HARMLESS_WARNINGS.some(({ code, module }) => log.code === code && [log.id, log.exporter].some((id) => id !== undefined && module.test(id)));

export default defineConfig({
  root: fromTop('pay'),
  // Relative asset URLs, so dist/ can be served under any path.
  base: './',
  plugins: [react(), preloadPaySide(), precompress()],
  build: {
    outDir: fromTop('dist'),
    emptyOutDir: true,
    target: 'es2022',
    // A payer on a phone gets small chunks; the admin's are big by nature.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(log, warn) {
        if (!isHarmless(log)) warn(log);
      },
    },
  },
  server: {
    // The dev server reads the schema and admin folders beside pay/.
    fs: { allow: [fromTop('.')] },
    // `npm run dev` serves the API; point elsewhere with API_ORIGIN.
    proxy: Object.fromEntries(['/api', '/storage'].map((p) => [p, process.env.API_ORIGIN ?? 'http://127.0.0.1:3000'])),
  },
});
