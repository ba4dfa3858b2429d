// The side menu shows exactly the entries each role may see (SPEC §1, §6).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Menu } from '../../../src/dashboard/layout/Menu';
import type { Role } from '../../../src/shared/enums';
import { renderWithAdmin, PROJECT_ID } from '../helpers';

const PROJECT_CONTENT = [
  'home',
  'qrcodeOverview',
  'shortLinkOverview',
  'pagesOverview',
  'qrlinkOverview',
  'advertisementOverview',
  'labelOverview',
  'themeOverview',
  'settings',
  'trashOverview',
  'projectStatistics',
  // SPEC §2 gives templates to users too (the designer applies them).
  'qrcodeTemplateOverview',
];
const CREATE = ['qrcodeAdd', 'shortLinkAdd', 'pagesAdd'];

const EXPECTED: Record<Role, { side: string[]; create: string[] }> = {
  user: { side: PROJECT_CONTENT, create: CREATE },
  // The project audit log is the customer admin's (SPEC §6).
  customeradmin: {
    side: [...PROJECT_CONTENT, 'projectAuditLogs'],
    create: CREATE,
  },
  // Admins' settings hold white label and analytics.
  admin: { side: ['customerOverview', 'settings'], create: [] },
};

const menuIds = () =>
  screen
    .queryAllByTestId(/^menu-/)
    .map((element) => element.getAttribute('data-testid')!.replace(/^menu-/, ''))
    .filter((id) => id !== 'create-new' && !id.startsWith('group-'));

describe('side menu', () => {
  it.each(Object.entries(EXPECTED) as [Role, { side: string[]; create: string[] }][])(
    'shows the entries a %s may see',
    async (role, expected) => {
      renderWithAdmin(<Menu />, { role });
      await waitFor(() => expect(menuIds().length).toBeGreaterThan(0));
      expect(menuIds().sort()).toEqual([...expected.side].sort());

      const createButton = screen.queryByTestId('menu-create-new');
      if (!expected.create.length) {
        expect(createButton).toBeNull();
        return;
      }
      fireEvent.click(createButton!);
      await waitFor(() => expect(screen.getByTestId('menu-qrcodeAdd')).toBeTruthy());
      expect(menuIds().sort()).toEqual([...expected.side, ...expected.create].sort());
    },
  );

  it('links entries to the current project', async () => {
    renderWithAdmin(<Menu />, { role: 'user' });
    const entry = await screen.findByTestId('menu-qrcodeOverview');
    expect(entry.getAttribute('href')).toBe(`/projects/${PROJECT_ID}/qr-codes`);
    expect(screen.getByTestId('menu-home').getAttribute('href')).toBe(
      `/projects/${PROJECT_ID}/start`,
    );
  });

  it('without a project explains itself in place and offers the project list', async () => {
    window.localStorage.clear();
    renderWithAdmin(<Menu />, { role: 'user', path: '/settings/profile' });
    const note = await screen.findByTestId('menu-no-project');
    expect(note.textContent).toContain('Choose a project to work in');
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/projects');
    expect(screen.getByTestId('menu-qrcodeOverview').getAttribute('aria-disabled')).toBe('true');
  });

  it('with a project shows no such note', async () => {
    renderWithAdmin(<Menu />, { role: 'user' });
    await screen.findByTestId('menu-qrcodeOverview');
    expect(screen.queryByTestId('menu-no-project')).toBeNull();
  });
});
