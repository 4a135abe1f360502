import { visibleAdminGroups } from './adminSections';

const sectionIds = (canManage: boolean, systemAdmin?: boolean) =>
  visibleAdminGroups(canManage, systemAdmin).flatMap((group) => group.sections.map(({ id }) => id));

describe('admin sections', () => {
  it('offers organizations to every member, members to managers and accounts to System Admins only', () => {
    expect(sectionIds(false)).toContain('organizations');
    expect(sectionIds(false)).not.toContain('members');
    expect(sectionIds(true)).toContain('members');
    expect(sectionIds(true)).not.toContain('accounts');
    expect(sectionIds(true, true)).toContain('accounts');
  });

  it('leaves out the System group when none of its sections is visible', () => {
    expect(visibleAdminGroups(true).map(({ id }) => id)).toEqual(['account', 'management', 'rules', 'data']);
    expect(visibleAdminGroups(true, true).map(({ id }) => id)).toEqual([
      'account',
      'management',
      'rules',
      'data',
      'system',
    ]);
  });
});
