/** @jest-environment node */
import type { OutputBundle, OutputChunk } from 'rollup';
import { gzipSync } from 'node:zlib';
import { scriptBudget, scriptBytesBeforeRender } from './scriptBudget';

const chunk = (fileName: string, module: string | null, imports: string[], code: string, isEntry = false) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: module,
    moduleIds: [],
    imports,
    code,
    isEntry,
  }) as unknown as OutputChunk;

const big = 'export const x = "' + Array.from({ length: 4000 }, (_, i) => i.toString(36)).join('') + '";\n';
const bundle = {
  'static/index.js': chunk('static/index.js', '/app/src/main.tsx', [], 'import("./SignIn.js");', true),
  'static/SignIn.js': chunk('static/SignIn.js', '/app/src/SignIn.tsx', ['static/Big.js'], 'export {};'),
  'static/Big.js': chunk('static/Big.js', null, [], big),
  'static/Home.js': chunk('static/Home.js', '/app/src/Home.tsx', [], 'export {};'),
} as unknown as OutputBundle;
const routes = { '/signin': ['src/SignIn.tsx'], '/': ['src/Home.tsx'] };
const gz = (code: string) => gzipSync(code, { level: 9 }).length;

describe('script budget', () => {
  it("sums the gzip size of the entry's scripts and the route's chunks with their imports", () => {
    const sizes = scriptBytesBeforeRender(bundle, '/app', routes);
    expect(sizes['/signin']).toEqual({
      bytes: gz('import("./SignIn.js");') + gz('export {};') + gz(big),
      files: ['static/index.js', 'static/Big.js', 'static/SignIn.js'],
    });
    expect(sizes['/']?.bytes).toBe(gz('import("./SignIn.js");') + gz('export {};'));
  });

  it('fails the build when a route exceeds its budget', () => {
    const plugin = scriptBudget(routes, { '/signin': gz(big), '/': 10_000 });
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
      info: () => undefined,
    };
    const generate = plugin.generateBundle as unknown as (
      this: typeof context,
      options: unknown,
      b: OutputBundle,
    ) => void;
    (plugin.configResolved as unknown as (config: { root: string }) => void)({ root: '/app' });
    expect(() => generate.call(context, {}, bundle)).toThrow(/\/signin loads .* budget/);
    const roomy = scriptBudget(routes, { '/signin': 10_000, '/': 10_000 });
    (roomy.configResolved as unknown as (config: { root: string }) => void)({ root: '/app' });
    expect(() => (roomy.generateBundle as unknown as typeof generate).call(context, {}, bundle)).not.toThrow();
  });
});
