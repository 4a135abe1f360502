import type { ImportValidationDto, TagImportDto } from '@infra/contracts';
import { UPLOAD_PROGRESS_FLOOR } from './fileTransfer';

/**
 * The New Import steps (spec §2, §4): upload a .csv, validate it, import it. Validation issues block the
 * import until a corrected file is uploaded.
 */
export type ImportFlow =
  | { stage: 'choose'; problem?: 'notCsv' | 'tooLarge' | 'uploadFailed' }
  | { stage: 'uploading'; fileName: string; progress: number }
  | { stage: 'uploaded'; fileName: string }
  | { stage: 'validating'; fileName: string }
  | { stage: 'validated'; fileName: string; validation: ImportValidationDto }
  | { stage: 'importing'; fileName: string; validation: ImportValidationDto; importId: string }
  | { stage: 'done'; fileName: string; result: TagImportDto };

export type ImportEvent =
  | { type: 'rejected'; problem: 'notCsv' | 'tooLarge' }
  | { type: 'uploadStarted'; fileName: string }
  | { type: 'progress'; percent: number }
  | { type: 'uploadFailed' }
  | { type: 'uploaded' }
  | { type: 'validationStarted' }
  | { type: 'validationFailed' }
  | { type: 'validated'; validation: ImportValidationDto }
  | { type: 'importStarted'; importId: string }
  | { type: 'importEnded'; result: TagImportDto }
  | { type: 'restart' };

export const INITIAL_IMPORT_FLOW: ImportFlow = { stage: 'choose' };

/** The next state; an event that does not fit the current stage (a late answer) changes nothing. */
export function importFlowReducer(flow: ImportFlow, event: ImportEvent): ImportFlow {
  switch (event.type) {
    case 'rejected':
      return flow.stage === 'uploading' ? flow : { stage: 'choose', problem: event.problem };
    case 'uploadStarted':
      return flow.stage === 'uploading' || flow.stage === 'importing'
        ? flow
        : { stage: 'uploading', fileName: event.fileName, progress: UPLOAD_PROGRESS_FLOOR };
    case 'progress':
      return flow.stage === 'uploading' ? { ...flow, progress: Math.max(flow.progress, event.percent) } : flow;
    case 'uploadFailed':
      return flow.stage === 'uploading' ? { stage: 'choose', problem: 'uploadFailed' } : flow;
    case 'uploaded':
      return flow.stage === 'uploading' ? { stage: 'uploaded', fileName: flow.fileName } : flow;
    case 'validationStarted':
      return flow.stage === 'uploaded' ? { stage: 'validating', fileName: flow.fileName } : flow;
    case 'validationFailed':
      return flow.stage === 'validating' ? { stage: 'uploaded', fileName: flow.fileName } : flow;
    case 'validated':
      return flow.stage === 'validating'
        ? { stage: 'validated', fileName: flow.fileName, validation: event.validation }
        : flow;
    case 'importStarted':
      return flow.stage === 'validated' && flow.validation.valid
        ? { ...flow, stage: 'importing', importId: event.importId }
        : flow;
    case 'importEnded':
      return flow.stage === 'importing' ? { stage: 'done', fileName: flow.fileName, result: event.result } : flow;
    case 'restart':
      return flow.stage === 'uploading' || flow.stage === 'importing' ? flow : INITIAL_IMPORT_FLOW;
  }
}

/** Import is offered only once the uploaded file has validated without issues. */
export function canImport(flow: ImportFlow): boolean {
  return flow.stage === 'validated' && flow.validation.valid;
}

/** The Stepper's active step: 0 upload, 1 validate, 2 import, 3 when everything is done. */
export function activeStepOf(flow: ImportFlow): number {
  switch (flow.stage) {
    case 'choose':
    case 'uploading':
      return 0;
    case 'uploaded':
    case 'validating':
      return 1;
    case 'validated':
      return flow.validation.valid ? 2 : 1;
    case 'importing':
      return 2;
    case 'done':
      return flow.result.status === 'completed' ? 3 : 2;
  }
}

/** The step that failed, shown in red: a rejected or failed upload, a file with issues, a failed import. */
export function failedStepOf(flow: ImportFlow): number | undefined {
  if (flow.stage === 'choose' && flow.problem) return 0;
  if (flow.stage === 'validated' && !flow.validation.valid) return 1;
  if (flow.stage === 'done' && flow.result.status === 'failed') return 2;
  return undefined;
}

/** Whether the polled import has ended. */
export const importEnded = (dto: Pick<TagImportDto, 'status'>) => dto.status === 'completed' || dto.status === 'failed';
