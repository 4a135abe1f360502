// The product under test's processes as its supervisor records them (E2E_PID_DIR: one `<name>.pid` per process).
import fs from 'node:fs';
import path from 'node:path';

const PID_DIR = process.env.E2E_PID_DIR;

/** The process's current pid; undefined when the product's pids are not known (a product started elsewhere). */
export const pidOf = (name: string): number | undefined =>
  PID_DIR ? Number(fs.readFileSync(path.join(PID_DIR, `${name}.pid`), 'utf8')) : undefined;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One answer of a load's client, with the time it came. */
export interface Answer {
  at: number;
  status: number;
  body: unknown;
}
