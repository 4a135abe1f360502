import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { acrossTenants, databaseOptions, installTenantWall, runMain } from '@infra/platform';
import { loadDemoDataOnFirstRun } from './demo-data/demo-data';
import { identityService } from './identity.service-definition';

/** `npm start` runs this after migrations: demo data on the first run of a database (off in production). */
runMain(async () => {
  const definition = identityService();
  const { env } = definition;
  if (env.DEMO_DATA !== 'true' || env.NODE_ENV === 'production') {
    new Logger('DemoData').log('demo data disabled');
    return;
  }
  const dataSource = new DataSource(databaseOptions(env, definition.entities, []));
  await dataSource.initialize();
  installTenantWall(dataSource);
  try {
    await acrossTenants('demo-data', () => loadDemoDataOnFirstRun(dataSource, env.dataEncryptionKey));
  } finally {
    await dataSource.destroy();
  }
});
