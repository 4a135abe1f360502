import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AccountRoleName } from '../accounts/account.entity';

/** An Admin's offer of a role in an account to an email; it becomes a membership only when that user accepts. */
@Entity('invitations')
export class Invitation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  /** Lower-cased. */
  @Column('text')
  email!: string;

  @Column('text')
  role!: AccountRoleName;

  /** The name the inviting Admin typed (shown to the account's Admins on the pending invitation); may be ''. */
  @Column('text', { name: 'first_name', default: '' })
  firstName!: string;

  @Column('text', { name: 'last_name', default: '' })
  lastName!: string;

  /** SHA-256 of the token in the mailed link; the token itself is never stored. */
  @Column('text', { name: 'token_hash', unique: true })
  tokenHash!: string;

  @Column('uuid', { name: 'invited_by', nullable: true })
  invitedBy!: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt!: Date | null;

  @Column('timestamptz', { name: 'declined_at', nullable: true })
  declinedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
