import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PasswordResetErrorCode } from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, CallerContextVerifier, NoCallerContext } from '@infra/platform';
import { UsersService } from '../users/users.service';
import { CompleteResetDto, RequestResetQueryDto } from './password-reset.dto';
import { passwordResetError } from './password-reset.errors';
import { PasswordResetService } from './password-reset.service';

/** Public (the user is signed out); a signed-in caller without `email` resets their own password. */
@ApiTags('Users')
@NoCallerContext()
@Controller('users/reset-password')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly users: UsersService,
    private readonly callerContext: CallerContextVerifier,
  ) {}

  /** Requests a reset link by mail (spec: `GET users/reset-password`); answers at once, the mail is a job. */
  @Get()
  async start(@Req() req: Request, @Query() query: RequestResetQueryDto): Promise<{ message: string }> {
    // Express computes req.ip from the gateway's one trusted hop (TRUST_PROXY_HOPS); clients cannot choose it.
    const ip = req.ip ?? 'unknown';
    if (query.email) return this.resets.request(query.email, ip);
    const header = req.headers[CALLER_CONTEXT_HEADER];
    const caller = await this.callerContext.verify(typeof header === 'string' ? header : undefined);
    if (!caller) throw passwordResetError(PasswordResetErrorCode.EmailRequired);
    return this.resets.request((await this.users.get(caller.userId)).email, ip);
  }

  @Post()
  @HttpCode(200)
  complete(@Body() body: CompleteResetDto): Promise<{ message: string }> {
    return this.resets.complete(body.token, body.password);
  }
}
