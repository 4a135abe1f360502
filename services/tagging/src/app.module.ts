import { DynamicModule, Module } from '@nestjs/common';
import { JobsModule } from '@infra/jobs';
import { ReadModelLag, ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AuditLogController } from './audit-log/audit-log.controller';
import { AuditLogRepository } from './audit-log/audit-log.repository';
import { AuditLogService } from './audit-log/audit-log.service';
import { FILE_STORE_PROVIDER, SIGNED_ADDRESSES_PROVIDER } from './file-store/file-store.provider';
import { FilesController } from './file-store/files.controller';
import { FilesService } from './file-store/files.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { ReadModelsRepository } from './read-models/read-models.repository';
import { RulesController } from './rules/rules.controller';
import { RulesRepository } from './rules/rules.repository';
import { RulesService } from './rules/rules.service';
import { AssignmentEvents } from './tag-assignment/assignment-events';
import { SystemTagsService } from './tag-assignment/system-tags.service';
import { TagAssignmentController } from './tag-assignment/tag-assignment.controller';
import { TagAssignmentRepository } from './tag-assignment/tag-assignment.repository';
import { TagAssignmentService } from './tag-assignment/tag-assignment.service';
import { TagImportController } from './tag-import/tag-import.controller';
import { RunTagImportJob, TagImportSweepJob, ValidateTagImportJob } from './tag-import/tag-import.jobs';
import { TAG_IMPORT_SWEEP, TAGGING_QUEUE, TaggingJobs } from './tag-import/tag-import.queue';
import { TagImportRepository } from './tag-import/tag-import.repository';
import { TagImportService } from './tag-import/tag-import.service';
import { TaggingEnv } from './tagging.env';
import { TagsController } from './tags/tags.controller';
import { TagsRepository } from './tags/tags.repository';
import { TagsService } from './tags/tags.service';

/** What creating and assigning tags needs, in the HTTP module and in the job workers alike. */
export const TAG_WRITE_PROVIDERS = [
  AuditLogRepository,
  TagsRepository,
  TagsService,
  TagAssignmentRepository,
  TagAssignmentService,
  AssignmentEvents,
  SystemTagsService,
  {
    provide: ReadModelLag,
    inject: [TaggingEnv],
    useFactory: (env: TaggingEnv) => new ReadModelLag(env.READ_MODEL_WAIT_MS),
  },
];

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition & { env: TaggingEnv }): DynamicModule {
    // The CSV import: its jobs run in the workers, its service also answers HTTP (queueing and waiting).
    const importProviders = [
      { provide: TaggingEnv, useValue: definition.env },
      SIGNED_ADDRESSES_PROVIDER,
      FILE_STORE_PROVIDER,
      TagImportRepository,
      TagImportService,
    ];
    return {
      module: AppModule,
      imports: [
        ...serviceFoundation(definition),
        JobsModule.register<TaggingJobs>({
          queue: TAGGING_QUEUE,
          processors: [ValidateTagImportJob, RunTagImportJob, TagImportSweepJob],
          schedules: [TAG_IMPORT_SWEEP],
          providers: [...TAG_WRITE_PROVIDERS, ...importProviders],
        }),
      ],
      // Literal routes (tags/getTagsEvents, tags/batchAssignTags) before TagsController's `tags/:id`.
      controllers: [
        AuditLogController,
        TagAssignmentController,
        TagImportController,
        FilesController,
        TagsController,
        RulesController,
        ReadModelsConsumer,
      ],
      providers: [
        ...TAG_WRITE_PROVIDERS,
        ...importProviders,
        FilesService,
        AuditLogService,
        ReadModelsRepository,
        RulesRepository,
        RulesService,
      ],
    };
  }
}
