import { Kafka, type IHeaders, type KafkaMessage } from 'kafkajs';
import { deadLetterTopic } from '@infra/contracts';
import { withTimeout } from '@infra/platform';
import { consumerLag } from './consumer-lag';
import { kafkaClientConfig, type KafkaSettings } from './kafka-options';

export interface ReplayOptions {
  /** The source topic whose dead letters are sent back to it (`<topic>.dlq` is read). */
  topic: string;
  /** Only the dead letters of this consumer (`x-dlq-consumer`); the others stay for another replay. */
  consumer?: string;
  /** Only this event; a one-off: nothing is marked replayed, a later replay sends it again. */
  eventId?: string;
  /** Also the messages dead-lettered at once (malformed, or refused by the topic's schema): only useful once the
   * consumers accept them, else every consumer dead-letters them again. */
  includeInvalid?: boolean;
  /** List what would be replayed; send nothing, mark nothing. */
  dryRun?: boolean;
  /** How long to wait for the dead letters to be read (default 60 s). */
  timeoutMs?: number;
}

export interface DeadLetter {
  partition: number;
  offset: string;
  eventId: string | undefined;
  consumer: string | undefined;
  reason: string | undefined;
  attempts: number;
  /** What the replay did with it. */
  action: 'replayed' | 'listed' | 'skipped: another consumer' | 'skipped: another event' | 'skipped: invalid';
}

/** The dead letters read since the last replay, and what was done with each. */
export interface ReplayReport {
  deadLetterTopic: string;
  /** The group whose committed offsets remember what was replayed (per source topic and consumer filter). */
  groupId: string;
  letters: DeadLetter[];
}

const header = (headers: IHeaders | undefined, name: string) => {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
};

function eventIdOf(message: KafkaMessage): string | undefined {
  try {
    const parsed = JSON.parse(message.value?.toString() ?? '') as { eventId?: unknown };
    return typeof parsed.eventId === 'string' ? parsed.eventId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends the dead letters of `topic` back to it, once the cause is fixed (a handler bug, a missing row): every
 * consumer of the topic receives each one again, and the inbox skips it where it was applied, so only the consumer
 * that gave up applies it. A replayed event arrives after newer events of its organization; the consumers' copies
 * keep the newest change by source time whatever the order. Which dead letters were replayed is remembered by a
 * consumer group of the replay's own (committed offsets), so a second replay sends only the new ones.
 */
export async function replayDeadLetters(settings: KafkaSettings, options: ReplayOptions): Promise<ReplayReport> {
  const dlq = deadLetterTopic(options.topic);
  // Each filter remembers on its own: a replay of one consumer's letters leaves the others' for theirs.
  const groupId = [
    `dlq-replay.${options.topic}`,
    ...(options.consumer ? [options.consumer] : []),
    ...(options.includeInvalid ? ['with-invalid'] : []),
  ].join('.');
  // A one-off or a listing leaves no trace: it reads from the group's offsets without committing.
  const remember = !options.dryRun && !options.eventId;
  const kafka = new Kafka(kafkaClientConfig({ ...settings, clientId: `${settings.clientId}-${groupId}` }));
  const admin = kafka.admin();
  await admin.connect();
  // What is left to read is the replay group's lag on the dead-letter topic, up to each partition's end now.
  const lags = await consumerLag(admin, groupId, [dlq]).finally(() => admin.disconnect());
  const ends = new Map(lags.map(({ partition, end }) => [partition, end]));
  const pending = new Set(lags.filter(({ lag }) => lag > 0).map(({ partition }) => partition));
  const report: ReplayReport = { deadLetterTopic: dlq, groupId, letters: [] };
  if (pending.size === 0) return report;

  const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1000 });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await Promise.all([consumer.connect(), producer.connect()]);
  try {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await consumer.subscribe({ topic: dlq, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        if (!pending.has(partition)) return;
        const letter = await replayOne(message, partition, options, (headers) =>
          producer.send({
            topic: header(message.headers, 'x-dlq-source-topic') ?? options.topic,
            acks: -1,
            messages: [{ key: message.key, value: message.value, headers }],
          }),
        );
        report.letters.push(letter);
        const next = BigInt(message.offset) + 1n;
        if (remember) await consumer.commitOffsets([{ topic: dlq, partition, offset: next.toString() }]);
        if (next >= ends.get(partition)!) {
          pending.delete(partition);
          if (pending.size === 0) done();
        }
      },
    });
    const timeoutMs = options.timeoutMs ?? 60_000;
    await withTimeout(finished, timeoutMs, `${dlq}: not every dead letter was read within ${timeoutMs} ms`);
    return report;
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
}

async function replayOne(
  message: KafkaMessage,
  partition: number,
  options: ReplayOptions,
  send: (headers: IHeaders) => Promise<unknown>,
): Promise<DeadLetter> {
  const letter: Omit<DeadLetter, 'action'> = {
    partition,
    offset: message.offset,
    eventId: eventIdOf(message),
    consumer: header(message.headers, 'x-dlq-consumer'),
    reason: header(message.headers, 'x-dlq-reason'),
    attempts: Number(header(message.headers, 'x-dlq-attempts') ?? 0),
  };
  if (options.consumer && letter.consumer !== options.consumer)
    return { ...letter, action: 'skipped: another consumer' };
  if (options.eventId && letter.eventId !== options.eventId) return { ...letter, action: 'skipped: another event' };
  // Dead-lettered at once, without a try: the input itself was refused.
  if (letter.attempts === 0 && !options.includeInvalid) return { ...letter, action: 'skipped: invalid' };
  if (options.dryRun) return { ...letter, action: 'listed' };
  const headers: IHeaders = Object.fromEntries(
    Object.entries(message.headers ?? {}).filter(([name]) => !name.startsWith('x-dlq-')),
  );
  headers['x-dlq-replayed-from'] = `${partition}@${message.offset}`;
  await send(headers);
  return { ...letter, action: 'replayed' };
}
