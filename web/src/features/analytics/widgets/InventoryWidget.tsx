import { ASSET_STATUSES } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { statusKey } from '../../management/assets/AssetStatusChip';
import { useGetViewSummaryQuery, type ViewFilterArgs } from '../../management/inventoryApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { Figure, Figures } from '../Figures';
import { QueryContent, WidgetFrame } from '../WidgetFrame';

export interface InventoryWidgetProps {
  filter: ViewFilterArgs;
  skip: boolean;
}

/** Inventory (§2): how many assets the filter matches, by status (`GET views/summary`). */
export function InventoryWidget({ filter, skip }: InventoryWidgetProps) {
  const { t } = useTranslation();
  return (
    <WidgetFrame title={t('analytics.widgets.inventory')} testId="widget-inventory" resetKey={JSON.stringify(filter)}>
      <InventoryContent filter={filter} skip={skip} />
    </WidgetFrame>
  );
}

function InventoryContent({ filter, skip }: InventoryWidgetProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const query = useGetViewSummaryQuery(filter, { skip });
  return (
    <QueryContent query={query} skip={skip} height={72}>
      {(summary) => (
        <Figures>
          <Figure
            label={t('dashboard.summary.total')}
            value={format.number(summary.assetCount)}
            testId="inventory-total"
          />
          {ASSET_STATUSES.map((status) => (
            <Figure
              key={status}
              label={t(statusKey(status))}
              value={format.number(summary.byStatus[status])}
              testId={`inventory-${status}`}
            />
          ))}
        </Figures>
      )}
    </QueryContent>
  );
}
