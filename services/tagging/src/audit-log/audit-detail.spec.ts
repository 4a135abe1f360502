import { AUDIT_DETAIL_CODES, type AuditDetail } from '@infra/contracts';
import { auditConditionsOf, englishDetail, legacyDetail } from './audit-detail';
import type { AuditRow } from './audit-log.repository';
import { toEntry } from './audit-log.service';

/** One detail of every code, and the English sentence the audit log wrote for it before details had codes. */
const SENTENCES: [AuditDetail, string][] = [
  [{ detailCode: 'tagCreated', detailParams: { tag: 'env:prod' } }, 'Created env:prod'],
  [
    { detailCode: 'tagCreatedByImport', detailParams: { tag: 'env:prod', file: 'tags (2).csv' } },
    'Created env:prod (import of tags (2).csv)',
  ],
  [{ detailCode: 'tagDescriptionChanged', detailParams: { tag: 'env:prod' } }, 'Changed the description of env:prod'],
  [{ detailCode: 'tagArchived', detailParams: { tag: 'env:prod' } }, 'Archived env:prod'],
  [{ detailCode: 'tagRestored', detailParams: { tag: 'env:prod' } }, 'Restored env:prod'],
  [{ detailCode: 'tagAssigned', detailParams: { tag: 'env:prod', count: 1 } }, 'Assigned env:prod to 1 asset'],
  [{ detailCode: 'tagUnassigned', detailParams: { tag: 'env:prod', count: 12 } }, 'Removed env:prod from 12 assets'],
  [
    { detailCode: 'systemTagsRefreshed', detailParams: { count: 300, assigned: 4, removed: 2 } },
    'Refreshed system tags of 300 assets: 4 assigned, 2 removed',
  ],
  [
    { detailCode: 'tagsImported', detailParams: { count: 5000, file: 'fleet.csv' } },
    'Imported 5000 tags from fleet.csv',
  ],
  [
    {
      detailCode: 'ruleCreated',
      detailParams: {
        rule: 'Web tier',
        tag: 'tier:web',
        conditions: { sites: ['us-east-1a', 'us-east-1b'], namePattern: 'web-*', collections: 1 },
        enabled: true,
      },
    },
    'Created rule Web tier: assigns tier:web when site in (us-east-1a, us-east-1b), name like web-*, in 1 collection',
  ],
  [
    {
      detailCode: 'ruleUpdated',
      detailParams: {
        rule: 'Web',
        previousName: 'Web tier',
        tag: 'tier:web',
        conditions: { instanceTypes: ['m5.large'] },
        enabled: false,
      },
    },
    'Changed rule Web (was Web tier): assigns tier:web when instance type in (m5.large) (disabled)',
  ],
  [
    {
      detailCode: 'ruleUpdated',
      detailParams: {
        rule: 'Web',
        previousName: null,
        tag: 'tier:web',
        conditions: { collections: 3 },
        enabled: true,
      },
    },
    'Changed rule Web: assigns tier:web when in 3 collections',
  ],
  [{ detailCode: 'ruleDeleted', detailParams: { rule: 'Web tier' } }, 'Deleted rule Web tier'],
  [
    { detailCode: 'ruleApplied', detailParams: { rule: 'Web tier', tag: 'tier:web', count: 2, matched: 1 } },
    'Rule Web tier applied: tier:web assigned to 2 assets (1 asset matched)',
  ],
  [
    { detailCode: 'ruleAppliedToAsset', detailParams: { rule: 'Web tier', tag: 'tier:web', asset: 'web 0001' } },
    'Rule Web tier applied: tier:web assigned to web 0001',
  ],
];

describe('audit details', () => {
  it('every code has an English sentence, the one the audit log wrote before codes', () => {
    expect(new Set(SENTENCES.map(([detail]) => detail.detailCode))).toEqual(
      new Set(AUDIT_DETAIL_CODES.filter((code) => code !== 'text')),
    );
    for (const [detail, sentence] of SENTENCES) expect(englishDetail(detail)).toBe(sentence);
  });

  it("reads an old entry's sentence back into its code and parameters", () => {
    for (const [detail, sentence] of SENTENCES) expect(legacyDetail(sentence)).toEqual(detail);
  });

  it('keeps a sentence it cannot read exactly as text, rather than guessing', () => {
    for (const sentence of [
      'Something else happened',
      'Assigned env:prod to many assets',
      'Created env: prod',
      // Read as "1 assets", this would render "1 asset": the reading is refused.
      'Assigned env:prod to 1 assets',
    ])
      expect(legacyDetail(sentence)).toEqual({ detailCode: 'text', detailParams: { text: sentence } });
  });

  it("names a rule's conditions, collections by count", () => {
    expect(
      auditConditionsOf({
        sites: ['a'],
        instanceTypes: ['t3.micro'],
        namePattern: 'web-*',
        collectionIds: ['c1', 'c2'],
      }),
    ).toEqual({ sites: ['a'], instanceTypes: ['t3.micro'], namePattern: 'web-*', collections: 2 });
    expect(auditConditionsOf({ namePattern: 'db-?' })).toEqual({ namePattern: 'db-?' });
  });
});

describe('audit log entries', () => {
  const row = (fields: Partial<AuditRow>): AuditRow => ({
    id: 'e1',
    tag_id: 't1',
    user_id: 'u1',
    api_key_id: null,
    activity: 'tag.updated',
    detail: 'Changed the description of env:prod',
    detail_code: null,
    detail_params: null,
    created_at: new Date('2026-03-02T15:04:00.000Z'),
    ...fields,
  });

  it('answer the stored code and parameters, and the English sentence for API clients', () => {
    expect(
      toEntry(
        row({
          detail_code: 'tagDescriptionChanged',
          detail_params: { tag: 'env:prod' },
          detail: 'Changed the description of env:prod',
        }),
      ),
    ).toEqual({
      id: 'e1',
      date: '2026-03-02T15:04:00.000Z',
      userId: 'u1',
      apiKeyId: null,
      activity: 'tag.updated',
      detailCode: 'tagDescriptionChanged',
      detailParams: { tag: 'env:prod' },
      detail: 'Changed the description of env:prod',
      tagId: 't1',
    });
  });

  it('written before codes are read from their sentence, or shown as their text', () => {
    expect(toEntry(row({}))).toMatchObject({
      detailCode: 'tagDescriptionChanged',
      detailParams: { tag: 'env:prod' },
    });
    expect(toEntry(row({ detail: 'Did something new' }))).toMatchObject({
      detailCode: 'text',
      detailParams: { text: 'Did something new' },
      detail: 'Did something new',
    });
  });
});
