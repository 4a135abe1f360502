import { Injectable } from '@nestjs/common';
import { SessionErrorCode, TokenResponse } from '@infra/contracts';
import { verifyPassword } from '../crypto/crypto';
import { MfaService } from '../mfa/mfa.service';
import { SecurityLog } from '../security-log/security-log';
import type { User } from '../users/user.entity';
import { LoginThrottle } from './login-throttle';
import { sessionError } from './session.errors';
import { SessionRepository } from './session.repository';
import { TokenService } from './token.service';

export type LoginResult = { mfaRequired: true } | { mfaRequired: false; user: User; tokens: TokenResponse };

@Injectable()
export class SessionService {
  constructor(
    private readonly repository: SessionRepository,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly mfa: MfaService,
    private readonly securityLog: SecurityLog,
  ) {}

  /**
   * Email + password, then the TOTP (or a recovery code) when the user enrolled MFA. The attempt is counted
   * before anything is checked; unknown email and wrong password get the same answer in the same time. Every
   * outcome for a known user goes to the security log of their accounts (a failure without being awaited).
   */
  async login(email: string, password: string, code: string | undefined, ip: string): Promise<LoginResult> {
    const normalised = email.trim().toLowerCase();
    await this.throttle.admit(normalised, ip);
    const user = await this.repository.findUserByEmail(normalised);
    const passwordOk = await verifyPassword(user?.passwordHash, password);
    if (!user) throw sessionError(SessionErrorCode.InvalidCredentials);
    if (!passwordOk) {
      this.failedSignIn(user, 'wrong-password');
      throw sessionError(SessionErrorCode.InvalidCredentials);
    }
    if (user.mfaSecret) {
      if (!code) return { mfaRequired: true };
      if (!(await this.mfa.verifyLoginCode(user, code))) {
        this.failedSignIn(user, 'wrong-code');
        throw sessionError(SessionErrorCode.InvalidCode);
      }
    }
    await this.throttle.succeeded(normalised, ip);
    await this.securityLog.record({ accountsOfUser: user.id }, { kind: 'sign-in', actorUserId: user.id });
    return { mfaRequired: false, user, tokens: await this.tokens.issue(user) };
  }

  private failedSignIn(user: User, reason: 'wrong-password' | 'wrong-code'): void {
    this.securityLog.recordInBackground(
      { accountsOfUser: user.id },
      { kind: 'sign-in', outcome: 'failure', actorUserId: user.id, detail: { reason } },
    );
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.tokens.rotate(refreshToken);
  }

  logout(refreshToken: string | undefined): Promise<void> {
    return this.tokens.revoke(refreshToken);
  }
}
