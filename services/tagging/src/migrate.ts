import 'reflect-metadata';
import { migrateService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { taggingService } from './tagging.service-definition';

runMain(() => migrateService(taggingService()));
