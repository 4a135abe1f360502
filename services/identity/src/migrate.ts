import 'reflect-metadata';
import { migrateService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { identityService } from './identity.service-definition';

runMain(() => migrateService(identityService()));
