import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** A page path (exact, or '*' for any other) with the source modules of its lazy chunks. */
export type RouteModules = Record<string, string[]>;

export const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === 'chunk';

/** A chunk's file with every chunk it imports statically (what loading it will fetch). */
export function withImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !isChunk(chunk)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) withImports(bundle, imported, seen);
  return seen;
}

/**
 * For each route, the files its lazy chunks need beyond the entry's own (which index.html loads already):
 * from the chunks whose module is one of the route's, and what they import.
 */
export function routeFiles(bundle: OutputBundle, root: string, routes: RouteModules): Record<string, string[]> {
  const entry = Object.values(bundle).find((output): output is OutputChunk => isChunk(output) && output.isEntry);
  const loaded = entry ? withImports(bundle, entry.fileName) : new Set<string>();
  const chunks = Object.values(bundle).filter(isChunk);
  // A module's own chunk, else the one Rollup merged it into (a dynamically imported module whose code is all
  // shared with other chunks gets no facade of its own).
  const chunkOf = (module: string) => {
    const id = path.resolve(root, module);
    return (
      chunks.find((chunk) => chunk.facadeModuleId === id) ??
      chunks.find((chunk) => (chunk.moduleIds ?? []).includes(id))
    );
  };
  return Object.fromEntries(
    Object.entries(routes).map(([route, modules]) => {
      const files = new Set<string>();
      for (const module of modules) {
        const chunk = chunkOf(module);
        if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
        for (const file of withImports(bundle, chunk.fileName)) if (!loaded.has(file)) files.add(file);
      }
      return [route, [...files].sort().map((file) => `/${file}`)];
    }),
  );
}

/** The script: adds a modulepreload link for each file of the current route (files listed once, by index). */
export function preloadScript(files: Record<string, string[]>): string {
  const names = [...new Set(Object.values(files).flat())].sort();
  const byRoute = Object.fromEntries(
    Object.entries(files).map(([route, list]) => [route, list.map((file) => names.indexOf(file))]),
  );
  return `(function(){var n=${JSON.stringify(names)},m=${JSON.stringify(byRoute)};(m[location.pathname]||m["*"]||[]).forEach(function(i){var l=document.createElement("link");l.rel="modulepreload";l.href=n[i];document.head.appendChild(l)})})();\n`;
}

/**
 * Vite plugin: the lazy chunks of the page being opened start downloading with the entry instead of after
 * it has run (an SPA's waterfall). A small external script (the CSP allows no inline script) picks the
 * route's files by path and adds modulepreload links for them.
 */
export function routePreload(routes: RouteModules): Plugin {
  let root = process.cwd();
  let assetsDir = 'assets';
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      assetsDir = config.build.assetsDir;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const reference = this.emitFile({
        type: 'asset',
        name: 'route-preload.js',
        source: preloadScript(routeFiles(bundle, root, routes)),
      });
      const src = `/${this.getFileName(reference)}`;
      if (!src.startsWith(`/${assetsDir}/`)) throw new Error(`route-preload: ${src} is outside ${assetsDir}`);
      html.source = String(html.source).replace('</head>', `  <script src="${src}" async></script>\n  </head>`);
    },
  };
}
