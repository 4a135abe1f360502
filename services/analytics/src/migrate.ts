import 'reflect-metadata';
import { migrateService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { analyticsService } from './analytics.service-definition';

runMain(() => migrateService(analyticsService()));
