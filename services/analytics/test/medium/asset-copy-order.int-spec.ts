// Medium tier: analytics's copy of inventory's assets when their events come twice and out of order (issue 24, scenario 6),
// on a scratch PostgreSQL database with the real migrations.
import { setAssetStatus } from '@infra/messaging';
import { describeAssetCopyOrder } from '@infra/messaging/testing';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { migratedTestDatabase } from '@infra/platform/testing';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';

let database: { dataSource: import('typeorm').DataSource; drop: () => Promise<void> };
const readModels = new ReadModelsRepository();

beforeAll(async () => {
  database = await migratedTestDatabase(
    'infra_medium_analytics',
    [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
    MESSAGING_ENTITIES,
  );
});

afterAll(() => database?.drop());

describeAssetCopyOrder('analytics', {
  dataSource: () => database.dataSource,
  upsert: (manager, organizationId, payload, at) => readModels.upsertAsset(manager, organizationId, payload, at),
  setStatus: setAssetStatus,
});
