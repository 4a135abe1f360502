// What the tenant-isolation matrix (test/e2e/tenant-isolation.e2e.test.ts) needs from each service: how to create
// real entities as one tenant, and for each route the concrete request that addresses them.

/** A signed-in Admin of one account, working in one of its organizations. */
export interface Tenant {
  label: string;
  token: string;
  userId: string;
  accountId: string;
  accountSlug: string;
  organizationId: string;
}

/** Ids of the entities a fixture created as the owner, by name, and texts that identify them. */
export interface Entities {
  ids: Record<string, string>;
  /** Access tokens of other users on the owner's side (an invited user answers their own invitations). */
  tokens: Record<string, string>;
  /** Strings (ids, names, emails) that must never appear in an answer to the other tenant. */
  secrets: string[];
}

/**
 * How a route relates to tenant data:
 * - `entity`: reads, changes or removes one entity of the owner, named in the path or body;
 * - `create`: creates an entity under the owner's account or organization (named in the body);
 * - `list`: lists what the caller's tenant owns (answers the intruder, without the owner's entities);
 * - `scoped`: organization-scoped with no entity in the request (only the organizationId header names the tenant);
 * - `self`: about the caller alone (profile, MFA, terms): nothing of another tenant can be named;
 * - `platform`: System Admin only (an account Admin is refused whatever the tenant).
 */
export type RouteKind = 'entity' | 'create' | 'list' | 'scoped' | 'self' | 'platform';

export interface Request {
  /** Path below /api/v1, concrete. */
  path: string;
  body?: unknown;
}

export interface RouteFixture {
  kind: RouteKind;
  /** The request the owner would send for its own entity (the intruder sends the same one). */
  request(owner: Tenant, entities: Entities): Request;
  /**
   * The owner sends it too, after the intruder, and must succeed: a fixture that addresses nothing real would
   * make the isolation check pass for the wrong reason. Off for `self` and `platform` routes, and for requests
   * whose success would destroy the demo data.
   */
  ownerSucceeds: boolean;
  /** Who on the owner's side legitimately sends the request, when not the owner (e.g. `tokens.invitee`). */
  sender?(owner: Tenant, entities: Entities): string;
}

/** Route key as `GET /api/v1` lists it: method and path below /api/v1 (`GET accounts/:id/members`). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;

export interface ServiceFixtures {
  /** Creates, as `owner`, the entities the requests address. */
  setup(owner: Tenant): Promise<Entities>;
  routes: Partial<Record<RouteKey, RouteFixture>>;
}
