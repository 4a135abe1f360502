import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../organizations/organization.entity';

@Entity('accounts')
export class Account {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text', { unique: true })
  slug!: string;

  @Column('text', { default: '' })
  bucket!: string;

  @Column('text', { name: 'auth_client_id', default: '' })
  authClientId!: string;

  @Column('text', { name: 'aws_cross_account_role_arn', default: '' })
  awsCrossAccountRoleArn!: string;

  @Column('uuid', { name: 'owner_id', nullable: true })
  ownerId!: string | null;

  @Column('uuid', { name: 'billing_contact_id', nullable: true })
  billingContactId!: string | null;

  @Column('uuid', { name: 'technical_contact_id', nullable: true })
  technicalContactId!: string | null;

  @Column('text', { name: 'time_zone', default: 'UTC' })
  timeZone!: string;

  @Column('int', { name: 'min_workload_percent_threshold', default: 40 })
  minWorkloadPercentThreshold!: number;

  @Column('int', { name: 'max_workload_percent_threshold', default: 60 })
  maxWorkloadPercentThreshold!: number;

  @Column('text', { default: 'Standard' })
  plan!: string;

  @Column('int', { name: 'asset_limit', default: 1000 })
  assetLimit!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @OneToMany(() => Organization, (organization) => organization.account)
  organizations!: Organization[];
}

export type AccountRoleName = 'User' | 'Admin';

/** A user's role in an account. */
@Entity('memberships')
export class Membership {
  @Column('uuid', { name: 'account_id', primary: true })
  accountId!: string;

  @Column('uuid', { name: 'user_id', primary: true })
  userId!: string;

  @Column('text')
  role!: AccountRoleName;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
