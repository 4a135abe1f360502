import { EventEmitter } from 'node:events';
import type { ClientBase } from 'pg';
import { databaseOptions, listenForConnectionErrors } from './database';
import type { ServiceEnv } from '../config';

describe('pooled connections', () => {
  it('every connection the pool opens keeps an error listener (an unheard error would stop the process)', () => {
    const options = databaseOptions({ KAFKA_CLIENT_ID: 'inventory' } as ServiceEnv, [], []);
    expect((options.extra as { onConnect?: unknown }).onConnect).toBe(listenForConnectionErrors);
    const client = new EventEmitter();
    listenForConnectionErrors(client as unknown as ClientBase);
    // What pg does when the server ends a connection no query is waiting on: emit 'error' on the client.
    expect(() => client.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
  });
});
