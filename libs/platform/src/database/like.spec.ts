import { containingPattern } from './like';

describe('containingPattern', () => {
  it('matches the text anywhere, its wildcards and backslashes taken literally', () => {
    expect(containingPattern('web')).toBe('%web%');
    expect(containingPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
