import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { User } from '../users/user.entity';
import { PasswordResetToken } from './password-reset-token.entity';

/** Every password reset query. Users belong to no tenant; the filters are the email, the user and the token. */
@Injectable()
export class PasswordResetRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findUserByEmail(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ email });
  }

  findUserById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id });
  }

  async insertToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(PasswordResetToken).insert({ userId, tokenHash, expiresAt });
  }

  /**
   * Uses a live token and sets the new password in one transaction; claiming the row (used_at) is one
   * statement, so a link works once even under races. The user id, or undefined for a bad token.
   */
  setPasswordWithToken(tokenHash: string, passwordHash: string): Promise<string | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = (await manager
        .createQueryBuilder()
        .update(PasswordResetToken)
        .set({ usedAt: () => 'now()' })
        .where({ tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) })
        .returning(['userId'])
        .execute()) as { raw: { user_id: string }[] };
      const userId = claimed.raw[0]?.user_id;
      if (userId) await manager.update(User, userId, { passwordHash });
      return userId;
    });
  }
}
