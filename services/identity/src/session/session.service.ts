import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IDENTITY_MESSAGES, TokenResponse } from '@infra/contracts';
import { verifyPassword } from '../crypto/crypto';
import { MfaService } from '../mfa/mfa.service';
import { User } from '../users/user.entity';
import { LoginThrottle } from './login-throttle';
import { TokenService } from './token.service';

export type LoginResult = { mfaRequired: true } | { mfaRequired: false; user: User; tokens: TokenResponse };

@Injectable()
export class SessionService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly mfa: MfaService,
  ) {}

  /**
   * Email + password, then the TOTP (or a recovery code) when the user enrolled MFA. Unknown email and
   * wrong password get the same answer in the same time; failures count towards a lockout.
   */
  async login(email: string, password: string, code: string | undefined, ip: string): Promise<LoginResult> {
    const normalised = email.trim().toLowerCase();
    await this.throttle.assertAllowed(normalised, ip);
    const user = await this.users.findOneBy({ email: normalised });
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(normalised, ip);
      throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCredentials);
    }
    if (user.mfaSecret) {
      if (!code) return { mfaRequired: true };
      if (!(await this.mfa.verifyLoginCode(user, code))) {
        await this.throttle.recordFailure(normalised, ip);
        throw new UnauthorizedException(IDENTITY_MESSAGES.invalidCode);
      }
    }
    await this.throttle.reset(normalised);
    return { mfaRequired: false, user, tokens: await this.tokens.issue(user) };
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.tokens.rotate(refreshToken, (userId) => this.users.findOneBy({ id: userId }));
  }

  logout(refreshToken: string | undefined): Promise<void> {
    return this.tokens.revoke(refreshToken);
  }
}
