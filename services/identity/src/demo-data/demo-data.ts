import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { Account, Membership } from '../accounts/account.entity';
import { hashPassword, SecretBox } from '../crypto/crypto';
import { organizationChanged } from '../organizations/organization-changed';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';

/**
 * The local demo tenant (README lists the credentials; never loaded in production). Two accounts so
 * switching and tenant isolation can be tried: "Demo Account" (Demo East, Demo West) and "Acme Corp".
 */
export const DEMO_MFA_SECRET = 'JBSWY3DPEHPK3PXP';

const DEMO_USERS = [
  {
    email: 'mfa@demo.local',
    password: 'Demo-Mfa-Pass-1',
    firstName: 'Morgan',
    lastName: 'Fa',
    mfa: true,
    memberships: { demo: 'Admin', acme: 'User' },
  },
  {
    email: 'admin@demo.local',
    password: 'Demo-Admin-Pass-1',
    firstName: 'Ada',
    lastName: 'Admin',
    memberships: { demo: 'Admin' },
  },
  {
    email: 'user@demo.local',
    password: 'Demo-User-Pass-1',
    firstName: 'Uma',
    lastName: 'User',
    memberships: { demo: 'User' },
  },
  {
    email: 'sysadmin@demo.local',
    password: 'Demo-System-Pass-1',
    firstName: 'Sam',
    lastName: 'System',
    systemAdmin: true,
    memberships: {},
  },
  {
    email: 'acme@acme.local',
    password: 'Acme-Admin-Pass-1',
    firstName: 'Alex',
    lastName: 'Acme',
    memberships: { acme: 'Admin' },
  },
] as const;

// The demo account's plan is large: the benchmarks and tests add their fleets to it. Acme keeps the default plan.
const DEMO_ACCOUNTS = [
  {
    slug: 'demo',
    name: 'Demo Account',
    timeZone: 'America/New_York',
    organizations: ['Demo East', 'Demo West'],
    plan: { plan: 'Enterprise', assetLimit: 1_000_000 },
  },
  {
    slug: 'acme',
    name: 'Acme Corp',
    timeZone: 'America/Toronto',
    organizations: ['Acme Main'],
    plan: { plan: 'Standard', assetLimit: 1000 },
  },
] as const;

async function seed(manager: EntityManager, box: SecretBox): Promise<void> {
  const events = new EventPublisher();
  const accounts = new Map<string, Account>();
  for (const spec of DEMO_ACCOUNTS) {
    const account = await manager.save(
      manager.create(Account, { slug: spec.slug, name: spec.name, timeZone: spec.timeZone, ...spec.plan }),
    );
    accounts.set(spec.slug, account);
    for (const name of spec.organizations) {
      const organization = await manager.save(
        manager.create(Organization, { accountId: account.id, name, country: 'US' }),
      );
      await events.publish(
        manager,
        TOPICS.identityOrganizationChanged,
        organizationChanged(organization, null, { assetLimit: account.assetLimit }),
      );
    }
    await events.publish(manager, TOPICS.identityAccountThresholdsChanged, {
      accountId: account.id,
      organizationId: null,
      actorId: null,
      payload: { accountId: account.id, minWorkloadPercentThreshold: 40, maxWorkloadPercentThreshold: 60 },
    });
  }
  for (const spec of DEMO_USERS) {
    const user = await manager.save(
      manager.create(User, {
        email: spec.email,
        passwordHash: await hashPassword(spec.password),
        firstName: spec.firstName,
        lastName: spec.lastName,
        company: 'Demo',
        timeZone: 'UTC',
        systemAdmin: 'systemAdmin' in spec && spec.systemAdmin,
        mfaSecret: 'mfa' in spec && spec.mfa ? box.seal(DEMO_MFA_SECRET) : null,
        acceptedTermsVersion: CURRENT_TERMS_VERSION,
        acceptedPrivacyVersion: CURRENT_PRIVACY_VERSION,
        acceptedAt: new Date(),
      }),
    );
    for (const [slug, role] of Object.entries(spec.memberships)) {
      await manager.save(manager.create(Membership, { accountId: accounts.get(slug)!.id, userId: user.id, role }));
    }
  }
  for (const account of accounts.values()) {
    const admin = await manager.findOneByOrFail(Membership, { accountId: account.id, role: 'Admin' });
    await manager.update(Account, account.id, {
      ownerId: admin.userId,
      billingContactId: admin.userId,
      technicalContactId: admin.userId,
    });
  }
}

/** Loads the demo data once: only into an empty database (no accounts yet). */
export async function loadDemoDataOnFirstRun(dataSource: DataSource, dataEncryptionKey: string): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(1684366701)'); // "demo": two starts never seed twice
    if ((await manager.count(Account)) > 0) return false;
    await seed(manager, new SecretBox(dataEncryptionKey));
    new Logger('DemoData').log('demo accounts and users loaded (credentials in the README)');
    return true;
  });
}
