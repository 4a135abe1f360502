// Proves the no-restricted-syntax rule of eslint.config.mjs against an await inside Promise.all's array: the awaited
// call runs before the others are awaited, and a rejection among them meanwhile was unhandled and stopped analytics.
// Linted with the repository's real configuration in a child process (ESLint loads its ESM config itself).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function refusals(code: string): number[] {
  const script = `
    const { ESLint } = require('eslint');
    const path = require('node:path');
    const eslint = new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    eslint
      .lintText(process.env.CODE, { filePath: path.join(process.cwd(), 'services/analytics/src/sample.ts') })
      .then(([result]) => process.stdout.write(JSON.stringify(result.messages.map((m) => m.line))))
      .catch((error) => { console.error(error); process.exit(1); });`;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    env: { ...process.env, CODE: code },
    encoding: 'utf8',
  });
  return JSON.parse(output) as number[];
}

describe('no await inside the array given to a Promise aggregator', () => {
  it('refuses awaits in the array, nested in calls too, for all, allSettled, race and any', () => {
    const code = [
      'export async function f(a: () => Promise<number>, b: (n: number) => Promise<number>) {',
      '  await Promise.all([a(), b(await a())]);',
      '  await Promise.allSettled([await a()]);',
      '  await Promise.race([a(), { v: b(await a()) }.v]);',
      '  await Promise.any([b(1), b(await a())]);',
      '}',
    ].join('\n');
    expect(refusals(code)).toEqual([2, 3, 4, 5]);
  });

  it('accepts hoisted or chained values, and awaits inside functions written in the array', () => {
    const code = [
      'export async function f(a: () => Promise<number>, b: (n: number) => Promise<number>) {',
      '  const n = await a();',
      '  await Promise.all([b(n), a().then((m) => b(m))]);',
      '  await Promise.all([(async () => b(await a()))(), [1].map(async (x) => b(await b(x)))[0]]);',
      '  await Promise.all([1, 2].map(async (x) => b(await b(x))));',
      '}',
    ].join('\n');
    expect(refusals(code)).toEqual([]);
  });
});
