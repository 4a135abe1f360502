import { organizationOf } from './jobs.module';

describe('organizationOf (the organization whose rows a job sees behind the tenant wall)', () => {
  const organizationId = '0b6f1a52-47c9-4f3e-9a52-2f1c37a5f0d1';

  it("takes the payload's organizationId, or that of the actor who started the job", () => {
    expect(organizationOf({ organizationId })).toBe(organizationId);
    expect(organizationOf({ importId: 'x', actor: { organizationId, userId: 'u' } })).toBe(organizationId);
  });

  it('answers null for a job about no organization (a sweep), or a payload that is not one', () => {
    expect(organizationOf({})).toBeNull();
    expect(organizationOf(null)).toBeNull();
    expect(organizationOf({ organizationId: 42 })).toBeNull();
    expect(organizationOf({ actor: null })).toBeNull();
  });
});
