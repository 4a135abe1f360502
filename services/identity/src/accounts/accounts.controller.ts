import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AccountDto, MemberDto } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { AddMemberDto, ChangeRoleDto, CreateAccountDto, UpdateAccountDto } from './accounts.dto';
import { AccountsService } from './accounts.service';
import { MembersService } from './members.service';

@ApiTags('Accounts')
@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly members: MembersService,
  ) {}

  @Get('accounts')
  list(@Caller() caller: CallerContext, @Query('authClientId') authClientId?: string): Promise<AccountDto[]> {
    return this.accounts.list(caller, authClientId);
  }

  @Post('accounts')
  create(@Caller() caller: CallerContext, @Body() body: CreateAccountDto): Promise<AccountDto> {
    return this.accounts.create(caller, body);
  }

  @Get('accounts/:slug')
  bySlug(@Caller() caller: CallerContext, @Param('slug') slug: string): Promise<AccountDto> {
    return this.accounts.bySlug(caller, slug);
  }

  @Put('accounts/:id')
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateAccountDto,
  ): Promise<AccountDto> {
    return this.accounts.update(caller, id, body);
  }

  @Delete('accounts/:id')
  @HttpCode(204)
  remove(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.accounts.remove(caller, id);
  }

  @ApiTags('Members')
  @Get('accounts/:id/members')
  listMembers(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<MemberDto[]> {
    return this.members.list(caller, id);
  }

  @ApiTags('Members')
  @Post('users')
  addMember(@Caller() caller: CallerContext, @Body() body: AddMemberDto): Promise<MemberDto> {
    return this.members.add(caller, body);
  }

  @ApiTags('Members')
  @Patch('users/:id')
  changeRole(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: ChangeRoleDto,
  ): Promise<MemberDto> {
    return this.members.changeRole(caller, id, body);
  }

  @ApiTags('Members')
  @Delete('accounts/:id/members/:userId')
  @HttpCode(204)
  removeMember(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('userId', ParseUUIDPipe) userId: string,
  ): Promise<void> {
    return this.members.remove(caller, id, userId);
  }
}
