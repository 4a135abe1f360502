// promtool (Prometheus's rule checker) for the tests of deploy/monitoring: from PATH, or taken out of Debian's
// prometheus package into .cache/tools without installing it (installing would also start a Prometheus server).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, commandExists, log, run } from './proc.mjs';

const TOOLS = path.join(ROOT, '.cache/tools');
const EXTRACTED = path.join(TOOLS, 'prometheus/usr/bin/promtool');

/** The path of a promtool that runs here; fetches it the first time. */
export function ensurePromtool() {
  if (commandExists('promtool')) return 'promtool';
  if (fs.existsSync(EXTRACTED)) return EXTRACTED;
  if (!commandExists('apt-get') || !commandExists('dpkg-deb'))
    throw new Error('promtool is missing: install Debian package "prometheus" (or put promtool on PATH)');
  log("fetching promtool (Debian's prometheus package, unpacked into .cache/tools)");
  fs.mkdirSync(TOOLS, { recursive: true });
  run('apt-get', ['download', '-qq', 'prometheus'], { cwd: TOOLS, stdio: ['ignore', 'ignore', 'inherit'] });
  const deb = fs.readdirSync(TOOLS).find((file) => /^prometheus_.*\.deb$/.test(file));
  if (!deb) throw new Error('apt-get download prometheus gave no package');
  run('dpkg-deb', ['-x', path.join(TOOLS, deb), path.join(TOOLS, 'prometheus')]);
  fs.rmSync(path.join(TOOLS, deb));
  return EXTRACTED;
}
