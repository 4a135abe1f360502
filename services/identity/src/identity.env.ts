import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { loadServiceEnv, Sensitive, ServiceEnv } from '@infra/platform';

export class IdentityEnv extends ServiceEnv {
  /** HS256 key of access tokens; the gateway verifies them with the same key. Required: no key in the repository. */
  @Sensitive()
  @IsString()
  @MinLength(32)
  JWT_SECRET!: string;

  /** Encrypts MFA secrets at rest (AES-256-GCM). Required, like JWT_SECRET. */
  @Sensitive()
  @IsString()
  @MinLength(32)
  DATA_ENCRYPTION_KEY!: string;

  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(3600)
  ACCESS_TOKEN_TTL_SECONDS: number = 900;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(90)
  REFRESH_TOKEN_TTL_DAYS: number = 14;

  @IsIn(['true', 'false'])
  COOKIE_SECURE = 'true';

  /** Where links in emails point (the web app's origin). */
  @Matches(/^https?:\/\/\S+$/, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:8080';

  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587. Empty: mail is written to MAIL_DIR. */
  @Matches(/^$|^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be empty or an smtp(s):// URL' })
  SMTP_URL = '';

  @IsString()
  MAIL_DIR = '.local/mail';

  @IsString()
  MAIL_FROM = 'infra-analytics <no-reply@infra-analytics.local>';

  /** Load the demo account and users on first start (never in production). */
  @IsIn(['true', 'false'])
  DEMO_DATA = 'true';

  get jwtSecret(): string {
    return this.JWT_SECRET;
  }

  get dataEncryptionKey(): string {
    return this.DATA_ENCRYPTION_KEY;
  }
}

export function loadIdentityEnv(env = process.env): IdentityEnv {
  return loadServiceEnv('identity', IdentityEnv, env);
}
