import { Controller } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent } from '@infra/messaging';
import { Organization } from '../organizations/organization.entity';
import { SecurityLog } from './security-log';

/**
 * Changes to an account's access made in other services, recorded in its security log (each event once: inbox):
 * an Admin configuring an organization's AWS integration (inventory) lets the product read that AWS account.
 */
@Controller()
export class SecurityLogConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly securityLog: SecurityLog,
  ) {}

  @OnEvent(TOPICS.inventoryAwsIntegrationChanged)
  async onAwsIntegrationChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryAwsIntegrationChanged,
      'identity-security-log',
      async (manager, event) => {
        const { organizationId, accountId, actorId, payload } = event;
        if (!organizationId || !accountId) return;
        // The organization must be the account's (an event names both; a deleted one is no longer logged).
        const organization = await manager.getRepository(Organization).findOneBy({ id: organizationId, accountId });
        if (!organization) return;
        await this.securityLog.record(
          { accountId },
          {
            kind: 'integration-changed',
            actorUserId: actorId,
            subject: payload.roleArn,
            detail: { name: organization.name },
            clientAddress: payload.clientAddress,
          },
          manager,
        );
      },
    );
  }
}
