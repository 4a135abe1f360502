// `node -r ./register-ts.cjs child.ts`: lets a test's child process load the TypeScript sources as jest does
// (jest.config.js: ts-jest transpiles each file alone with tsconfig.jest.json, and maps @infra/* to libs/*/src).
// The repository has no ts-node or tsx; TypeScript's own transpiler keeps the decorator metadata Nest needs.
// Output is cached by content in .cache/ts-children: transpiling the service's graph takes seconds per process.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const CACHE = path.join(ROOT, '.cache/ts-children');
// What the output depends on besides the file itself: the compiler's version and the configuration.
const SETTINGS = [
  require('typescript/package.json').version,
  fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8'),
  fs.readFileSync(path.join(ROOT, 'tsconfig.jest.json'), 'utf8'),
].join('\0');
fs.mkdirSync(CACHE, { recursive: true });

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveInfra(request, ...rest) {
  const mapped = /^@infra\/(contracts|jobs|messaging|platform)(\/.*)?$/.exec(request);
  const target = mapped ? path.join(ROOT, 'libs', mapped[1], 'src', mapped[2] ?? '') : request;
  return resolveFilename.call(this, target, ...rest);
};

let compiler;
/** TypeScript and the options of tsconfig.jest.json, loaded on the first file not in the cache. */
function typescript() {
  if (!compiler) {
    const ts = require('typescript');
    const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.jest.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    compiler = { ts, options: { ...options, sourceMap: false, inlineSourceMap: true, incremental: false } };
  }
  return compiler;
}

function transpiled(fileName) {
  const source = fs.readFileSync(fileName, 'utf8');
  const key = createHash('sha256').update(`${SETTINGS}\0${fileName}\0${source}`).digest('hex');
  const cached = path.join(CACHE, `${key}.js`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached, 'utf8');
  const { ts, options } = typescript();
  const { outputText } = ts.transpileModule(source, { compilerOptions: options, fileName });
  // Written aside then renamed: children starting together never read a half-written file.
  const partial = `${cached}.${process.pid}`;
  fs.writeFileSync(partial, outputText);
  fs.renameSync(partial, cached);
  return outputText;
}

require.extensions['.ts'] = (module, fileName) => module._compile(transpiled(fileName), fileName);
