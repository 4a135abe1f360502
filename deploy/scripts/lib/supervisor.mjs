// Keeps one product process running, as Kubernetes' restartPolicy does for a container: a process that exits
// without being asked to is started again after a backoff that doubles with each quick crash (1 s … 30 s) and
// starts over once the process has stayed up for a minute. Each exit is one line saying which process, why, and
// the restart count, so a crash loop is visible in `npm start`'s output and in the test logs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const BACKOFF = { firstMs: 1_000, maxMs: 30_000, stableAfterMs: 60_000 };

/** Delay before restart number `restarts` (1-based) of a process that keeps crashing. */
export function backoffMs(restarts, { firstMs, maxMs } = BACKOFF) {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, restarts - 1));
}

/** Why a process ended, in the words of its exit: `exit code 1`, `signal SIGKILL`. */
function reasonOf(code, signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * One supervised process. `onLine(line)` receives each line of its stdout and stderr; `report(message)` the
 * supervisor's own lines; `pidFile`, when given, always holds the pid of the current incarnation (tests kill it).
 */
export class SupervisedProcess {
  constructor({ name, command, args, cwd, env, onLine, report, pidFile, backoff = BACKOFF }) {
    Object.assign(this, { name, command, args, cwd, env, onLine, report, pidFile, backoff });
    this.restarts = 0;
    this.stopping = false;
    this.exits = [];
    this.timer = undefined;
    this.spawn();
  }

  spawn() {
    const child = spawn(this.command, this.args, { cwd: this.cwd, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.startedAt = Date.now();
    if (this.pidFile && child.pid) {
      fs.mkdirSync(path.dirname(this.pidFile), { recursive: true });
      fs.writeFileSync(this.pidFile, String(child.pid));
    }
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => this.onLine(line));
    child.on('error', (error) => this.report(`${this.name} could not be started: ${error.message}`));
    child.on('exit', (code, signal) => this.exited(code, signal));
  }

  exited(code, signal) {
    this.exits.push({ code, signal });
    if (this.stopping) return;
    // A process that ran for a while crashed on something new, not in a loop: its backoff starts over.
    if (Date.now() - this.startedAt >= this.backoff.stableAfterMs) this.restarts = 0;
    this.restarts += 1;
    const delay = backoffMs(this.restarts, this.backoff);
    this.report(
      `${this.name} exited (${reasonOf(code, signal)}); restart ${this.restarts} in ${(delay / 1000).toFixed(0)} s`,
    );
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopping) this.spawn();
    }, delay);
  }

  /** Whether the current incarnation has exited (and not been restarted yet). */
  get down() {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** SIGTERM, then SIGKILL after `graceMs`; no restart afterwards. */
  stop(graceMs = 10_000) {
    this.stopping = true;
    clearTimeout(this.timer);
    const child = this.child;
    return new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
