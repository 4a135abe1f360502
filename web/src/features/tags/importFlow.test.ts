import type { ImportValidationDto, TagImportDto } from '@infra/contracts';
import {
  activeStepOf,
  canImport,
  failedStepOf,
  importFlowReducer,
  INITIAL_IMPORT_FLOW,
  type ImportEvent,
  type ImportFlow,
} from './importFlow';

const valid: ImportValidationDto = {
  fileName: 'tags.csv',
  valid: true,
  records: 3,
  message: 'ok',
  issues: [],
  issueCount: 0,
  issueCountByField: {},
};
const invalid: ImportValidationDto = {
  ...valid,
  valid: false,
  message: 'issues',
  issues: [{ lineNumber: 2, dataField: 'key', issue: 'bad' }],
};
const result = (status: TagImportDto['status']): TagImportDto => ({
  id: 'i1',
  fileName: 'tags.csv',
  userId: 'u1',
  apiKeyId: null,
  status,
  recordsImported: 3,
  assignments: 0,
  message: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
});

const run = (...events: ImportEvent[]): ImportFlow => events.reduce(importFlowReducer, INITIAL_IMPORT_FLOW);

describe('the New Import steps', () => {
  it('goes upload → validate → import → done', () => {
    let flow = run({ type: 'uploadStarted', fileName: 'tags.csv' }, { type: 'progress', percent: 40 });
    expect(flow).toEqual({ stage: 'uploading', fileName: 'tags.csv', progress: 40 });
    expect(activeStepOf(flow)).toBe(0);
    flow = importFlowReducer(flow, { type: 'uploaded' });
    expect(activeStepOf(flow)).toBe(1);
    expect(canImport(flow)).toBe(false);
    flow = importFlowReducer(importFlowReducer(flow, { type: 'validationStarted' }), {
      type: 'validated',
      validation: valid,
    });
    expect(activeStepOf(flow)).toBe(2);
    expect(canImport(flow)).toBe(true);
    flow = importFlowReducer(flow, { type: 'importStarted', importId: 'i1' });
    expect(flow.stage).toBe('importing');
    flow = importFlowReducer(flow, { type: 'importEnded', result: result('completed') });
    expect(activeStepOf(flow)).toBe(3);
    expect(failedStepOf(flow)).toBeUndefined();
  });

  it('blocks the import of a file with issues until another file is uploaded', () => {
    const flow = run(
      { type: 'uploadStarted', fileName: 'tags.csv' },
      { type: 'uploaded' },
      { type: 'validationStarted' },
      { type: 'validated', validation: invalid },
    );
    expect(canImport(flow)).toBe(false);
    expect(activeStepOf(flow)).toBe(1);
    expect(failedStepOf(flow)).toBe(1);
    expect(importFlowReducer(flow, { type: 'importStarted', importId: 'i1' })).toBe(flow);
    expect(importFlowReducer(flow, { type: 'restart' })).toEqual(INITIAL_IMPORT_FLOW);
  });

  it('reports a rejected or failed upload on the first step', () => {
    expect(failedStepOf(run({ type: 'rejected', problem: 'notCsv' }))).toBe(0);
    const failed = run({ type: 'uploadStarted', fileName: 'tags.csv' }, { type: 'uploadFailed' });
    expect(failed).toEqual({ stage: 'choose', problem: 'uploadFailed' });
  });

  it('ignores events that do not fit the stage', () => {
    // The progress starts at its floor (§9) while the upload address is fetched.
    const uploading: ImportFlow = { stage: 'uploading', fileName: 'a.csv', progress: 10 };
    expect(run({ type: 'uploadStarted', fileName: 'a.csv' })).toEqual(uploading);
    expect(importFlowReducer(uploading, { type: 'uploadStarted', fileName: 'b.csv' })).toBe(uploading);
    expect(importFlowReducer(uploading, { type: 'restart' })).toBe(uploading);
    expect(importFlowReducer(INITIAL_IMPORT_FLOW, { type: 'validated', validation: valid })).toBe(INITIAL_IMPORT_FLOW);
    // Progress never goes back.
    expect(importFlowReducer({ ...uploading, progress: 60 }, { type: 'progress', percent: 30 })).toMatchObject({
      progress: 60,
    });
  });

  it('marks a failed import on the import step', () => {
    const flow = run(
      { type: 'uploadStarted', fileName: 'tags.csv' },
      { type: 'uploaded' },
      { type: 'validationStarted' },
      { type: 'validated', validation: valid },
      { type: 'importStarted', importId: 'i1' },
      { type: 'importEnded', result: result('failed') },
    );
    expect(activeStepOf(flow)).toBe(2);
    expect(failedStepOf(flow)).toBe(2);
  });
});
