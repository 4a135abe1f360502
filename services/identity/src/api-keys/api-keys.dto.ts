import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { API_KEY_LIMITS, type AccountRole, type CreateApiKeyRequest } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO date-time after now and at most `days` ahead. */
function IsFutureWithinDays(days: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isFutureWithinDays',
      validator: {
        validate: (value: unknown) => {
          const at = typeof value === 'string' ? Date.parse(value) : NaN;
          const now = Date.now();
          return at > now && at <= now + days * DAY_MS;
        },
        defaultMessage: () => `$property must be in the future and at most ${days} days ahead`,
      },
    },
    options,
  );
}

export class CreateApiKeyDto implements CreateApiKeyRequest {
  @ApiProperty({ maxLength: API_KEY_LIMITS.nameMaxLength })
  @IsString()
  @NoControlCharacters()
  @Matches(/\S/, { message: 'name must not be blank' })
  @MaxLength(API_KEY_LIMITS.nameMaxLength)
  name!: string;

  @ApiProperty({ format: 'uuid', description: 'An organization of the account: the only one the key can act in' })
  @IsUUID()
  organizationId!: string;

  @ApiProperty({ enum: ['User', 'Admin'] })
  @IsIn(['User', 'Admin'])
  role!: AccountRole;

  @ApiPropertyOptional({ format: 'date-time', description: 'In the future, at most a year ahead; none: no expiry' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @IsFutureWithinDays(API_KEY_LIMITS.expiryMaxDays)
  expiresAt?: string;
}

/** Gateway → identity: the SHA-256 of a presented secret, and the client address its failures count against. */
export class VerifyApiKeyDto {
  @IsString()
  @Matches(/^[0-9a-f]{64}$/)
  hash!: string;

  @IsString()
  @NoControlCharacters()
  @MaxLength(64)
  clientIp!: string;
}
