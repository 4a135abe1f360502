import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NoCallerContext } from '@infra/platform';

/** `GET auth/health` and `GET users/health` (spec §7): public liveness of the sign-in and user APIs. */
@ApiTags('Auth')
@NoCallerContext()
@Controller()
export class ServiceHealthController {
  @Get(['auth/health', 'users/health'])
  @ApiOkResponse({ description: 'The identity service answers' })
  health(): { status: 'ok'; service: 'identity' } {
    return { status: 'ok', service: 'identity' };
  }
}
