import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { currentTenantScope, inOrganization } from '@infra/platform';
import { TransactionEffects } from './event-batch';

/** A manager that records the statements it is sent. */
function recordingManager(): { manager: EntityManager; statements: unknown[][] } {
  const statements: unknown[][] = [];
  const manager = {
    query: (text: string, values?: unknown[]) => {
      statements.push([text.replace(/\s+/g, ' ').slice(0, 40), ...(values ?? [])]);
      return Promise.resolve([]);
    },
  } as unknown as EntityManager;
  return { manager, statements };
}

describe('TransactionEffects', () => {
  it("runs before-commit work once per key with every event's item, as the organization of the first", async () => {
    const effects = new TransactionEffects();
    const runs: { organizationId: string | null; items: string[] }[] = [];
    const derive = (_manager: EntityManager, items: string[]) => {
      runs.push({ organizationId: currentTenantScope().organizationId, items });
      return Promise.resolve();
    };
    inOrganization('org-a', () => effects.beforeCommit('derive org-a', 'asset-1', derive));
    inOrganization('org-b', () => effects.beforeCommit('derive org-b', 'asset-9', derive));
    inOrganization('org-a', () => effects.beforeCommit('derive org-a', 'asset-2', derive));
    const { manager, statements } = recordingManager();
    await effects.runBeforeCommit(manager, true);
    expect(runs).toEqual([
      { organizationId: 'org-a', items: ['asset-1', 'asset-2'] },
      { organizationId: 'org-b', items: ['asset-9'] },
    ]);
    // A batch spans organizations: each piece of work first makes the transaction see as its own.
    expect(statements.map((statement) => statement[1])).toEqual(['org-a', 'org-b']);
    // Done: a second run (the retry of a failed batch has effects of its own) does nothing again.
    await effects.runBeforeCommit(manager, true);
    expect(runs).toHaveLength(2);
  });

  it('does not set the scope again for the one event of its own transaction', async () => {
    const effects = new TransactionEffects();
    inOrganization('org-a', () => effects.beforeCommit('mark org-a', 1, () => Promise.resolve()));
    const { manager, statements } = recordingManager();
    await effects.runBeforeCommit(manager, false);
    expect(statements).toEqual([]);
  });

  it('runs after-commit work once per key; one that fails is logged and the rest still run', async () => {
    const effects = new TransactionEffects();
    const ran: string[] = [];
    effects.afterCommit('roll-up org-a', () => void ran.push('first'));
    effects.afterCommit('roll-up org-a', () => void ran.push('second ask, same key'));
    effects.afterCommit('queue down', () => Promise.reject(new Error('Redis unreachable')));
    effects.afterCommit('roll-up org-b', () => void ran.push('org-b'));
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await effects.runAfterCommit(logger);
    expect(ran).toEqual(['first', 'org-b']);
    expect(warn).toHaveBeenCalledWith('after-commit work queue down failed: Redis unreachable');
  });

  it('forgets everything on clear (a rolled-back transaction)', async () => {
    const effects = new TransactionEffects();
    const ran: string[] = [];
    effects.afterCommit('job', () => void ran.push('job'));
    effects.beforeCommit('work', 1, () => Promise.resolve(void ran.push('work')));
    effects.clear();
    await effects.runBeforeCommit(recordingManager().manager, true);
    await effects.runAfterCommit(new Logger('test'));
    expect(ran).toEqual([]);
  });
});
