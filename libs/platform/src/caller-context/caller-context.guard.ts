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
import { CALLER_CONTEXT_HEADER, CallerContext, verifyCallerContext } from './caller-context';

export const INTERNAL_CONTEXT_SECRET = Symbol('INTERNAL_CONTEXT_SECRET');
const NO_CALLER_CONTEXT = 'platform:no-caller-context';

/** Marks a controller or route that answers without a caller context (health, metrics, docs, login). */
export const NoCallerContext = (): ClassDecorator & MethodDecorator => SetMetadata(NO_CALLER_CONTEXT, true);

type RequestWithCaller = Request & { caller?: CallerContext };

/** Global guard in every service: refuses any request that lacks a valid gateway-signed caller context. */
@Injectable()
export class CallerContextGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(INTERNAL_CONTEXT_SECRET) private readonly secret: string,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const open = this.reflector.getAllAndOverride<boolean>(NO_CALLER_CONTEXT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (open) return true;
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const header = request.headers[CALLER_CONTEXT_HEADER];
    const caller = verifyCallerContext(typeof header === 'string' ? header : undefined, this.secret);
    if (!caller) throw new UnauthorizedException('Unauthorized');
    request.caller = caller;
    return true;
  }
}

/** The verified caller of this request (set by CallerContextGuard). */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): CallerContext => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new UnauthorizedException('Unauthorized');
  return caller;
});
