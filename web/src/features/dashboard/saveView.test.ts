import { InventoryErrorCode } from '@infra/contracts';
import dashboardFilterSlice, { applyFilters, setCollectionInput, setTagInput } from './dashboardFilterSlice';
import { canOpenSaveView, isViewNameTaken, saveViewRequest, viewDescriptionError, viewNameError } from './saveView';

const reduce = dashboardFilterSlice.reducer;
const start = () => reduce(undefined, { type: 'init' });

describe('save view (spec §4, §5)', () => {
  it('is offered only after applying a filter with a tag or a collection', () => {
    expect(canOpenSaveView(start())).toBe(false);
    const chosen = reduce(start(), setCollectionInput([{ label: 'Production', value: 'c-1' }]));
    expect(canOpenSaveView(chosen)).toBe(false);
    const applied = reduce(chosen, applyFilters());
    expect(canOpenSaveView(applied)).toBe(true);
    // Choosing again turns it off until the next apply.
    expect(canOpenSaveView(reduce(applied, setTagInput([{ label: 'web', value: 't-1' }])))).toBe(false);
    // Applying an empty filter offers nothing to save.
    expect(canOpenSaveView(reduce(reduce(applied, setCollectionInput([])), applyFilters()))).toBe(false);
  });

  it('checks the name (1 to 30 letters, digits, _ or -) and the description (up to 256, also commas)', () => {
    expect(viewNameError('prod-web_1')).toBeNull();
    expect(viewNameError('')).not.toBeNull();
    expect(viewNameError('has space')).not.toBeNull();
    expect(viewNameError('x'.repeat(31))).not.toBeNull();
    expect(viewDescriptionError('')).toBeNull();
    expect(viewDescriptionError('web,db-tier_1')).toBeNull();
    expect(viewDescriptionError('no spaces allowed')).not.toBeNull();
    expect(viewDescriptionError('x'.repeat(257))).not.toBeNull();
  });

  it('saves the applied filter (ids) with its time horizon, and leaves an empty description out', () => {
    const filter = {
      tags: [{ label: 'web', value: 't-1' }],
      collections: [{ label: 'Production', value: 'c-1' }],
      timeHorizon: 'Last 7 Days' as const,
    };
    expect(saveViewRequest(filter, { name: 'prod-web', description: '' })).toEqual({
      name: 'prod-web',
      tagIds: ['t-1'],
      collectionIds: ['c-1'],
      timeHorizon: 'Last 7 Days',
    });
    expect(saveViewRequest(filter, { name: 'prod-web', description: 'web,prod' }).description).toBe('web,prod');
  });

  it('knows a taken name by its code (or a 409), not by other failures', () => {
    const answer = (status: number, code: string) => ({ status, data: { statusCode: status, message: 'x', code } });
    expect(isViewNameTaken(answer(409, InventoryErrorCode.ViewNameTaken))).toBe(true);
    expect(isViewNameTaken(answer(500, 'INTERNAL'))).toBe(false);
    expect(isViewNameTaken(answer(400, 'BAD_REQUEST'))).toBe(false);
  });
});
