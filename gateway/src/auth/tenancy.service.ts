import { Injectable, Logger } from '@nestjs/common';
import { Pool } from 'undici';
import { isUuid, Role } from '@infra/contracts';
import { signCallerContext } from '@infra/platform';
import { GatewayEnv } from '../gateway.env';

export interface Membership {
  accountId: string;
  organizationId: string;
  role: Role;
}

const CACHE_TTL_MS = 15_000;
const CACHE_MAX = 10_000;

/**
 * Answers "may this user act in this organization, and with which role?" by asking identity (which owns
 * memberships). Answers are cached for 15 s so that a page of parallel requests costs one lookup; a
 * membership change therefore reaches the gateway within 15 s.
 */
@Injectable()
export class TenancyService {
  private readonly logger = new Logger(TenancyService.name);
  private readonly cache = new Map<string, { value: Membership | null; expires: number }>();
  private readonly identity: Pool;

  constructor(private readonly env: GatewayEnv) {
    this.identity = new Pool(env.serviceUrl('identity'), { connections: 16, keepAliveTimeout: 30_000 });
  }

  async membership(userId: string, organizationId: string, systemAdmin: boolean): Promise<Membership | null> {
    if (!isUuid(organizationId)) return null;
    const key = `${userId}:${organizationId}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.value;
    const value = await this.lookup(userId, organizationId, systemAdmin);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { value, expires: Date.now() + CACHE_TTL_MS });
    return value;
  }

  private async lookup(userId: string, organizationId: string, systemAdmin: boolean): Promise<Membership | null> {
    const context = signCallerContext(
      { userId, systemAdmin, accountId: null, organizationId: null, role: null },
      this.env.internalContextSecret,
    );
    const response = await this.identity.request({
      method: 'GET',
      path: `/internal/memberships/${organizationId}`,
      headers: { 'x-caller-context': context },
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) return JSON.parse(text) as Membership;
    if (response.statusCode === 404 || response.statusCode === 403) return null;
    this.logger.error(`membership lookup failed with ${response.statusCode}: ${text.slice(0, 200)}`);
    throw new Error(`membership lookup failed with ${response.statusCode}`);
  }

  async close(): Promise<void> {
    await this.identity.close();
  }
}
