// Medium tier: events's copy of inventory's assets when their events come twice and out of order (issue 24, scenario 6),
// on a scratch PostgreSQL database with the real migrations.
import { setAssetStatus } from '@infra/messaging';
import { describeAssetCopyOrder } from '@infra/messaging/testing';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import { eventsTestDatabase } from './events-database';

let database: { dataSource: import('typeorm').DataSource; drop: () => Promise<void> };
const readModels = new ReadModelsRepository();

beforeAll(async () => {
  database = await eventsTestDatabase();
});

afterAll(() => database?.drop());

describeAssetCopyOrder('events', {
  dataSource: () => database.dataSource,
  upsert: (manager, organizationId, payload, at) => readModels.upsertAsset(manager, organizationId, payload, at),
  setStatus: setAssetStatus,
});
