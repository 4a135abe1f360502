import { readCsvSamples } from './telemetry-csv';

describe('telemetry CSV', () => {
  it('reads samples by header name, numbers as numbers, empty cells as absent, with their lines', async () => {
    const csv =
      'externalId,hour,cpuUtil,memUtil,cost\ni-1,2026-06-15T09:00:00Z,12.5,,0.1\n\ni-2,2026-06-15T09:00:00Z,x,3,\n';
    await expect(readCsvSamples(csv)).resolves.toEqual({
      samples: [
        { externalId: 'i-1', hour: '2026-06-15T09:00:00Z', cpuUtil: 12.5, cost: 0.1 },
        { externalId: 'i-2', hour: '2026-06-15T09:00:00Z', cpuUtil: 'x', memUtil: 3 },
      ],
      lines: [2, 4],
    });
  });

  it('reads the body as bytes (how the service receives it): a BOM and multi-byte text decoded as UTF-8', async () => {
    const csv = '\uFEFFexternalId,hour,cpuUtil\nserveur-é€,2026-06-15T09:00:00Z,1\n';
    await expect(readCsvSamples(Buffer.from(csv, 'utf8'))).resolves.toEqual({
      samples: [{ externalId: 'serveur-é€', hour: '2026-06-15T09:00:00Z', cpuUtil: 1 }],
      lines: [2],
    });
  });

  it('refuses a body without a header, with unknown or repeated columns, or with ragged rows', async () => {
    await expect(readCsvSamples('')).rejects.toThrow('The CSV body needs a header line.');
    await expect(readCsvSamples('assetId,hour,cpu\n')).rejects.toThrow('The CSV header names unknown fields: cpu.');
    await expect(readCsvSamples('hour,hour\n')).rejects.toThrow('The CSV header repeats a field.');
    await expect(readCsvSamples('assetId,hour,cpuUtil\na,b\n')).rejects.toThrow(/The CSV body cannot be read/);
  });

  it('reads a body of many slices, a quoted cell across a slice boundary included, letting other work run', async () => {
    // Emoji (surrogate pairs) all along: a slice boundary falls inside some of them.
    const rows = Array.from({ length: 5000 }, (_, n) => `"i-${n}\n${'😀'.repeat(10)}",2026-06-15T09:00:00Z,${n % 100}`);
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const { samples, lines } = await readCsvSamples(`externalId,hour,cpuUtil\n${rows.join('\n')}\n`);
    clearInterval(ticker);
    expect(samples).toHaveLength(5000);
    expect(samples[4999]).toEqual({
      externalId: `i-4999\n${'😀'.repeat(10)}`,
      hour: '2026-06-15T09:00:00Z',
      cpuUtil: 99,
    });
    expect(lines[4999]).toBe(1 + 2 * 5000);
    expect(samples.every((sample) => !String(sample.externalId).includes('\ufffd'))).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });
});
