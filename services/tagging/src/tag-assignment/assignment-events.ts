import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import type { EventOrigin } from '../tenant';
import type { Assignment } from './tag-assignment.repository';

/**
 * Pairs per `tagging.tags.assigned.v1` event (its schema takes up to 100,000 per list): events of ~400 KB, each
 * checked, serialized, stored and sent in a few milliseconds. 50,000 made 4 MB events whose every step held the
 * event loop of the producer and of each consumer for a quarter of a second.
 */
export const PAIRS_PER_EVENT = 5_000;

/** Publishes what changed (never what was already so), in as many events as the pairs need. */
@Injectable()
export class AssignmentEvents {
  constructor(private readonly events: EventPublisher) {}

  async publish(
    manager: EntityManager,
    envelope: EventOrigin,
    assigned: readonly Assignment[],
    unassigned: readonly Assignment[],
  ): Promise<void> {
    const inputs = [];
    for (let start = 0; start < Math.max(assigned.length, unassigned.length); start += PAIRS_PER_EVENT) {
      inputs.push({
        ...envelope,
        payload: {
          assignments: assigned.slice(start, start + PAIRS_PER_EVENT),
          unassignments: unassigned.slice(start, start + PAIRS_PER_EVENT),
        },
      });
    }
    if (inputs.length > 0) await this.events.publishMany(manager, TOPICS.taggingTagsAssigned, inputs);
  }
}
