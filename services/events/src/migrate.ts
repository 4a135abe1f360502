import 'reflect-metadata';
import { migrateService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { eventsService } from './events.service-definition';

runMain(() => migrateService(eventsService()));
