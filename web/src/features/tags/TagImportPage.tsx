import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  TAG_IMPORT_TEMPLATE_FILE,
  TAGGING_LIMITS,
  type ImportIssueDto,
  type ImportStatus,
  type TagImportDto,
} from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/hooks';
import { useFormat } from '../../shared/format';
import { useDataGridDefaults, useResponsiveColumns } from '../../shared/table';
import { isCsvFileName, startDownload, uploadFile } from './fileTransfer';
import {
  activeStepOf,
  canImport,
  failedStepOf,
  importEnded,
  importFlowReducer,
  INITIAL_IMPORT_FLOW,
  type ImportFlow,
} from './importFlow';
import { dismissToastsWithMessage } from '../toasts/toastsSlice';
import { TaggingFrame } from './TaggingFrame';
import { knownTextKey } from './tagRules';
import {
  IMPORT_STARTED_TOAST,
  tagsApi,
  useGetTagImportQuery,
  useGetTagImportsQuery,
  useLazyGetTagDownloadAddressQuery,
  useLazyValidateTagImportQuery,
  useStartTagImportMutation,
} from './tagsApi';
import { useActorLabel } from './useActorLabel';

const STEPS = ['upload', 'validate', 'import'] as const;

const UPLOAD_PROBLEM_KEYS = {
  notCsv: 'tags.import.notCsv',
  tooLarge: 'tags.import.tooLarge',
  uploadFailed: 'tags.import.messages.uploadError',
} as const;

/** Polls a running import this often (§7). */
const IMPORT_POLL_MS = 1000;

/** A text the tagging service sent: its translation when it is one of the contract's texts, else as sent. */
function useServerText() {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = knownTextKey(text);
      return key ? t(key) : text;
    },
    [t],
  );
}

/** Downloads a file of the import bucket (the template or a past import's file) through a fresh signed address. */
function useDownload() {
  const [getAddress] = useLazyGetTagDownloadAddressQuery();
  return useCallback(
    async (fileName: string) => {
      const result = await getAddress(fileName);
      // A failure has shown the query-error toast.
      if (result.data) startDownload(result.data, fileName);
    },
    [getAddress],
  );
}

/**
 * The issues of a file (spec §3): line number, data field, issue. The server lists the first 1000 by line; `total`
 * counts them all, and the rest are summed up below the table.
 */
