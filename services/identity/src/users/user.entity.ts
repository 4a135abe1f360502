import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Lower-cased; the user ID shown in the product. */
  @Column('text', { unique: true })
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text', { name: 'first_name', default: '' })
  firstName!: string;

  @Column('text', { name: 'last_name', default: '' })
  lastName!: string;

  @Column('text', { name: 'mobile_number', default: '' })
  mobileNumber!: string;

  @Column('text', { name: 'work_number', default: '' })
  workNumber!: string;

  @Column('text', { default: '' })
  company!: string;

  @Column('text', { default: '' })
  website!: string;

  @Column('text', { name: 'address_line_one', default: '' })
  addressLineOne!: string;

  @Column('text', { name: 'address_line_two', default: '' })
  addressLineTwo!: string;

  @Column('text', { default: '' })
  city!: string;

  @Column('text', { default: '' })
  country!: string;

  @Column('text', { name: 'zip_code', default: '' })
  zipCode!: string;

  @Column('text', { name: 'time_zone', default: 'UTC' })
  timeZone!: string;

  @Column('boolean', { name: 'system_admin', default: false })
  systemAdmin!: boolean;

  /** AES-GCM sealed TOTP secret once enrolment completed. */
  @Column('text', { name: 'mfa_secret', nullable: true })
  mfaSecret!: string | null;

  /** Sealed secret of an enrolment waiting for its first valid code. */
  @Column('text', { name: 'mfa_pending_secret', nullable: true })
  mfaPendingSecret!: string | null;

  /** Last accepted TOTP time step (30 s periods since the epoch); codes of this step or earlier are refused. */
  @Column('bigint', {
    name: 'mfa_last_step',
    nullable: true,
    transformer: {
      to: (value: number | null) => value,
      from: (value: string | null) => (value === null ? null : Number(value)),
    },
  })
  mfaLastStep!: number | null;

  /** SHA-256 hashes of unused recovery codes. */
  @Column('text', { name: 'mfa_recovery_codes', array: true, default: () => "'{}'" })
  mfaRecoveryCodes!: string[];

  @Column('text', { name: 'accepted_terms_version', nullable: true })
  acceptedTermsVersion!: string | null;

  @Column('text', { name: 'accepted_privacy_version', nullable: true })
  acceptedPrivacyVersion!: string | null;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt!: Date | null;

  @Column('jsonb', { name: 'custom_data', default: () => "'{}'::jsonb" })
  customData!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
