/** @jest-environment node */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { markdownPage, markdownPages } from './markdownPages';

describe('markdown pages', () => {
  it('renders markdown as HTML, anchors headings as GitHub does, and escapes raw HTML', () => {
    const page = markdownPage(
      '# Infra Analytics\n\nSee <b>this</b> & **that** in `code`.\n\n- one\n- two\n\n## The two commands!',
      { title: 'README', lang: 'en' },
    );
    expect(page).toContain('<h1 id="infra-analytics">Infra Analytics</h1>');
    expect(page).toContain('<h2 id="the-two-commands">The two commands!</h2>');
    expect(page).toContain('<p>See &lt;b&gt;this&lt;/b&gt; &amp; <strong>that</strong> in <code>code</code>.</p>');
    expect(page).toContain('<li>one</li>');
    expect(page).not.toContain('<b>');
    expect(page).toContain('<title>README</title>');
  });

  it("uses a heading's own anchor, so that a translation keeps the original's anchors", () => {
    const page = markdownPage("## Premiers pas {#getting-started}\n### L'étape {#terms}", {
      title: 'Guide',
      lang: 'fr',
    });
    expect(page).toContain('<h2 id="getting-started">Premiers pas</h2>');
    expect(page).toContain(`<h3 id="terms">L'étape</h3>`);
    expect(page).toContain('<html lang="fr">');
  });

  it('leaves lines starting with # inside a fenced block as text', () => {
    const page = markdownPage('```sh\n# a comment\n```\n## After', { title: 'x', lang: 'en' });
    expect(page).toContain('# a comment');
    expect(page).not.toContain('id="a-comment"');
    expect(page).toContain('<h2 id="after">After</h2>');
  });

  describe('plugin', () => {
    let dir: string;
    let source: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'markdown-pages-'));
      source = path.join(dir, 'guide.md');
      await writeFile(source, '## Tags {#tags}\nText');
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    const plugin = () => markdownPages([{ source, fileName: 'docs/guide.html', title: 'Guide', lang: 'en' }]);

    it('writes each page into the build', () => {
      const emitFile = jest.fn();
      (plugin().generateBundle as (this: unknown) => void).call({ emitFile });
      expect(emitFile).toHaveBeenCalledWith({
        type: 'asset',
        fileName: 'docs/guide.html',
        source: expect.stringContaining('<h2 id="tags">Tags</h2>'),
      });
    });

    it('serves each page at its path in development, and passes anything else on', () => {
      type Middleware = (req: { url?: string }, res: unknown, next: () => void) => void;
      let middleware: Middleware | undefined;
      const server = { middlewares: { use: (handler: Middleware) => (middleware = handler) } };
      (plugin().configureServer as (server: unknown) => void)(server);
      const res = { setHeader: jest.fn(), end: jest.fn() };
      const next = jest.fn();

      middleware!({ url: '/docs/guide.html?v=1' }, res, next);
      expect(res.setHeader).toHaveBeenCalledWith('Content-Type', 'text/html; charset=utf-8');
      expect(res.end).toHaveBeenCalledWith(expect.stringContaining('<h2 id="tags">Tags</h2>'));
      middleware!({ url: '/docs/other.html' }, res, next);
      expect(next).toHaveBeenCalledTimes(1);
    });
  });
});
