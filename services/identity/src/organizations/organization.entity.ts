import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Account } from '../accounts/account.entity';

@Entity('organizations')
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => Account, (account) => account.organizations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account!: Account;

  @Column('text')
  name!: string;

  @Column('uuid', { name: 'owner_id', nullable: true })
  ownerId!: string | null;

  @Column('uuid', { name: 'billing_contact_id', nullable: true })
  billingContactId!: string | null;

  @Column('uuid', { name: 'technical_contact_id', nullable: true })
  technicalContactId!: string | null;

  @Column('text', { name: 'address_line_one', default: '' })
  addressLineOne!: string;

  @Column('text', { name: 'address_line_two', default: '' })
  addressLineTwo!: string;

  @Column('text', { default: '' })
  city!: string;

  @Column('text', { default: '' })
  state!: string;

  @Column('text', { name: 'zip_code', default: '' })
  zipCode!: string;

  @Column('text', { default: '' })
  country!: string;

  @Column('text', { default: '' })
  website!: string;
}
