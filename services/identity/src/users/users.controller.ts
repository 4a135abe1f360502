import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AcceptanceDataDto, AcceptanceStatusDto, ProfileDto, UserDto } from '@infra/contracts';
import { Access, Caller, CallerContext, OptionalTextPipe } from '@infra/platform';
import { AcceptTermsDto, CustomDataDto } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('Users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('profile')
  profile(
    @Caller() caller: CallerContext,
    @Query('organizationId', new OptionalTextPipe()) organizationId?: string,
    @Query('accountSlug', new OptionalTextPipe()) accountSlug?: string,
  ): Promise<ProfileDto> {
    return this.users.profile(caller, organizationId, accountSlug);
  }

  @Get('details/:id')
  details(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<UserDto> {
    return this.users.details(caller, id);
  }

  @Get('acceptance-status')
  acceptanceStatus(@Caller() caller: CallerContext): Promise<AcceptanceStatusDto> {
    return this.users.acceptanceStatus(caller.userId);
  }

  @Get('userAcceptanceData')
  acceptanceData(): AcceptanceDataDto {
    return this.users.acceptanceData();
  }

  @Post('accept-terms')
  @Access('signed-in')
  @HttpCode(200)
  accept(@Caller() caller: CallerContext, @Body() body: AcceptTermsDto): Promise<AcceptanceStatusDto> {
    return this.users.accept(caller.userId, body.termsVersion, body.privacyVersion);
  }

  @Post('saveUserCustomData')
  @Access('signed-in')
  @HttpCode(200)
  saveCustomData(@Caller() caller: CallerContext, @Body() body: CustomDataDto): Promise<Record<string, unknown>> {
    return this.users.saveCustomData(caller.userId, body.data);
  }
}
