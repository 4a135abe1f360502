import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { resetToDefaults, setTimeHorizon } from './dashboardFilterSlice';
import { DashboardFilterBar } from './DashboardFilterBar';
import { EntityHeader } from './EntityHeader';
import { SaveViewDialog } from './SaveViewDialog';
import type { SaveViewState } from './saveView';
import { AnalyticsPlaceholders } from './sections/AnalyticsPlaceholders';
import { useDashboardTarget, type DashboardTarget } from './useDashboardTarget';

export interface EntityDashboardProps {
  target: DashboardTarget;
  details: ReactNode;
  /** The System Attributes section of this kind. */
  attributes: ReactNode;
}

const CLOSED: SaveViewState = { showSaveView: false, title: '', initialView: { name: '', description: '' } };

/** The dashboard of an asset, collection or view: header, filter bar, sections, and the save-view dialog. */
export function EntityDashboard({ target, details, attributes }: EntityDashboardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ready = useDashboardTarget(target);
  const [saveView, setSaveView] = useState<SaveViewState>(CLOSED);

  const reset = () => {
    dispatch(resetToDefaults());
    // A view's own time horizon is its default.
    if (target.timeHorizon) dispatch(setTimeHorizon(target.timeHorizon));
  };
  const openSaveView = () =>
    setSaveView({
      showSaveView: true,
      title: t(target.kind === 'view' ? 'dashboard.saveView.titleAsNew' : 'dashboard.saveView.title'),
      initialView: { name: '', description: '' },
    });

  return (
    <>
      <EntityHeader kind={target.kind} id={target.id} name={target.name} details={details} />
      <DashboardFilterBar onReset={reset} onSaveView={openSaveView} />
      {ready ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>{attributes}</Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
            <AnalyticsPlaceholders />
          </Box>
        </Box>
      ) : (
        <Loading />
      )}
      <SaveViewDialog
        state={saveView}
        onClose={() => setSaveView((current) => ({ ...current, showSaveView: false }))}
      />
    </>
  );
}
