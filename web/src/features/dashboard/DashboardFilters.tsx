import type { TimeHorizon } from '@infra/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { resetToDefaults, setTimeHorizon } from './dashboardFilterSlice';
import { DashboardFilterBar } from './DashboardFilterBar';
import { SaveViewDialog } from './SaveViewDialog';
import type { SaveViewState } from './saveView';

export interface DashboardFiltersProps {
  /** The save-view dialog's title ("Save View", or "Save as New View" on a view). */
  saveViewTitleKey: string;
  /** A view's own time horizon: its default, restored by reset. */
  timeHorizon?: TimeHorizon;
}

const CLOSED: SaveViewState = { showSaveView: false, title: '', initialView: { name: '', description: '' } };

/** The filter bar of a dashboard with its reset and its save-view dialog. */
export function DashboardFilters({ saveViewTitleKey, timeHorizon }: DashboardFiltersProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [saveView, setSaveView] = useState<SaveViewState>(CLOSED);

  const reset = () => {
    dispatch(resetToDefaults());
    if (timeHorizon) dispatch(setTimeHorizon(timeHorizon));
  };
  const openSaveView = () =>
    setSaveView({ showSaveView: true, title: t(saveViewTitleKey), initialView: { name: '', description: '' } });

  return (
    <>
      <DashboardFilterBar onReset={reset} onSaveView={openSaveView} />
      <SaveViewDialog
        state={saveView}
        onClose={() => setSaveView((current) => ({ ...current, showSaveView: false }))}
      />
    </>
  );
}
