import { Logger } from '@nestjs/common';
import { logLevel, type logCreator } from 'kafkajs';

/** A kafkajs line that only says the broker cannot be reached (refused, timed out, reset). */
const BROKER_AWAY = /ECONNREFUSED|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|Connection error|Failed to connect to seed broker/;
/** While the broker is away, each client says so once per this period (with the count of the lines it held back). */
export const BROKER_AWAY_LOG_EVERY_MS = 30_000;

/**
 * kafkajs's log lines through Nest's logger, as Nest's own bridge does, except while the broker is away: kafkajs logs
 * an ERROR line per connection attempt of every client (dozens a second across a service's clients), which drowned
 * the outbox relay's "paused" and "resumed" lines. One warning per client per 30 s says the same.
 */
export function kafkaLogCreator(clientId: string, now: () => number = Date.now): logCreator {
  const logger = new Logger(`Kafka:${clientId}`);
  let lastAwayAt = -Infinity;
  let heldBack = 0;
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...details } = log;
      const line = `[${namespace}] ${message}`;
      if (BROKER_AWAY.test(`${message} ${String(details.error ?? '')}`)) {
        if (now() - lastAwayAt < BROKER_AWAY_LOG_EVERY_MS) {
          heldBack += 1;
          return;
        }
        lastAwayAt = now();
        const more =
          heldBack > 0 ? ` (and ${heldBack} more such lines in the last ${BROKER_AWAY_LOG_EVERY_MS / 1000} s)` : '';
        heldBack = 0;
        logger.warn(`${line}${more}`);
        return;
      }
      const text = `${line} ${JSON.stringify(details)}`;
      if (level === logLevel.ERROR || level === logLevel.NOTHING) logger.error(text);
      else if (level === logLevel.WARN) logger.warn(text);
      else if (level === logLevel.INFO) logger.log(text);
      else logger.debug(text);
    };
}
