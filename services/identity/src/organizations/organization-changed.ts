import type { OrganizationChangedPayload } from '@infra/contracts';
import type { PublishInput } from '@infra/messaging';

/**
 * The `identity.organization.changed.v1` event of an organization as it is now, wherever it changes: created or
 * renamed (with its account's plan limit, which inventory enforces), on a new plan, or deleted (every service purges
 * it). Published in the change's transaction.
 */
export function organizationChanged(
  organization: { id: string; accountId: string; name: string },
  actorId: string | null,
  change: { assetLimit: number | undefined } | { deleted: true },
): PublishInput<OrganizationChangedPayload> {
  const { id, accountId, name } = organization;
  return {
    accountId,
    organizationId: id,
    actorId,
    payload:
      'deleted' in change
        ? { organizationId: id, accountId, name, deleted: true }
        : { organizationId: id, accountId, name, deleted: false, assetLimit: change.assetLimit },
  };
}
