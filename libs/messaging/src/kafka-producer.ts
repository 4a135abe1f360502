import { Logger } from '@nestjs/common';
import { ClientKafka } from '@nestjs/microservices';
import type { Message, Producer } from 'kafkajs';
import { kafkaClientConfig, KafkaSettings } from './kafka-options';

/**
 * An idempotent, acks=all producer through Nest's Kafka client in producer-only mode (it joins no
 * consumer group). A failed connection or send drops the client so the next call reconnects cleanly.
 */
export class KafkaProducer {
  private readonly logger = new Logger(KafkaProducer.name);
  private client: ClientKafka | undefined;
  private producer: Producer | undefined;

  constructor(private readonly settings: KafkaSettings) {}

  private async connected(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.client = new ClientKafka({
      client: { ...kafkaClientConfig(this.settings), retry: { initialRetryTime: 200, retries: 2, maxRetryTime: 1000 } },
      producer: { idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false },
      producerOnlyMode: true,
    });
    try {
      this.producer = await this.client.connect();
      return this.producer;
    } catch (error) {
      await this.reset();
      throw error;
    }
  }

  async send(topic: string, messages: Message[]): Promise<void> {
    const producer = await this.connected();
    try {
      await producer.send({ topic, messages, acks: -1 });
    } catch (error) {
      this.logger.warn(`Kafka send to ${topic} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.reset();
      throw error;
    }
  }

  private async reset(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.producer = undefined;
    await client?.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.reset();
  }
}
