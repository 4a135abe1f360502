import { Logger } from '@nestjs/common';
import { KafkaLogger } from '@nestjs/microservices/helpers';
import type { logCreator } from 'kafkajs';

/** A kafkajs line that only says the broker cannot be reached (refused, timed out, reset). */
const BROKER_AWAY = /ECONNREFUSED|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|Connection error|Failed to connect to seed broker/;
/** While the broker is away, each client says so once per this period (with the count of the lines it held back). */
export const BROKER_AWAY_LOG_EVERY_MS = 30_000;

/**
 * kafkajs's log lines through Nest's own bridge (`KafkaLogger`), except while the broker is away: kafkajs logs an
 * ERROR line per connection attempt of every client (dozens a second across a service's clients), which drowned the
 * outbox relay's "cannot publish" and "resumed" lines. One warning per client per 30 s says the same.
 */
export function kafkaLogCreator(clientId: string, now: () => number = Date.now): logCreator {
  const logger = new Logger(`Kafka:${clientId}`);
  let lastAwayAt = -Infinity;
  let heldBack = 0;
  const passThrough = KafkaLogger(logger);
  return () => (entry) => {
    const { message, error } = entry.log as { message: string; error?: unknown };
    if (!BROKER_AWAY.test(`${message} ${String(error ?? '')}`)) return passThrough(entry);
    const at = now();
    if (at - lastAwayAt < BROKER_AWAY_LOG_EVERY_MS) {
      heldBack += 1;
      return;
    }
    lastAwayAt = at;
    const more =
      heldBack > 0 ? ` (and ${heldBack} more such lines in the last ${BROKER_AWAY_LOG_EVERY_MS / 1000} s)` : '';
    heldBack = 0;
    logger.warn(`[${entry.namespace}] ${message}${more}`);
  };
}
