import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { type AccessChange, accessChangesChannel } from '@infra/contracts';
import { REDIS } from '@infra/platform';
import { ApiKeyVerifier } from './api-keys';
import { TenancyService } from './tenancy.service';

const ID_LISTS = ['userIds', 'organizationIds', 'accountIds', 'keyIds'] as const;

/** The change a message names, or undefined for anything else on the channel. */
export function accessChangeOf(message: string): AccessChange | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const change: AccessChange = {};
  for (const list of ID_LISTS) {
    const ids = (parsed as Record<string, unknown>)[list];
    if (ids === undefined) continue;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
    change[list] = ids;
  }
  return change;
}

/**
 * Listens for identity's access changes and drops the cached answers they make wrong, on every gateway replica.
 * Pub/sub keeps no message for a listener that is away, so each (re)connection drops every cached answer.
 */
@Injectable()
export class AccessChangesSubscriber implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccessChangesSubscriber.name);
  private readonly subscriber: Redis;
  /** Its Redis client name (`CLIENT LIST`): one per replica, so an operator or a test can tell them apart. */
  readonly connectionName = `gateway-access-changes-${randomUUID().slice(0, 8)}`;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly tenancy: TenancyService,
    private readonly apiKeys: ApiKeyVerifier,
  ) {
    this.subscriber = redis.duplicate({ connectionName: this.connectionName });
  }

  onModuleInit(): void {
    const channel = accessChangesChannel(this.subscriber.options.db ?? 0);
    this.subscriber.on('ready', () => this.forgetAll());
    this.subscriber.on('error', (error: Error) => this.logger.warn(`access changes: ${error.message}`));
    this.subscriber.on('message', (_channel: string, message: string) => {
      const change = accessChangeOf(message);
      if (!change) return this.logger.warn('access changes: a message that names no change was ignored');
      this.tenancy.forget(change);
      this.apiKeys.forget(change);
    });
    // ioredis subscribes again by itself after a reconnection.
    this.subscriber.subscribe(channel).catch((error: Error) => this.logger.warn(`access changes: ${error.message}`));
  }

  private forgetAll(): void {
    this.tenancy.forgetAll();
    this.apiKeys.forgetAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
