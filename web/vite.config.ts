import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The gateway serves the API (and, in production, this build) on one origin. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
const proxy = { '/api': { target: gateway, changeOrigin: true } };

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const README_PAGE = 'docs/readme.html';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** GitHub-style heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** The repository README as a plain HTML page (its headings anchored, the rest preformatted). */
function readmePage(markdown: string): string {
  let inFence = false;
  const body = markdown
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('```')) inFence = !inFence;
      const heading = inFence ? null : /^(#{1,6})\s+(.*)$/.exec(line);
      if (!heading) return escapeHtml(line);
      const level = heading[1]?.length ?? 1;
      const text = heading[2] ?? '';
      return `</pre><h${level} id="${slug(text)}">${escapeHtml(text)}</h${level}><pre>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Infra Analytics: README</title><style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d2939}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace}</style></head><body><pre>${body}</pre></body></html>`;
}

/** Serves the README (Admin → Manuals links to it) in development and copies it into the build. */
function readmeDoc(): Plugin {
  return {
    name: 'readme-doc',
    configureServer(server) {
      server.middlewares.use(`/${README_PAGE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(readmePage(readFileSync(README, 'utf8')));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: README_PAGE, source: readmePage(readFileSync(README, 'utf8')) });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), readmeDoc()],
  resolve: {
    alias: {
      '@infra/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // React, React DOM, MUI and Emotion share one vendor chunk of about 700 kB (splitting them makes circular chunks).
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](i18next[^\\/]*|react-i18next)[\\/]/.test(id)) return 'i18n';
          if (/[\\/](@reduxjs|redux|react-redux|reselect|immer)[\\/]/.test(id)) return 'state';
          // MUI X (the data grid) depends on the vendor chunk, never the reverse: a chunk of its own.
          if (/[\\/]@mui[\\/]x-[^\\/]+[\\/]/.test(id)) return 'mui-x';
          return 'vendor';
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
});
