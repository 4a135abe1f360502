import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { UserDto } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { User } from './user.entity';

/** The columns a user's details show; secrets (password hash, MFA secrets, recovery codes) are never selected. */
const SHOWN = `u.id AS "id", u.email AS "email", u.first_name AS "firstName", u.last_name AS "lastName",
  u.mobile_number AS "mobileNumber", u.work_number AS "workNumber", u.company AS "company", u.website AS "website",
  u.address_line_one AS "addressLineOne", u.address_line_two AS "addressLineTwo", u.city AS "city",
  u.country AS "country", u.zip_code AS "zipCode", u.time_zone AS "timeZone", u.system_admin AS "systemAdmin",
  u.mfa_secret IS NOT NULL AS "mfaEnabled"`;

export interface AcceptanceRow {
  acceptedTermsVersion: string | null;
  acceptedPrivacyVersion: string | null;
  acceptedAt: Date | null;
}

/**
 * Every query on users. Users belong to no single tenant: another user is visible only through an account both
 * share (`detailsVisibleTo`); everything else reads or writes the caller's own row.
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The whole row, for sign-in and MFA flows that need the secrets. */
  findEntity(userId: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id: userId });
  }

  async details(userId: string): Promise<UserDto | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${SHOWN} FROM users u WHERE u.id = $1`, [userId])) as UserDto[];
    return row;
  }

  /** The user's details when the caller is them, shares an account with them, or is a System Admin. */
  async detailsVisibleTo(caller: CallerContext, userId: string): Promise<UserDto | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT ${SHOWN} FROM users u
        WHERE u.id = $1
          AND ($3 OR u.id = $2 OR EXISTS (
                SELECT 1 FROM memberships theirs
                  JOIN memberships mine ON mine.account_id = theirs.account_id AND mine.user_id = $2
                 WHERE theirs.user_id = u.id))`,
      [userId, caller.userId, caller.systemAdmin],
    )) as UserDto[];
    return row;
  }

  async emailOf(userId: string): Promise<string | undefined> {
    const user = await this.dataSource.getRepository(User).findOne({ select: { email: true }, where: { id: userId } });
    return user?.email;
  }

  /** Creates the user of an invited email unless one exists (a concurrent invitation may have created it). */
  async insertIfAbsent(
    manager: EntityManager,
    user: Pick<User, 'email' | 'firstName' | 'lastName' | 'passwordHash'>,
  ): Promise<User | undefined> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(User)
      .values(user)
      .orIgnore()
      .returning(['id', 'email'])
      .execute();
    const row = (result.raw as { id: string; email: string }[])[0];
    return row ? manager.create(User, { ...user, id: row.id }) : undefined;
  }

  async acceptance(userId: string): Promise<AcceptanceRow | null> {
    return this.dataSource.getRepository(User).findOne({
      // With the id: TypeORM returns no row when every selected column is null (a user who never accepted).
      select: { id: true, acceptedTermsVersion: true, acceptedPrivacyVersion: true, acceptedAt: true },
      where: { id: userId },
    });
  }

  async accept(userId: string, termsVersion: string, privacyVersion: string): Promise<void> {
    await this.dataSource
      .getRepository(User)
      .update(
        { id: userId },
        { acceptedTermsVersion: termsVersion, acceptedPrivacyVersion: privacyVersion, acceptedAt: new Date() },
      );
  }

  /**
   * Merges `data` into the user's custom data key by key, in one statement, unless the result would exceed
   * `maxBytes` serialized (so two concurrent calls cannot together pass the cap). Undefined: not stored.
   */
  async mergeCustomData(
    userId: string,
    data: Record<string, unknown>,
    maxBytes: number,
  ): Promise<Record<string, unknown> | undefined> {
    const [rows] = (await this.dataSource.query(
      `UPDATE users SET custom_data = custom_data || $2::jsonb
        WHERE id = $1 AND octet_length((custom_data || $2::jsonb)::text) <= $3
        RETURNING custom_data AS "customData"`,
      [userId, JSON.stringify(data), maxBytes],
    )) as [{ customData: Record<string, unknown> }[], number];
    return rows[0]?.customData;
  }
}
