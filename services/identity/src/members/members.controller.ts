import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MemberDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { ChangeRoleDto } from './members.dto';
import { MembersService } from './members.service';

/** Members of an account. Adding one is an invitation (`POST users`, see invitations/). */
@ApiTags('Members')
@Controller()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get('accounts/:id/members')
  list(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<MemberDto[]> {
    return this.members.list(caller, id);
  }

  @Patch('users/:id')
  @Access('account-admin')
  changeRole(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: ChangeRoleDto,
  ): Promise<MemberDto> {
    return this.members.changeRole(caller, id, body);
  }

  @Delete('accounts/:id/members/:userId')
  @Access('account-admin')
  @HttpCode(204)
  remove(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
  ): Promise<void> {
    return this.members.remove(caller, id, userId);
  }
}
