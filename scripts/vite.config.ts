/**
 * The one front-end build (DESIGN "Front end"): root `pay/`, whose index.html
 * is the front door that lazily mounts either the pay pages or the admin
 * console. Output goes to `dist/` at the repo top, which the server serves.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromTop = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export default defineConfig({
  root: fromTop('pay'),
  // Relative asset URLs: the same build works behind any path prefix.
  base: './',
  plugins: [react()],
  build: {
    outDir: fromTop('dist'),
    emptyOutDir: true,
    target: 'es2022',
    // A payer on a phone gets small chunks; the admin's are big by nature.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // The dev server reads the schema and admin folders beside pay/.
    fs: { allow: [fromTop('.')] },
    // `npm run dev` serves the API; point elsewhere with API_ORIGIN.
    proxy: Object.fromEntries(['/api', '/storage'].map((p) => [p, process.env.API_ORIGIN ?? 'http://127.0.0.1:3000'])),
  },
});
