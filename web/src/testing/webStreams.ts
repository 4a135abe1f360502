import { Blob, File } from 'node:buffer';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { BroadcastChannel, MessageChannel, MessagePort } from 'node:worker_threads';

/**
 * jsdom lacks the web platform classes that undici's Request and Response need when they load; Node has them.
 * Imported before undici (see apiFetch.ts); jsdom's own classes, where it has them, stay.
 */
const missing = {
  ReadableStream,
  TransformStream,
  WritableStream,
  Blob,
  File,
  BroadcastChannel,
  MessageChannel,
  MessagePort,
};
for (const [name, value] of Object.entries(missing)) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
