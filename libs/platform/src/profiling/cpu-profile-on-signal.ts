import { Logger } from '@nestjs/common';
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * With `CPU_PROFILE_DIR` set, `kill -USR2 <pid>` starts a CPU profile of the running process and the next
 * `kill -USR2` writes it to `<dir>/<service>-<pid>-<time>.cpuprofile` (open it in Chrome DevTools → Performance).
 * What a stalled service spends its event loop on, taken around one request, without restarting it with
 * `--cpu-prof` (which profiles its whole life and writes only when it exits). Off unless the variable is set.
 */
export function profileCpuOnSignal(service: string, directory = process.env.CPU_PROFILE_DIR): void {
  if (!directory) return;
  const into = directory;
  const logger = new Logger('CpuProfile');
  let session: Session | undefined;
  process.on('SIGUSR2', () => {
    void toggle().catch((error: unknown) => logger.error({ err: error }, 'CPU profile failed'));
  });
  async function toggle(): Promise<void> {
    if (!session) {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      // 200 µs between samples: a 100 ms stall shows as 500 samples.
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
      logger.log(`CPU profile started (kill -USR2 ${process.pid} writes it to ${directory})`);
      return;
    }
    const current = session;
    session = undefined;
    const { profile } = await current.post('Profiler.stop');
    current.disconnect();
    const file = join(into, `${service}-${process.pid}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    logger.log(`CPU profile written: ${file}`);
  }
}
