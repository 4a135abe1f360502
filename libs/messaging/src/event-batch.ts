import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  currentTenantScope,
  currentWallSetting,
  inTenantScope,
  scopeTransactionToCurrentTenant,
  type TenantScope,
} from '@infra/platform';

/** What an event's handler hands over to the end of its transaction: once per key, however many events ask. */
export interface EventEffects {
  /** Work after the commit (queue a job that reads what the handler wrote, count a metric). */
  afterCommit(key: string, work: () => Promise<void> | void): void;
  /**
   * Work before the commit, in the transaction, given every item the transaction's events gave this key (in their
   * order), as the organization of the first of them: what is cheaper done for a batch's events at once (derive the
   * tags of its assets, publish one event for them). The key must name the organization.
   */
  beforeCommit<T>(key: string, item: T, work: (manager: EntityManager, items: T[]) => Promise<void>): void;
}

interface Deferred {
  scope: TenantScope;
  items: unknown[];
  work: (manager: EntityManager, items: unknown[]) => Promise<void>;
}

/** The effects of one transaction (an event's, or a batch's). */
export class TransactionEffects implements EventEffects {
  private readonly before = new Map<string, Deferred>();
  private readonly after = new Map<string, () => Promise<void> | void>();

  afterCommit(key: string, work: () => Promise<void> | void): void {
    // Run in the trace of the event that asked (a job it queues is a child of that event's span).
    const asked = context.active();
    if (!this.after.has(key)) this.after.set(key, () => context.with(asked, work));
  }

  beforeCommit<T>(key: string, item: T, work: (manager: EntityManager, items: T[]) => Promise<void>): void {
    const deferred = this.before.get(key);
    if (deferred) deferred.items.push(item);
    else
      this.before.set(key, {
        scope: currentTenantScope(),
        items: [item],
        work: work as Deferred['work'],
      });
  }

  /**
   * Runs the before-commit work (a throw fails the transaction). `rescope`: the transaction spans organizations (a
   * batch), so each piece of work first makes it see as its own.
   */
  async runBeforeCommit(manager: EntityManager, rescope: boolean): Promise<void> {
    for (const { scope, items, work } of this.before.values())
      await inTenantScope(scope, async () => {
        if (rescope) await scopeTransactionToCurrentTenant(manager);
        await work(manager, items);
      });
    this.before.clear();
  }

  /** Runs each piece of after-commit work once; one that fails is logged and the others still run. */
  async runAfterCommit(logger: Logger): Promise<void> {
    for (const [key, work] of this.after) {
      try {
        await work();
      } catch (error) {
        logger.warn(`after-commit work ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.after.clear();
  }

  clear(): void {
    this.before.clear();
    this.after.clear();
  }
}

/**
 * The events of one Kafka batch (one partition's messages, `BatchingKafkaServer`) applied in one transaction: one
 * `BEGIN`/`COMMIT` (and one fsync) for up to `BATCH_MAX_EVENTS`, instead of one each, and the handlers' before-commit
 * work done once for all of them. Each event still inserts its inbox row and runs as its own organization
 * (`scopeTransactionToCurrentTenant`). The first event that fails marks the batch failed: the server rolls it back
 * and applies its events one by one, each in a transaction of its own with its retries and dead letter, so a poison
 * event costs its neighbours one replay, never their effects.
 */
export class EventBatch {
  private readonly logger = new Logger(EventBatch.name);
  private runner: QueryRunner | undefined;
  /** The wall setting the transaction sees as (`currentWallSetting`): set again only when an event's differs. */
  private wallSetting: string | undefined;
  /**
   * Organizations the batch found not purged. A purge that starts meanwhile waits for the batch: its writes hold the
   * organization's purge lock (`tenant_wall_writable`) until they commit, and the purge then deletes them too.
   */
  readonly notPurged = new Set<string>();
  readonly effects = new TransactionEffects();
  /** An event's handler failed: the batch cannot commit; the server replays its events alone. */
  failed = false;

  /** Runs `work` in the batch's transaction (opened on first use), as the current organization. */
  async inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.runner) {
      const runner = dataSource.createQueryRunner();
      try {
        await runner.connect();
        await runner.startTransaction();
      } catch (error) {
        await runner.release().catch(() => undefined);
        throw error;
      }
      this.runner = runner;
      this.wallSetting = undefined;
    }
    const setting = currentWallSetting();
    if (setting !== this.wallSetting) {
      await scopeTransactionToCurrentTenant(this.runner.manager);
      this.wallSetting = setting;
    }
    return work(this.runner.manager);
  }

  /**
   * Runs the before-commit work, commits what the batch applied, then runs the after-commit work. Throws when the
   * batch could not commit (nothing of it is applied then).
   */
  async commit(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (runner) {
      try {
        await this.effects.runBeforeCommit(runner.manager, true);
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      } finally {
        await runner.release();
      }
    }
    await this.effects.runAfterCommit(this.logger);
  }

  /** Drops everything the batch applied (its events are then replayed alone). */
  async rollback(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    this.effects.clear();
    if (!runner) return;
    // A connection that broke (the likely failure) cannot roll back: releasing it ends the transaction all the same.
    await runner.rollbackTransaction().catch(() => undefined);
    await runner.release().catch(() => undefined);
  }
}

const storage = new AsyncLocalStorage<EventBatch>();

/** The batch the current message belongs to, if it is consumed as part of one. */
export function currentEventBatch(): EventBatch | undefined {
  return storage.getStore();
}

/** Runs `work` (the handling of a batch's messages) with `batch` as their batch. */
export function inEventBatch<T>(batch: EventBatch, work: () => Promise<T>): Promise<T> {
  return storage.run(batch, work);
}

/** Runs `work` outside any batch (a batch's events replayed one by one). */
export function outsideEventBatch<T>(work: () => Promise<T>): Promise<T> {
  return storage.exit(work);
}
