import { listParam } from './list-param';

describe('listParam', () => {
  it('joins ids and numbers with commas, for string_to_array in SQL', () => {
    expect(listParam(['3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c', '00000000-0000-4000-8000-000000000001'])).toBe(
      '3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c,00000000-0000-4000-8000-000000000001',
    );
    expect(listParam([-12.5, 0, 1e-7])).toBe('-12.5,0,1e-7');
    expect(listParam([])).toBe('');
  });
});
