import { type CallerContext, type Tenant, tenantOf } from '@infra/platform';

/** Who acts in the organization: the user, and the API key when a script calls (audit entries name both). */
export interface Actor extends Tenant {
  apiKeyId: string | null;
}

export function actorOf(caller: CallerContext): Actor {
  return { ...tenantOf(caller), apiKeyId: caller.apiKeyId ?? null };
}

/** Who an event says made the change, in which organization and account (every event of tagging carries it). */
export interface EventOrigin {
  organizationId: string;
  accountId: string | null;
  actorId: string | null;
}

export const eventOriginOf = (actor: Actor): EventOrigin => ({
  organizationId: actor.organizationId,
  accountId: actor.accountId,
  actorId: actor.userId,
});
