import { timestampBytes, uuidBytes } from './copy-binary';

describe('binary COPY encoding', () => {
  it('writes timestamps as microseconds since 2000-01-01 and uuids as their 16 bytes', () => {
    expect(timestampBytes(Date.UTC(2000, 0, 1, 1)).readBigInt64BE(0)).toBe(3_600_000_000n);
    expect(timestampBytes(Date.UTC(1999, 11, 31, 23)).readBigInt64BE(0)).toBe(-3_600_000_000n);
    expect(uuidBytes('0a1b2c3d-0000-4000-8000-00000000ffff').toString('hex')).toBe('0a1b2c3d00004000800000000000ffff');
  });
});
