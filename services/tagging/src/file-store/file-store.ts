import type { FileAddressDto } from '@infra/contracts';

/**
 * Where import files live, namespaced by organization (`<organizationId>/<fileName>`). The browser uploads to the
 * store directly through a signed address; the service reads files back for validation, import and download (so
 * every CSV served passes through the formula-safe writer).
 */
export interface FileStore {
  /** A PUT address for this organization and file name, valid for a short time. */
  uploadAddress(organizationId: string, fileName: string): Promise<FileAddressDto>;
  /** The file's bytes, or undefined when the organization has no such file. */
  read(organizationId: string, fileName: string): Promise<Buffer | undefined>;
  /** Stores bytes under the name (replaces a file of that name whole). */
  write(organizationId: string, fileName: string, content: Buffer): Promise<void>;
  /** Offboarding: removes every file of the organization (nothing to remove is no error). */
  removeOrganization(organizationId: string): Promise<void>;
}

/** Nest token of the configured store (FILE_STORE=local|s3). */
export const FILE_STORE = Symbol('FILE_STORE');

/** The headers a PUT must carry: the browser sends the file as CSV, named as an attachment. */
export function uploadHeaders(fileName: string): Record<string, string> {
  return { 'content-type': 'text/csv', 'content-disposition': contentDisposition(fileName) };
}

/** `attachment; filename="…"`, with the RFC 5987 form for names a quoted string cannot carry. */
export function contentDisposition(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName) && !/["\\]/.test(fileName)) return `attachment; filename="${fileName}"`;
  return `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Bidirectional controls: "invoice\u202Evsc.csv" shows as "invoicecsv.csv" in a list (a name that lies). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const FILE_NAME_MAX_LENGTH = 200;

/** A name that can be a stored file's: at most 200 characters, no slashes, control or bidirectional characters. */
export function isSafeFileName(fileName: string): boolean {
  return (
    fileName.length > 0 &&
    fileName.length <= FILE_NAME_MAX_LENGTH &&
    !/[/\\]/.test(fileName) &&
    !CONTROL_CHARACTERS.test(fileName) &&
    !BIDI_CONTROLS.test(fileName)
  );
}

/** A name the stores accept for an upload: a safe name ending in .csv. */
export function isValidFileName(fileName: string): boolean {
  return isSafeFileName(fileName) && /.\.csv$/i.test(fileName);
}
