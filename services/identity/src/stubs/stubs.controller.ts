import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller, CallerContext } from '@infra/platform';

/**
 * Placeholder calls of the three permission tiers (spec §7 "Stubs"). The gateway admits each only to its
 * tier and above (see the permission matrix in the README); they just echo who was let in.
 */
@ApiTags('Stubs')
@Controller('stubs')
export class StubsController {
  @Get('users/service')
  users(@Caller() caller: CallerContext) {
    return { tier: 'user', userId: caller.userId, role: caller.role };
  }

  @Get('admin/service')
  admin(@Caller() caller: CallerContext) {
    return { tier: 'admin', userId: caller.userId, role: caller.role };
  }

  @Get('system/service')
  system(@Caller() caller: CallerContext) {
    return { tier: 'system', userId: caller.userId, role: caller.systemAdmin ? 'System Admin' : caller.role };
  }
}
