import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import type { InvitationAcceptedDto, InvitationSentDto, PendingInvitationDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { AcceptInvitationTokenDto, InviteMemberDto } from './invitations.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('Members')
@Controller('users')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  /** Adds a member by email: always an invitation (202), whether or not the email is registered. */
  @Post()
  @Access('account-admin')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'Invitation sent: the email and role only' })
  invite(@Caller() caller: CallerContext, @Body() body: InviteMemberDto): Promise<InvitationSentDto> {
    return this.invitations.invite(caller, body);
  }

  @Get('invitations')
  pending(@Caller() caller: CallerContext): Promise<PendingInvitationDto[]> {
    return this.invitations.pendingOf(caller);
  }

  @Post('invitations/accept')
  @Access('signed-in')
  @HttpCode(200)
  acceptByToken(
    @Caller() caller: CallerContext,
    @Body() body: AcceptInvitationTokenDto,
  ): Promise<InvitationAcceptedDto> {
    return this.invitations.accept(caller, { token: body.token });
  }

  @Post('invitations/:id/accept')
  @Access('signed-in')
  @HttpCode(200)
  accept(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<InvitationAcceptedDto> {
    return this.invitations.accept(caller, { id });
  }

  @Post('invitations/:id/decline')
  @Access('signed-in')
  @HttpCode(204)
  decline(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.invitations.decline(caller, id);
  }
}
