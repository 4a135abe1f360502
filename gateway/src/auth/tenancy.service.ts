import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Pool } from 'undici';
import { isUuid, Role } from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, CallerContextSigner } from '@infra/platform';
import { GatewayEnv } from '../gateway.env';

export interface Membership {
  accountId: string;
  organizationId: string;
  role: Role;
}

interface Lookup {
  userId: string;
  organizationId: string;
  systemAdmin: boolean;
}

/**
 * Answers "may this user act in this organization, and with which role?" by asking identity (which owns
 * memberships). Answers are cached for 15 s and concurrent look-ups of one key share a request, so a page of
 * parallel requests costs one look-up; a membership change therefore reaches the gateway within 15 s.
 */
@Injectable()
export class TenancyService implements OnApplicationShutdown {
  private readonly logger = new Logger(TenancyService.name);
  private readonly identity: Pool;
  // lru-cache stores no null: the answer is boxed so "no membership" is cached too.
  private readonly cache = new LRUCache<string, { membership: Membership | null }, Lookup>({
    max: 10_000,
    ttl: 15_000,
    fetchMethod: async (_key, _stale, { context }) => ({ membership: await this.lookup(context) }),
  });

  // The organizations each user may open through memberships (shared-link look-ups), cached like the checks.
  private readonly organizations = new LRUCache<string, { ids: string[] }>({
    max: 10_000,
    ttl: 15_000,
    fetchMethod: async (userId) => ({ ids: await this.lookupOrganizations(userId) }),
  });

  constructor(
    env: GatewayEnv,
    private readonly signer: CallerContextSigner,
  ) {
    this.identity = new Pool(env.serviceUrl('identity'), { connections: 16, keepAliveTimeout: 30_000 });
  }

  async membership(userId: string, organizationId: string, systemAdmin: boolean): Promise<Membership | null> {
    if (!isUuid(organizationId)) return null;
    const answer = await this.cache.fetch(`${userId}:${organizationId}:${systemAdmin}`, {
      context: { userId, organizationId, systemAdmin },
    });
    return answer?.membership ?? null;
  }

  /** Every organization the user may open through a membership (a System Admin's platform-wide access is not listed). */
  async organizationsOf(userId: string): Promise<string[]> {
    const answer = await this.organizations.fetch(userId);
    return answer?.ids ?? [];
  }

  private async lookupOrganizations(userId: string): Promise<string[]> {
    const context = await this.signer.sign(
      { userId, systemAdmin: false, accountId: null, organizationId: null, role: null },
      'identity',
    );
    const response = await this.identity.request({
      method: 'GET',
      path: '/internal/memberships',
      headers: { [CALLER_CONTEXT_HEADER]: context },
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) return JSON.parse(text) as string[];
    this.logger.error(`organizations lookup failed with ${response.statusCode}: ${text.slice(0, 200)}`);
    throw new Error(`organizations lookup failed with ${response.statusCode}`);
  }

  private async lookup({ userId, organizationId, systemAdmin }: Lookup): Promise<Membership | null> {
    const context = await this.signer.sign(
      { userId, systemAdmin, accountId: null, organizationId: null, role: null },
      'identity',
    );
    const response = await this.identity.request({
      method: 'GET',
      path: `/internal/memberships/${organizationId}`,
      headers: { [CALLER_CONTEXT_HEADER]: context },
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) return JSON.parse(text) as Membership;
    if (response.statusCode === 404 || response.statusCode === 403) return null;
    this.logger.error(`membership lookup failed with ${response.statusCode}: ${text.slice(0, 200)}`);
    throw new Error(`membership lookup failed with ${response.statusCode}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.identity.close();
  }
}
