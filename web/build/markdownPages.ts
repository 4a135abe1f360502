import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** A markdown file of the repository, published as a page of the web build (Admin → Manuals links to them). */
export interface MarkdownPage {
  /** The markdown file (absolute path). */
  source: string;
  /** The page's path in the build, served at the same path in development: `docs/user-guide.html`. */
  fileName: string;
  title: string;
  /** The page's language, for the browser (hyphenation, screen readers, translation offers). */
  lang: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** GitHub-style heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/**
 * `## Premiers pas {#getting-started}`: a heading may name its anchor, so that links to it survive a rewording and
 * a translation has the anchors of the original.
 */
const EXPLICIT_ANCHOR = /^(.*?)\s*\{#([A-Za-z0-9_-]+)\}$/;

/** A markdown file as a plain HTML page: its headings anchored, the rest preformatted as written. */
export function markdownPage(markdown: string, { title, lang }: Pick<MarkdownPage, 'title' | 'lang'>): string {
  let inFence = false;
  const body = markdown
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('```')) inFence = !inFence;
      const heading = inFence ? null : /^(#{1,6})\s+(.*)$/.exec(line);
      if (!heading) return escapeHtml(line);
      const level = heading[1]?.length ?? 1;
      const written = heading[2] ?? '';
      const explicit = EXPLICIT_ANCHOR.exec(written);
      const text = explicit?.[1] ?? written;
      const id = explicit?.[2] ?? slug(text);
      return `</pre><h${level} id="${id}">${escapeHtml(text)}</h${level}><pre>`;
    })
    .join('\n');
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d2939}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace}</style></head><body><pre>${body}</pre></body></html>`;
}

/**
 * Serves each markdown page in development (read again on every request, so edits show on reload) and writes it
 * into the build.
 */
export function markdownPages(pages: MarkdownPage[]): Plugin {
  const render = (page: MarkdownPage) => markdownPage(readFileSync(page.source, 'utf8'), page);
  return {
    name: 'markdown-pages',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split(/[?#]/)[0];
        const page = pages.find(({ fileName }) => path === `/${fileName}`);
        if (!page) return next();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(render(page));
      });
    },
    generateBundle() {
      for (const page of pages) this.emitFile({ type: 'asset', fileName: page.fileName, source: render(page) });
    },
  };
}
