// `node dist/services/inventory/src/republish.js --organization <id> [--organization <id>…] | --all`: rebuilds the
// other services' copies of inventory's assets and collections by publishing them again (republish/republisher.ts).
// Runs as the service (its environment, its runtime role); `npm run republish -- …` runs it against `npm start`'s product.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import { isUuid } from '@infra/contracts';
import { EventPublisher, withServiceDatabase } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { inventoryService } from './inventory.service-definition';
import { RepublishRepository } from './republish/republish.repository';
import { Republisher } from './republish/republisher';

runMain(async () => {
  const { values } = parseArgs({
    options: { organization: { type: 'string', multiple: true }, all: { type: 'boolean', default: false } },
  });
  const organizations = values.organization ?? [];
  if (values.all === organizations.length > 0 || organizations.some((id) => !isUuid(id)))
    throw new Error('republish: name --organization <uuid> (repeatable) or --all, not both');
  const logger = new Logger('Republish');
  const report = (organizationId: string, { assets, collections }: { assets: number; collections: number }) =>
    logger.log(`${organizationId}: ${assets} assets and ${collections} collections published again`);
  await withServiceDatabase(inventoryService(), async (dataSource) => {
    const republisher = new Republisher(new RepublishRepository(dataSource), new EventPublisher());
    if (values.all) await republisher.republishAll(report);
    for (const organizationId of organizations) report(organizationId, await republisher.republish(organizationId));
  });
});
