import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MfaEnrollmentDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { UsersService } from '../users/users.service';
import { MfaCodeDto } from './mfa.dto';
import { MfaService } from './mfa.service';

@ApiTags('Users')
@Controller('users')
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
  ) {}

  /** Starts enrolment: an otpauth URI (and its QR code) plus recovery codes; nothing changes until verify-mfa. */
  @Get('enroll-mfa')
  async enroll(@Caller() caller: CallerContext): Promise<MfaEnrollmentDto> {
    return this.mfa.startEnrollment(await this.users.get(caller.userId));
  }

  @Post('verify-mfa')
  @Access('signed-in')
  @HttpCode(200)
  async verify(@Caller() caller: CallerContext, @Body() body: MfaCodeDto): Promise<{ mfaEnabled: true }> {
    await this.mfa.completeEnrollment(await this.users.get(caller.userId), body.code);
    return { mfaEnabled: true };
  }

  @Post('disable-mfa')
  @Access('signed-in')
  @HttpCode(200)
  async disable(@Caller() caller: CallerContext, @Body() body: MfaCodeDto): Promise<{ mfaEnabled: false }> {
    await this.mfa.disable(await this.users.get(caller.userId), body.code);
    return { mfaEnabled: false };
  }
}
