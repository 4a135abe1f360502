// First of the entry point's imports: tracing patches http, pg and ioredis as they load.
import { startTracing } from '@infra/platform/tracing/start-tracing';

startTracing('inventory');
