import type { FileAddressDto } from '@infra/contracts';

/** The browser side of the import files (spec §7 "File upload"): PUT to a signed address, GET to download. */

/** Upload progress never shows less than this (§9). */
export const UPLOAD_PROGRESS_FLOOR = 10;

/** The percentage of an upload, from the floor to 100; an unknown total shows the floor. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return UPLOAD_PROGRESS_FLOOR;
  const percent = Math.round((loaded / total) * 100);
  return Math.min(100, Math.max(UPLOAD_PROGRESS_FLOOR, percent));
}

/** Only .csv files are imported (§5); the server checks again. */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name);
}

/**
 * PUTs `file` to the upload address with the headers it was signed with (content type text/csv and the
 * attachment's file name), reporting the progress (§7). Resolves on status 200 only; any other answer rejects
 * with its status text, and a network failure with an empty one.
 */
export function uploadFile(address: FileAddressDto, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(address.method, address.url);
    for (const [name, value] of Object.entries(address.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress(uploadPercent(event.loaded, event.total));
    request.onload = () => (request.status === 200 ? resolve() : reject(new Error(request.statusText)));
    request.onerror = () => reject(new Error(request.statusText));
    onProgress(UPLOAD_PROGRESS_FLOOR);
    request.send(file);
  });
}

/** Starts the browser's download of a signed GET address (the address names the file in its response). */
export function startDownload(address: Pick<FileAddressDto, 'url'>, fileName: string): void {
  const link = document.createElement('a');
  link.href = address.url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
