import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { enterCallerScope, type TenantWallKind } from '../database/tenant-wall';
import { ACCESS_METADATA, AccessPolicy, AccessRefusals, checkAccess } from './access';
import { CALLER_CONTEXT_HEADER, CallerContext, CallerContextVerifier } from './caller-context';

/** The service's AccessRefusals (PlatformModule.forRoot's `refusals`). */
export const ACCESS_REFUSALS = 'platform:access-refusals';

/** The service's kind of tenant wall (PlatformModule.forRoot's `tenantWall`). */
export const TENANT_WALL_KIND = 'platform:tenant-wall-kind';

/** The metadata key of @NoCallerContext (the access spec reads it too). */
export const NO_CALLER_CONTEXT = 'platform:no-caller-context';

/** Marks a controller or route that answers without a caller context (health, metrics, docs, login). */
export const NoCallerContext = (): ClassDecorator & MethodDecorator => SetMetadata(NO_CALLER_CONTEXT, true);

type RequestWithCaller = Request & { caller?: CallerContext };

/**
 * Global guard in every service: refuses any request that lacks a valid gateway-signed caller context, then decides
 * the route's access policy (`@Access`) for that caller.
 */
@Injectable()
export class CallerContextGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: CallerContextVerifier,
    @Inject(ACCESS_REFUSALS) private readonly refusals: AccessRefusals,
    @Inject(TENANT_WALL_KIND) private readonly wall: TenantWallKind,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const open = this.reflector.getAllAndOverride<boolean>(NO_CALLER_CONTEXT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (open) return true;
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const header = request.headers[CALLER_CONTEXT_HEADER];
    const caller = await this.verifier.verify(typeof header === 'string' ? header : undefined);
    if (!caller) throw new UnauthorizedException('Unauthorized');
    request.caller = caller;
    // The database's row-level security shows this request only its organization's rows (none without one), or on
    // identity's wall its accounts'.
    enterCallerScope(caller, this.wall);
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    checkAccess(policy, caller, request.method, this.refusals);
    return true;
  }
}

/** The verified caller of this request (set by CallerContextGuard). */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): CallerContext => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new UnauthorizedException('Unauthorized');
  return caller;
});
