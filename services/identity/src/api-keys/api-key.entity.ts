import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AccountRoleName } from '../accounts/account.entity';

/** A key a script sends as `Authorization: Bearer iak_…`; it acts in one organization with one role. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('uuid', { name: 'organization_id' })
  organizationId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  role!: AccountRoleName;

  /** SHA-256 of the secret; the secret itself is shown once and never stored. */
  @Column('text', { name: 'secret_hash', unique: true })
  secretHash!: string;

  /** The secret's first 12 characters, shown to recognise the key. */
  @Column('text')
  prefix!: string;

  @Column('uuid', { name: 'created_by' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;
}
