import { globToLike, hasCondition, normalizeConditions } from './rule-conditions';

describe('globToLike', () => {
  it('turns * and ? into LIKE wildcards', () => {
    expect(globToLike('web-*')).toBe('web-%');
    expect(globToLike('db-?')).toBe('db-_');
    expect(globToLike('*-prod-??')).toBe('%-prod-__');
  });

  it("escapes LIKE's own wildcards and its escape character, so they match only themselves", () => {
    expect(globToLike('50%')).toBe('50\\%');
    expect(globToLike('app_1')).toBe('app\\_1');
    expect(globToLike('C:\\data')).toBe('C:\\\\data');
    expect(globToLike('\\*')).toBe('\\\\%');
  });

  it('keeps other text as it is', () => {
    expect(globToLike('Web Server [eu]')).toBe('Web Server [eu]');
  });
});

describe('normalizeConditions', () => {
  it('drops empty lists, blank values and a blank pattern, and repeated values', () => {
    expect(
      normalizeConditions({ sites: [' us-east-1a ', 'us-east-1a', ''], instanceTypes: [], namePattern: '  ' }),
    ).toEqual({ sites: ['us-east-1a'] });
  });

  it('lowercases collection ids so one collection counts once', () => {
    const id = '7D3B7F4E-3F3C-4A8E-9A57-0D8E2F7C1B11';
    expect(normalizeConditions({ collectionIds: [id, id.toLowerCase()] })).toEqual({
      collectionIds: [id.toLowerCase()],
    });
  });
});

describe('hasCondition', () => {
  it('needs one non-blank value or pattern', () => {
    expect(hasCondition({})).toBe(false);
    expect(hasCondition({ sites: [], namePattern: ' ', collectionIds: [''] })).toBe(false);
    expect(hasCondition({ namePattern: 'web-*' })).toBe(true);
    expect(hasCondition({ instanceTypes: ['', 'm5.large'] })).toBe(true);
  });

  it('tolerates values of the wrong type (validation names them)', () => {
    expect(hasCondition({ sites: 12, namePattern: null })).toBe(false);
  });
});
