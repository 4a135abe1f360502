import { readFileSync } from 'node:fs';
import { Marked } from 'marked';
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

/** A markdown file as an HTML page (marked, GitHub's dialect): headings anchored, raw HTML in the file escaped. */
export function markdownPage(markdown: string, { title, lang }: Pick<MarkdownPage, 'title' | 'lang'>): string {
  const renderer = new Marked({ gfm: true });
  renderer.use({
    renderer: {
      heading({ tokens, depth, text }) {
        const explicit = EXPLICIT_ANCHOR.exec(text);
        const shown = explicit?.[1] ?? text;
        const inline = explicit ? escapeHtml(shown) : this.parser.parseInline(tokens);
        return `<h${depth} id="${explicit?.[2] ?? slug(shown)}">${inline}</h${depth}>\n`;
      },
      // The repository's own files, but a page of the product's origin: no markup of theirs is trusted.
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });
  const body = renderer.parse(markdown, { async: false });
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const PAGE_STYLE = [
  'body{font:16px/1.6 system-ui,sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem;color:#1d2939}',
  'h1,h2,h3{line-height:1.25;margin-top:2rem}',
  'code,pre{font:14px/1.5 ui-monospace,monospace;background:#f2f4f7;border-radius:4px}',
  'code{padding:.1em .3em}pre{padding:1rem;overflow-x:auto}pre code{padding:0;background:none}',
  'table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #d0d5dd;padding:.4rem .6rem;text-align:left}',
  'a{color:#1849a9}',
].join('');

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
