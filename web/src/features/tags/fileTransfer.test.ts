import type { FileAddressDto } from '@infra/contracts';
import { isCsvFileName, uploadFile, uploadPercent } from './fileTransfer';

describe('upload progress', () => {
  it('never shows less than 10 percent, nor more than 100', () => {
    expect(uploadPercent(0, 100)).toBe(10);
    expect(uploadPercent(5, 100)).toBe(10);
    expect(uploadPercent(55, 100)).toBe(55);
    expect(uploadPercent(120, 100)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(10);
  });

  it('accepts .csv file names only', () => {
    expect(isCsvFileName('tags.csv')).toBe(true);
    expect(isCsvFileName('TAGS.CSV')).toBe(true);
    expect(isCsvFileName('tags.csv.xlsx')).toBe(false);
    expect(isCsvFileName('tags')).toBe(false);
  });
});

/** A fake XMLHttpRequest: records what is sent and answers with `status` when `finish` is called. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  finish(status: number, statusText: string) {
    this.status = status;
    this.statusText = statusText;
    this.onload?.();
  }
}

describe('uploadFile', () => {
  const address: FileAddressDto = {
    url: '/files/o1/tags.csv?signature=x',
    method: 'PUT',
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="tags.csv"' },
    expiresAt: '2026-01-01T00:05:00.000Z',
  };
  beforeEach(() => {
    jest.spyOn(globalThis, 'XMLHttpRequest').mockImplementation(() => new FakeRequest() as unknown as XMLHttpRequest);
  });

  it('PUTs the file with the signed headers, reports progress and resolves on 200', async () => {
    const file = new Blob(['key,value,description\n'], { type: 'text/csv' });
    const progress: number[] = [];
    const done = uploadFile(address, file, (percent) => progress.push(percent));
    const request = FakeRequest.last!;
    expect([request.method, request.url, request.headers, request.body]).toEqual([
      'PUT',
      address.url,
      address.headers,
      file,
    ]);
    request.upload.onprogress?.({ loaded: 3, total: 4 });
    request.finish(200, 'OK');
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([10, 75]);
  });

  it('rejects with the status text on any other status, even a 2xx', async () => {
    const done = uploadFile(address, new Blob(['x']), () => undefined);
    FakeRequest.last!.finish(204, 'No Content');
    await expect(done).rejects.toThrow('No Content');
    const forbidden = uploadFile(address, new Blob(['x']), () => undefined);
    FakeRequest.last!.finish(403, 'Forbidden');
    await expect(forbidden).rejects.toThrow('Forbidden');
  });
});
