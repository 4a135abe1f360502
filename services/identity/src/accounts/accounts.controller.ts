import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AccountDto } from '@infra/contracts';
import { Access, Caller, CallerContext, OptionalTextPipe } from '@infra/platform';
import { CreateAccountDto, UpdateAccountDto } from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('Accounts')
@Controller('accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  list(
    @Caller() caller: CallerContext,
    @Query('authClientId', new OptionalTextPipe()) authClientId?: string,
  ): Promise<AccountDto[]> {
    return this.accounts.list(caller, authClientId);
  }

  @Post()
  @Access('system-admin')
  create(@Body() body: CreateAccountDto): Promise<AccountDto> {
    return this.accounts.create(body);
  }

  @Get(':slug')
  bySlug(@Caller() caller: CallerContext, @Param('slug') slug: string): Promise<AccountDto> {
    return this.accounts.bySlug(caller, slug);
  }

  @Put(':id')
  @Access('account-admin')
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateAccountDto,
  ): Promise<AccountDto> {
    return this.accounts.update(caller, id, body);
  }

  @Delete(':id')
  @Access('system-admin')
  @HttpCode(204)
  remove(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query('name', new OptionalTextPipe()) name?: string,
  ): Promise<void> {
    return this.accounts.remove(caller, id, name);
  }
}
