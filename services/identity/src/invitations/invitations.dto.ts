import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type { AccountRole } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';

/** `POST users`: invite an email to the account with a role (it becomes a member on acceptance). */
export class InviteMemberDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  accountId!: string;

  @ApiProperty()
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254)
  email!: string;

  /** The name of a new user (when the email has none yet), and the name the pending invitation shows the Admins. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(100)
  lastName?: string;

  @ApiProperty({ enum: ['User', 'Admin'] })
  @IsIn(['User', 'Admin'])
  role!: AccountRole;
}

/** `POST users/invitations/accept`: the token of the mailed link. */
export class AcceptInvitationTokenDto {
  @ApiProperty()
  @IsString()
  @Matches(/^[\w-]{16,128}$/, { message: 'token is not valid' })
  token!: string;
}