function IssuesTable({ issues, total = issues.length }: { issues: ImportIssueDto[]; total?: number }) {
  const { t } = useTranslation();
  const more = total - issues.length;
  return (
    <Stack spacing={1}>
      <IssueRows issues={issues} />
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="import-issues-more">
          {t('tags.import.issues.more', { count: more })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function IssueRows({ issues }: { issues: ImportIssueDto[] }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const gridDefaults = useDataGridDefaults();
  const rows = useMemo(() => issues.map((issue, index) => ({ id: index, ...issue })), [issues]);
  const columns = useMemo<GridColDef<(typeof rows)[number]>[]>(
    () => [
      {
        field: 'lineNumber',
        headerName: t('tags.import.issues.lineNumber'),
        type: 'number',
        width: 120,
        align: 'left',
        headerAlign: 'left',
      },
      {
        field: 'dataField',
        headerName: t('tags.import.issues.dataField'),
        width: 140,
        valueFormatter: (value: string) => t(`tags.import.fields.${value}`),
      },
      {
        field: 'issue',
        headerName: t('tags.import.issues.issue'),
        flex: 1,
        minWidth: 220,
        valueFormatter: (value: string) => serverText(value),
      },
    ],
    [t, serverText],
  );
  // A phone cannot show three columns of sentences: each issue becomes a line of its own.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (narrow)
    return (
      <Stack
        component="ul"
        spacing={1.5}
        aria-label={t('tags.import.issues.label')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {rows.map((row) => (
          <Box component="li" key={row.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
            <Typography variant="caption" color="text.secondary">
              {t('tags.import.issues.lineNumber')} {row.lineNumber} · {t(`tags.import.fields.${row.dataField}`)}
            </Typography>
            <Typography variant="body2">{serverText(row.issue)}</Typography>
          </Box>
        ))}
      </Stack>
    );
  return (
    <DataGrid
      {...gridDefaults}
      rows={rows}
      columns={columns}
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      getRowHeight={() => 'auto'}
      aria-label={t('tags.import.issues.label')}
      sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
    />
  );
}

/** Step 1: a drop zone and a file button; the upload's progress. */
function UploadStep({ flow, onFile }: { flow: ImportFlow; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = flow.stage === 'uploading';
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  };
  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <UploadFileOutlined color="action" sx={{ fontSize: 40 }} />
        <Typography sx={{ my: 1 }}>{t('tags.import.dropHere')}</Typography>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={uploading}>
          {t('tags.import.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file can be chosen again after a fix.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('tags.import.fileRules', { max: TAGGING_LIMITS.createBatchMax })}
        </Typography>
      </Box>
      {flow.stage === 'uploading' ? (
        <Box aria-live="polite">
          <Typography variant="body2">
            {t('tags.import.uploading', { fileName: flow.fileName, percent: flow.progress })}
          </Typography>
          <LinearProgress variant="determinate" value={flow.progress} data-testid="import-progress" />
        </Box>
      ) : null}
      {flow.stage === 'choose' && flow.problem ? (
        <Alert severity="error" data-testid="import-upload-problem">
          {t(UPLOAD_PROBLEM_KEYS[flow.problem])}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** New Import (spec §2, §4): upload, validate, import; issues block the import until a corrected file is uploaded. */
function NewImport() {
  const { t } = useTranslation();
  const appDispatch = useAppDispatch();
  const serverText = useServerText();
  const [flow, dispatch] = useReducer(importFlowReducer, INITIAL_IMPORT_FLOW);
  const [validateImport] = useLazyValidateTagImportQuery();
  const [startImport, { isLoading: starting }] = useStartTagImportMutation();
  const importing = flow.stage === 'importing' ? flow.importId : undefined;
  const { data: running } = useGetTagImportQuery(importing ?? '', {
    skip: importing === undefined,
    pollingInterval: IMPORT_POLL_MS,
  });

  useEffect(() => {
    if (!running || running.id !== importing || !importEnded(running)) return;
    dispatch({ type: 'importEnded', result: running });
    // "Import started" is stale once the result is on the page.
    appDispatch(dismissToastsWithMessage(IMPORT_STARTED_TOAST));
    appDispatch(
      api.util.invalidateTags([
        { type: 'Tag', id: 'LIST' },
        { type: 'Tag', id: 'EVENTS' },
        { type: 'TagImport', id: 'LIST' },
      ]),
    );
  }, [running, importing, appDispatch]);

  const upload = async (file: File) => {
    if (!isCsvFileName(file.name)) return dispatch({ type: 'rejected', problem: 'notCsv' });
    if (file.size > TAGGING_LIMITS.importFileMaxBytes) return dispatch({ type: 'rejected', problem: 'tooLarge' });
    dispatch({ type: 'uploadStarted', fileName: file.name });
    try {
      const address = await appDispatch(
        tagsApi.endpoints.getTagUploadAddress.initiate(file.name, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      await uploadFile(address, file, (percent) => dispatch({ type: 'progress', percent }));
      dispatch({ type: 'uploaded' });
    } catch {
      dispatch({ type: 'uploadFailed' });
    }
  };

  const validate = async () => {
    if (flow.stage !== 'uploaded') return;
    dispatch({ type: 'validationStarted' });
    const result = await validateImport(flow.fileName);
    // A failed request has shown the query-error toast; the file can be validated again.
    dispatch(result.data ? { type: 'validated', validation: result.data } : { type: 'validationFailed' });
  };

  const runImport = async () => {
    if (flow.stage !== 'validated') return;
    const result = await startImport(flow.fileName);
    if (result.data) dispatch({ type: 'importStarted', importId: result.data.id });
  };

  const active = activeStepOf(flow);
  const failed = failedStepOf(flow);
  const fileName = flow.stage === 'choose' ? undefined : flow.fileName;
  const busy = flow.stage === 'uploading' || flow.stage === 'validating' || flow.stage === 'importing';

  return (
    <Stack spacing={3}>
      <Stepper activeStep={active} alternativeLabel data-testid="import-stepper">
        {STEPS.map((step, index) => (
          <Step key={step} completed={index < active}>
            <StepLabel error={failed === index} data-testid={`import-step-${step}`}>
              {t(`tags.import.steps.${step}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>

      {flow.stage === 'choose' || flow.stage === 'uploading' ? (
        <UploadStep flow={flow} onFile={(file) => void upload(file)} />
      ) : (
        <Typography data-testid="import-file-name">{t('tags.import.file', { fileName })}</Typography>
      )}

      {flow.stage === 'validating' || flow.stage === 'importing' ? <LinearProgress /> : null}

      {flow.stage === 'validated' || flow.stage === 'importing' ? (
        <Alert severity={flow.validation.valid ? 'success' : 'error'} data-testid="import-validation-message">
          {serverText(flow.validation.message)}
        </Alert>
      ) : null}
      {flow.stage === 'validated' && flow.validation.issues.length > 0 ? (
        <IssuesTable issues={flow.validation.issues} total={flow.validation.issueCount} />
      ) : null}

      {flow.stage === 'done' ? <ImportResult result={flow.result} /> : null}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {flow.stage !== 'choose' && flow.stage !== 'uploading' ? (
          <Button onClick={() => dispatch({ type: 'restart' })} disabled={busy} data-testid="import-restart">
            {t(flow.stage === 'done' ? 'tags.import.another' : 'tags.import.otherFile')}
          </Button>
        ) : null}
        {flow.stage !== 'done' ? (
          <>
            <Button
              variant="outlined"
              onClick={() => void validate()}
              disabled={flow.stage !== 'uploaded'}
              data-testid="import-validate"
            >
              {t('tags.import.validate')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void runImport()}
              disabled={!canImport(flow) || starting}
              data-testid="import-submit"
            >
              {t('tags.import.import')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The end of an import: the §8 success text, or why it failed. */
function ImportResult({ result }: { result: TagImportDto }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  if (result.status === 'completed')
    return (
      <Alert severity="success" data-testid="import-result">
        {t('tags.import.messages.importSucceeded', { count: result.recordsImported })}
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Alert severity="error" data-testid="import-result">
        {result.message ? serverText(result.message) : t('toast.unknownError')}
      </Alert>
      {result.issues && result.issues.length > 0 ? (
        <IssuesTable issues={result.issues} total={result.issueCount} />
      ) : null}
    </Stack>
  );
}

const STATUS_COLORS: Record<ImportStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};

/** Past Imports (spec §2): file, user, date, records imported, status; each file can be downloaded. */
function PastImports() {
  const { t } = useTranslation();
  const format = useFormat();
  const gridDefaults = useDataGridDefaults();
  const download = useDownload();
  const actorLabel = useActorLabel();
  const { data, isFetching } = useGetTagImportsQuery();
  const [whyFailed, setWhyFailed] = useState<TagImportDto | undefined>();
  const columns = useMemo<GridColDef<TagImportDto>[]>(
    () => [
      {
        field: 'fileName',
        headerName: t('tags.import.past.file'),
        flex: 1.2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
            <IconButton
              size="small"
              aria-label={t('tags.import.past.download', { fileName: row.fileName })}
              onClick={() => void download(row.fileName)}
            >
              <DownloadOutlined fontSize="small" />
            </IconButton>
            <Typography variant="body2" noWrap>
              {row.fileName}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'userId',
        headerName: t('tags.import.past.user'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => actorLabel(row),
      },
      {
        field: 'createdAt',
        headerName: t('tags.import.past.date'),
        width: 200,
        valueFormatter: (value: string) => format.dateTime(value),
      },
      { field: 'recordsImported', headerName: t('tags.import.past.records'), type: 'number', width: 150 },
      {
        field: 'status',
        headerName: t('tags.import.past.status'),
        width: 120,
        renderCell: ({ row }) =>
          row.status === 'failed' ? (
            // A failed import says why: its reason and issues open in a dialog.
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS.failed}
              label={t('tags.import.status.failed')}
              onClick={() => setWhyFailed(row)}
              aria-label={t('tags.import.past.whyFailed', { fileName: row.fileName })}
              aria-haspopup="dialog"
            />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[row.status]}
              label={t(`tags.import.status.${row.status}`)}
            />
          ),
      },
    ],
    [t, format, download, actorLabel],
  );
  const responsive = useResponsiveColumns(columns, ['fileName', 'status']);
  return (
    <>
      <DataGrid
        {...gridDefaults}
        rows={data ?? []}
        {...responsive}
        loading={isFetching}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        initialState={{ ...gridDefaults.initialState, sorting: { sortModel: [{ field: 'createdAt', sort: 'desc' }] } }}
        aria-label={t('tags.import.tabs.past')}
        sx={{ border: 0 }}
      />
      {whyFailed ? <FailedImportDialog pastImport={whyFailed} onClose={() => setWhyFailed(undefined)} /> : null}
    </>
  );
}

/** Why a past import failed: the list leaves out the issues, so the import is read whole. */
function FailedImportDialog({ pastImport, onClose }: { pastImport: TagImportDto; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useGetTagImportQuery(pastImport.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="failed-import-title">
      <DialogTitle id="failed-import-title">
        {t('tags.import.past.failedTitle', { fileName: pastImport.fileName })}
      </DialogTitle>
      <DialogContent>
        {data ? <ImportResult result={data} /> : <CircularProgress aria-label={t('common.loading')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Tag import (spec §2): tabs New Import and Past Imports, and the template to start from. */
export default function TagImportPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'new' | 'past'>('new');
  const download = useDownload();
  return (
    <TaggingFrame
      titleKey="pages.tagImport"
      adminOnly
      actions={
        <Button
          startIcon={<DownloadOutlined />}
          onClick={() => void download(TAG_IMPORT_TEMPLATE_FILE)}
          data-testid="import-template"
          sx={{ flexShrink: 0 }}
        >
          {t('tags.import.template')}
        </Button>
      }
    >
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, next: 'new' | 'past') => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="new" label={t('tags.import.tabs.new')} data-testid="import-tab-new" />
          <Tab value="past" label={t('tags.import.tabs.past')} data-testid="import-tab-past" />
        </Tabs>
        {/* New Import stays mounted: a look at Past Imports keeps the uploaded file and a running import. */}
        <CardContent hidden={tab !== 'new'}>
          <NewImport />
        </CardContent>
        {tab === 'past' ? <PastImports /> : null}
      </Card>
    </TaggingFrame>
  );
}
