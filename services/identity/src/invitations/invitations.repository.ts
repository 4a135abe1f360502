import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan } from 'typeorm';
import { Account, AccountRoleName, Membership } from '../accounts/account.entity';
import { Invitation } from './invitation.entity';

export interface PendingInvitationRow {
  id: string;
  accountId: string;
  accountName: string;
  role: AccountRoleName;
  expiresAt: Date;
}

/** Which invitation an answer is about: by id (from the list) or by the token of the mailed link. */
export type InvitationKey = { id: string } | { tokenHash: string };

/**
 * Every query on invitations. Admin-side queries are filtered by the account; invitee-side queries by the
 * invitee's email (an invitation is only ever visible to the address it was sent to).
 */
@Injectable()
export class InvitationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Open invitations of an account: the email, the role and the name the Admin typed (nothing of the user). */
  pendingOfAccount(accountId: string): Promise<Pick<Invitation, 'id' | 'email' | 'role' | 'firstName' | 'lastName'>[]> {
    return this.dataSource.getRepository(Invitation).find({
      select: { id: true, email: true, role: true, firstName: true, lastName: true },
      where: { accountId, acceptedAt: IsNull(), declinedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { email: 'ASC' },
    });
  }

  /** Creates the open invitation of this email to this account, or refreshes it (new role, token and expiry). */
  async upsertOpen(
    manager: EntityManager,
    invitation: Pick<
      Invitation,
      'accountId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt' | 'firstName' | 'lastName'
    >,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO invitations (account_id, email, role, token_hash, invited_by, expires_at, first_name, last_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account_id, email) WHERE accepted_at IS NULL AND declined_at IS NULL
       DO UPDATE SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash,
                     invited_by = EXCLUDED.invited_by, expires_at = EXCLUDED.expires_at,
                     first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [
        invitation.accountId,
        invitation.email,
        invitation.role,
        invitation.tokenHash,
        invitation.invitedBy,
        invitation.expiresAt,
        invitation.firstName,
        invitation.lastName,
      ],
    );
  }

  /** The open, unexpired invitations sent to this email, with the inviting account's name. */
  pendingForEmail(email: string): Promise<PendingInvitationRow[]> {
    return this.dataSource
      .getRepository(Invitation)
      .createQueryBuilder('invitation')
      .innerJoin(Account, 'account', 'account.id = invitation.account_id')
      .select([
        'invitation.id AS "id"',
        'invitation.account_id AS "accountId"',
        'account.name AS "accountName"',
        'invitation.role AS "role"',
        'invitation.expires_at AS "expiresAt"',
      ])
      .where('invitation.email = :email', { email })
      .andWhere('invitation.accepted_at IS NULL AND invitation.declined_at IS NULL AND invitation.expires_at > now()')
      .orderBy('invitation.created_at')
      .getRawMany<PendingInvitationRow>();
  }

  /**
   * Answers an open invitation addressed to `email` in one statement, so it is answered once even under races.
   * Returns the account and role, or undefined when there is no such open invitation.
   */
  async answer(
    manager: EntityManager,
    key: InvitationKey,
    email: string,
    outcome: 'accepted' | 'declined',
  ): Promise<{ accountId: string; role: AccountRoleName } | undefined> {
    const column = outcome === 'accepted' ? 'accepted_at' : 'declined_at';
    const [match, value] = 'id' in key ? ['id', key.id] : ['token_hash', key.tokenHash];
    const [rows] = (await manager.query(
      `UPDATE invitations SET ${column} = now()
        WHERE ${match} = $1 AND email = $2
          AND accepted_at IS NULL AND declined_at IS NULL AND expires_at > now()
        RETURNING account_id AS "accountId", role`,
      [value, email],
    )) as [{ accountId: string; role: AccountRoleName }[], number];
    return rows[0];
  }

  /** Makes the user a member (an existing membership keeps its role). Returns the account's slug. */
  async addMember(manager: EntityManager, accountId: string, userId: string, role: AccountRoleName): Promise<string> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Membership)
      .values({ accountId, userId, role })
      .orIgnore()
      .execute();
    const account = await manager.findOneOrFail(Account, { select: { slug: true }, where: { id: accountId } });
    return account.slug;
  }
}
