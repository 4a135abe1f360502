// `node dist/services/tagging/src/rerun-import.js --import <id> [--import <id>…]`: runs failed tag imports again
// (tag-import/import-rerun.ts), as the service (its environment, its runtime role, its Redis user).
// `npm run import:rerun` runs it against `npm start`'s product.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { isUuid } from '@infra/contracts';
import { withServiceDatabase } from '@infra/messaging';
import { createRedis, runMain } from '@infra/platform';
import { ImportRerun } from './tag-import/import-rerun';
import { TAGGING_QUEUE } from './tag-import/tag-import.queue';
import { TagImportRepository } from './tag-import/tag-import.repository';
import { taggingService } from './tagging.service-definition';

runMain(async () => {
  const { values } = parseArgs({ options: { import: { type: 'string', multiple: true } } });
  const ids = values.import ?? [];
  if (ids.length === 0 || ids.some((id) => !isUuid(id)))
    throw new Error('rerun-import: name the failed imports, --import <uuid> (repeatable)');
  const definition = taggingService();
  const logger = new Logger('ImportRerun');
  const redis = createRedis(definition.env.REDIS_URL, definition.env);
  const queue = new Queue(TAGGING_QUEUE, { connection: redis });
  let refused = 0;
  try {
    await withServiceDatabase(definition, async (dataSource) => {
      const rerun = new ImportRerun(new TagImportRepository(dataSource), queue);
      for (const id of ids) {
        const outcome = await rerun.rerun(id);
        if (!outcome.rerun) {
          refused += 1;
          logger.warn(`${id}: no failed import of that id (running, completed or unknown); left as it is`);
        } else
          logger.log(
            `${id} (organization ${outcome.organizationId}): ${outcome.queued === 'again' ? 'queued again' : 'queued by the sweep within 30 s'}`,
          );
      }
    });
  } finally {
    await queue.close();
    await redis.quit();
  }
  if (refused > 0) process.exitCode = 1;
});
