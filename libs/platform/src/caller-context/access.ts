import { ForbiddenException, SetMetadata } from '@nestjs/common';
import type { CallerContext } from './caller-context';

/**
 * Who may call a route, declared on the route and decided once, by the caller-context guard, before any pipe checks
 * the body (a plain User's 5,000-tag batch is refused without a tag being validated):
 * - `organization-admin`: an Admin of the selected organization's account, or a System Admin;
 * - `organization-member`: anyone the selected organization's account has (its Users too); what a User may touch
 *   beyond that (only the views they made) is the feature's rule;
 * - `signed-in`: any signed-in caller, acting on their own things (profile, MFA, the invitations sent to them);
 * - `account-admin`: an Admin of the account the request names (or a System Admin): the role depends on that
 *   account, so the feature's service reads it from the membership (`AccountAccess.requireAdmin` in identity);
 * - `system-admin`: a System Admin;
 * - `internal`: a gateway-only route (not in the public route table) that the gateway calls for itself.
 * Routes without a caller context (`@NoCallerContext()`: sign-in, health, signed file links) need no policy. A write
 * route with neither is refused (and `access.spec.ts` fails), so a new route cannot forget it.
 */
export type AccessPolicy =
  'organization-admin' | 'organization-member' | 'signed-in' | 'account-admin' | 'system-admin' | 'internal';

export const ACCESS_METADATA = 'platform:access';

export const Access = (policy: AccessPolicy): ClassDecorator & MethodDecorator => SetMetadata(ACCESS_METADATA, policy);

/** The service's own refusals, in its error catalogue's words (each service has an AdminOnly code). */
export interface AccessRefusals {
  organizationAdmin: () => Error;
  systemAdmin?: () => Error;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Throws when `caller` may not call a route of `policy` (`httpMethod` tells a write from a read: a read without a
 * policy is open to the organization's members, a write without one is refused).
 */
export function checkAccess(
  policy: AccessPolicy | undefined,
  caller: CallerContext,
  httpMethod: string,
  refusals: AccessRefusals,
): void {
  switch (policy) {
    case undefined:
      if (WRITE_METHODS.has(httpMethod.toUpperCase())) throw new ForbiddenException('This route has no access policy.');
      return;
    case 'organization-admin':
      // No organization selected: tenantOf answers that, in the handler.
      if (caller.role === 'User') throw refusals.organizationAdmin();
      return;
    case 'system-admin':
      if (!caller.systemAdmin) throw (refusals.systemAdmin ?? refusals.organizationAdmin)();
      return;
    case 'organization-member':
    case 'signed-in':
    case 'account-admin':
    case 'internal':
      return;
  }
}
