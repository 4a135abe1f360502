/** @jest-environment node */
import type { OutputBundle, OutputChunk } from 'rollup';
import { preloadScript, routeFiles } from './routePreload';

const chunk = (fileName: string, module: string | null, imports: string[], isEntry = false) =>
  ({ type: 'chunk', fileName, facadeModuleId: module, imports, isEntry }) as unknown as OutputChunk;

const bundle = {
  'static/index.js': chunk('static/index.js', '/app/src/main.tsx', ['static/react.js'], true),
  'static/react.js': chunk('static/react.js', null, []),
  'static/SignIn.js': chunk('static/SignIn.js', '/app/src/SignIn.tsx', ['static/Button.js', 'static/react.js']),
  'static/Button.js': chunk('static/Button.js', null, ['static/react.js']),
  'static/Layout.js': chunk('static/Layout.js', '/app/src/Layout.tsx', ['static/Button.js']),
} as unknown as OutputBundle;

describe('route preload', () => {
  it("lists each route's chunks and what they import, without what the entry loads already", () => {
    expect(routeFiles(bundle, '/app', { '/signin': ['src/SignIn.tsx'], '*': ['src/Layout.tsx'] })).toEqual({
      '/signin': ['/static/Button.js', '/static/SignIn.js'],
      '*': ['/static/Button.js', '/static/Layout.js'],
    });
  });

  it('refuses a route module that has no chunk of its own (it would silently preload nothing)', () => {
    expect(() => routeFiles(bundle, '/app', { '/x': ['src/Missing.tsx'] })).toThrow('no chunk for src/Missing.tsx');
  });

  it('adds modulepreload links for the current path, else for any path', () => {
    const script = preloadScript({ '/signin': ['/static/SignIn.js'], '*': ['/static/Layout.js'] });
    const links: string[] = [];
    const run = (pathname: string) =>
      new Function('location', 'document', script)(
        { pathname },
        {
          createElement: () => ({}),
          head: { appendChild: (link: { rel: string; href: string }) => links.push(`${link.rel} ${link.href}`) },
        },
      );
    run('/signin');
    run('/admin/account');
    expect(links).toEqual(['modulepreload /static/SignIn.js', 'modulepreload /static/Layout.js']);
  });
});
