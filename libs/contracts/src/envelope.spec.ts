import { isEventEnvelope, isUuid } from './envelope';
import { ALL_TOPICS, deadLetterTopic } from './topics';

describe('contracts', () => {
  it('checks UUIDs as 8-4-4-4-12 hexadecimal groups', () => {
    expect(isUuid('3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c')).toBe(true);
    expect(isUuid('3F1C2A9E-0B7D-4C1E-9A2B-5D6E7F8A9B0C')).toBe(true);
    expect(isUuid('3f1c2a9e0b7d4c1e9a2b5d6e7f8a9b0c')).toBe(false);
    expect(isUuid('3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('recognises envelopes', () => {
    const envelope = {
      eventId: '3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c',
      type: 't',
      occurredAt: new Date().toISOString(),
      payload: {},
    };
    expect(isEventEnvelope(envelope)).toBe(true);
    expect(isEventEnvelope({ ...envelope, eventId: 'x' })).toBe(false);
    expect(isEventEnvelope(null)).toBe(false);
  });

  it('names topics <service>.<entity>.<event>.v<N>, each with a dead-letter topic', () => {
    for (const topic of ALL_TOPICS)
      expect(topic).toMatch(/^(identity|inventory|tagging|events|analytics)\.[a-z-]+\.[a-z-]+\.v\d+$/);
    expect(deadLetterTopic('tagging.tag.changed.v1')).toBe('tagging.tag.changed.v1.dlq');
  });
});
