import { Injectable, Logger } from '@nestjs/common';
import { type AccessChange, isUuid, Role } from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, CallerContextSigner } from '@infra/platform';
import { Upstreams } from '../routing/upstreams';
import { AnswerCache } from './answer-cache';
import { includes } from './access-change-match';

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
 * parallel requests costs one look-up. Identity announces membership changes (`forget`), so they take effect at
 * once; the 15 s expiry only bounds a change whose message was missed.
 */
@Injectable()
export class TenancyService {
  private readonly logger = new Logger(TenancyService.name);
  // lru-cache stores no null: the answer is boxed so "no membership" is cached too.
  private readonly cache = new AnswerCache<string, { membership: Membership | null }, Lookup>({
    max: 10_000,
    ttl: 15_000,
    fetchMethod: async (_key, _stale, { context }) => ({ membership: await this.lookup(context) }),
  });

  // The organizations each user may open through memberships (shared-link look-ups), cached like the checks.
  private readonly organizations = new AnswerCache<string, { ids: string[] }, undefined>({
    max: 10_000,
    ttl: 15_000,
    fetchMethod: async (userId) => ({ ids: await this.lookupOrganizations(userId) }),
  });

  constructor(
    private readonly upstreams: Upstreams,
    private readonly signer: CallerContextSigner,
  ) {}

  async membership(userId: string, organizationId: string, systemAdmin: boolean): Promise<Membership | null> {
    if (!isUuid(organizationId)) return null;
    const answer = await this.cache.fetch(`${userId}:${organizationId}:${systemAdmin}`, {
      userId,
      organizationId,
      systemAdmin,
    });
    return answer?.membership ?? null;
  }

  /** Drops the answers an access change may have made wrong. */
  forget(change: AccessChange): void {
    this.cache.forget((key, { membership }) => {
      const [userId, organizationId] = key.split(':');
      return (
        includes(change.userIds, userId) ||
        includes(change.organizationIds, organizationId) ||
        includes(change.accountIds, membership?.accountId)
      );
    });
    // An account's removal takes organizations this cache cannot tell apart from its user's others.
    if (change.accountIds?.length) this.organizations.clear();
    else
      this.organizations.forget(
        (userId, { ids }) => includes(change.userIds, userId) || ids.some((id) => includes(change.organizationIds, id)),
      );
  }

  /** Drops every answer (the access changes may have been missed). */
  forgetAll(): void {
    this.cache.clear();
    this.organizations.clear();
  }

  /** Every organization the user may open through a membership (a System Admin's platform-wide access is not listed). */
  async organizationsOf(userId: string): Promise<string[]> {
    const answer = await this.organizations.fetch(userId, undefined);
    return answer?.ids ?? [];
  }

  private async lookupOrganizations(userId: string): Promise<string[]> {
    const context = await this.signer.sign(
      { userId, systemAdmin: false, accountId: null, organizationId: null, role: null },
      'identity',
    );
    const response = await this.upstreams.of('identity').request({
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
    const response = await this.upstreams.of('identity').request({
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
}
