import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../testing/i18n';
import { CompactTable, type CompactColumn } from './CompactTable';

interface Row {
  id: string;
  name: string;
  rating: number | null;
}

const columns: CompactColumn<Row>[] = [
  { id: 'name', header: 'Asset', value: (row) => row.name },
  {
    id: 'rating',
    header: 'Rating',
    numeric: true,
    value: (row) => row.rating,
    format: (value) => value?.toFixed(1) ?? '—',
  },
];
const rows: Row[] = Array.from({ length: 7 }, (_, index) => ({
  id: `r${index}`,
  name: `asset-${index}`,
  rating: index === 3 ? null : (index * 37) % 11,
}));

function names(): string[] {
  const table = screen.getByRole('table', { name: 'Lowest' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('CompactTable', () => {
  beforeEach(() => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <CompactTable rows={rows} rowId={(row) => row.id} columns={columns} ariaLabel="Lowest" />
      </I18nextProvider>,
    );
  });

  it('shows the rows in their order, five a page, the values formatted', () => {
    expect(names()).toEqual(['asset-0', 'asset-1', 'asset-2', 'asset-3', 'asset-4']);
    expect(screen.getByText('—')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['asset-5', 'asset-6']);
  });

  it('sorts a number column largest first, then smallest first, with no value last either way', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Rating' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['asset-0', 'asset-3']);
    fireEvent.click(screen.getByRole('button', { name: 'Rating' }));
    expect(names()[names().length - 1]).toBe('asset-3');
  });
});
