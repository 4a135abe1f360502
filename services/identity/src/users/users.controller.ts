import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength } from 'class-validator';
import type { AcceptanceDataDto, AcceptanceStatusDto, ProfileDto, UserDto } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { UsersService } from './users.service';

class AcceptTermsDto {
  @IsString()
  @MaxLength(32)
  termsVersion!: string;

  @IsString()
  @MaxLength(32)
  privacyVersion!: string;
}

class CustomDataDto {
  @IsObject()
  data!: Record<string, unknown>;
}

@ApiTags('Users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('profile')
  profile(
    @Caller() caller: CallerContext,
    @Query('organizationId') organizationId?: string,
    @Query('accountSlug') accountSlug?: string,
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
  @HttpCode(200)
  accept(@Caller() caller: CallerContext, @Body() body: AcceptTermsDto): Promise<AcceptanceStatusDto> {
    return this.users.accept(caller.userId, body.termsVersion, body.privacyVersion);
  }

  @Post('saveUserCustomData')
  @HttpCode(200)
  saveCustomData(@Caller() caller: CallerContext, @Body() body: CustomDataDto): Promise<Record<string, unknown>> {
    return this.users.saveCustomData(caller.userId, body.data);
  }
}
