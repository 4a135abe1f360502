import { accessChangeOf } from './access-changes.subscriber';

describe('accessChangeOf', () => {
  it('reads the id lists of a change', () => {
    expect(accessChangeOf('{"userIds":["u"],"keyIds":["k"]}')).toEqual({ userIds: ['u'], keyIds: ['k'] });
    expect(accessChangeOf('{"accountIds":[],"organizationIds":["o"]}')).toEqual({
      accountIds: [],
      organizationIds: ['o'],
    });
  });

  it.each(['not json', '[]', 'null', '"text"', '{"userIds":"u"}', '{"keyIds":[1]}'])('ignores %s', (message) => {
    expect(accessChangeOf(message)).toBeUndefined();
  });
});
