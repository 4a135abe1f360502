import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { CALLER_CONTEXT_HEADER, INTERNAL_CONTEXT_SECRET, NoCallerContext, verifyCallerContext } from '@infra/platform';
import { UsersService } from '../users/users.service';
import { PasswordResetService } from './password-reset.service';

class CompleteResetDto {
  @IsString()
  @MinLength(10)
  @MaxLength(256)
  token!: string;

  @IsString()
  @MaxLength(1024)
  password!: string;
}

/** Public (the user is signed out); a signed-in caller without `email` resets their own password. */
@ApiTags('Users')
@NoCallerContext()
@Controller('users/reset-password')
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly users: UsersService,
    @Inject(INTERNAL_CONTEXT_SECRET) private readonly secret: string,
  ) {}

  @Get()
  async start(@Req() req: Request, @Query('email') email?: string): Promise<{ message: string }> {
    if (email) return this.resets.request(email);
    const header = req.headers[CALLER_CONTEXT_HEADER];
    const caller = verifyCallerContext(typeof header === 'string' ? header : undefined, this.secret);
    if (!caller) throw new BadRequestException('email is required');
    return this.resets.request((await this.users.get(caller.userId)).email);
  }

  @Post()
  @HttpCode(200)
  complete(@Body() body: CompleteResetDto): Promise<{ message: string }> {
    return this.resets.complete(body.token, body.password);
  }
}
