import 'reflect-metadata';
import { migrateService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { inventoryService } from './inventory.service-definition';

runMain(() => migrateService(inventoryService()));
