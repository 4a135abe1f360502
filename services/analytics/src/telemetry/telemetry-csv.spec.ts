import { readCsvSamples } from './telemetry-csv';

describe('telemetry CSV', () => {
  it('reads samples by header name, numbers as numbers, empty cells as absent, with their lines', () => {
    const csv =
      'externalId,hour,cpuUtil,memUtil,cost\ni-1,2026-06-15T09:00:00Z,12.5,,0.1\n\ni-2,2026-06-15T09:00:00Z,x,3,\n';
    expect(readCsvSamples(csv)).toEqual({
      samples: [
        { externalId: 'i-1', hour: '2026-06-15T09:00:00Z', cpuUtil: 12.5, cost: 0.1 },
        { externalId: 'i-2', hour: '2026-06-15T09:00:00Z', cpuUtil: 'x', memUtil: 3 },
      ],
      lines: [2, 4],
    });
  });

  it('refuses a body without a header, with unknown or repeated columns, or with ragged rows', () => {
    expect(() => readCsvSamples('')).toThrow('The CSV body needs a header line.');
    expect(() => readCsvSamples('assetId,hour,cpu\n')).toThrow('The CSV header names unknown fields: cpu.');
    expect(() => readCsvSamples('hour,hour\n')).toThrow('The CSV header repeats a field.');
    expect(() => readCsvSamples('assetId,hour,cpuUtil\na,b\n')).toThrow(/The CSV body cannot be read/);
  });
});
