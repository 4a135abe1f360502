import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { isChunk, routeFiles, withImports, type RouteModules } from './routePreload';

/**
 * The gzip-compressed bytes (level 9, as the server's .gz files) of the scripts a route loads before its first
 * render: the entry with its imports, and the route's lazy chunks with theirs (what the app waits for).
 */
export function scriptBytesBeforeRender(
  bundle: OutputBundle,
  root: string,
  routes: RouteModules,
): Record<string, { bytes: number; files: string[] }> {
  const entry = Object.values(bundle).find((output): output is OutputChunk => isChunk(output) && output.isEntry);
  const entryFiles = entry ? [...withImports(bundle, entry.fileName)] : [];
  const compressed = (file: string) => {
    const chunk = bundle[file];
    return isChunk(chunk) ? gzipSync(chunk.code, { level: 9 }).length : 0;
  };
  return Object.fromEntries(
    Object.entries(routeFiles(bundle, root, routes)).map(([route, files]) => {
      const all = [...entryFiles, ...files.map((file) => file.slice(1))];
      return [route, { bytes: all.reduce((total, file) => total + compressed(file), 0), files: all }];
    }),
  );
}

/**
 * Vite plugin: fails the build when the compressed scripts a route waits for before its first render exceed its
 * budget (bytes by route, issue 21 item 8). Sizes, not times: the same on every machine.
 */
export function scriptBudget(routes: RouteModules, budgets: Record<string, number>): Plugin {
  let root = process.cwd();
  return {
    name: 'script-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = path.resolve(config.root);
    },
    generateBundle(_options, bundle) {
      const sizes = scriptBytesBeforeRender(bundle, root, routes);
      for (const [route, budget] of Object.entries(budgets)) {
        const size = sizes[route];
        if (!size) this.error(`script-budget: no route ${route}`);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
        if (size.bytes > budget)
          this.error(
            `script-budget: ${route} loads ${kib(size.bytes)} of compressed script before its first render, budget ${kib(budget)}`,
          );
        this.info(`${route}: ${kib(size.bytes)} of compressed script before the first render (budget ${kib(budget)})`);
      }
    },
  };
}
