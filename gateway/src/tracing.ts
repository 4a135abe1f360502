// First of the entry point's imports: tracing patches http, pg and ioredis as they load.
import { startTracing } from '@infra/platform/tracing/start-tracing';

// The API's requests: the web app's files are not worth a trace each.
startTracing('gateway', { tracedPath: /^\/api\// });
