import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { markdownPage } from '../../../../build/markdownPages';
import { SUPPORT_EMAIL, SUPPORT_URL, SUPPORTED_LANGUAGES } from '../../../config';
import { renderWithApp } from '../../../testing/render';
import ManualsPage, { MANUALS } from './ManualsPage';

const GUIDE_ITEMS = MANUALS.find(({ group }) => group === 'guide')!.items;
/** The markdown each language's guide page is generated from (vite.config.ts). */
const GUIDE_SOURCES = { en: 'docs/user-guide.md', fr: 'docs/user-guide.fr.md' } as const;
const REPOSITORY = path.resolve(__dirname, '../../../../..');

const hrefOf = (id: string) => screen.getByTestId(`manual-${id}`).getAttribute('href');
const allHrefs = () => screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');

describe('Manuals page', () => {
  it("links the user guide's sections in English, and the API reference, each in a new tab", () => {
    renderWithApp(<ManualsPage />, '/admin/account/manuals');
    expect(screen.getByRole('heading', { name: 'User guide' })).toBeTruthy();
    expect(hrefOf('gettingStarted')).toBe('/docs/user-guide.html#getting-started');
    expect(hrefOf('tags')).toBe('/docs/user-guide.html#tags');
    expect(hrefOf('ratings')).toBe('/docs/user-guide.html#ratings');
    expect(screen.getByTestId('manual-tags').textContent).toBe('Tags');
    for (const { id } of GUIDE_ITEMS) expect(hrefOf(id)).toMatch(/^\/docs\/user-guide\.html#[a-z-]+$/);
    expect(hrefOf('apiReference')).toBe('/api/docs');
    expect(hrefOf('apiIndex')).toBe('/api/v1');
    expect(screen.getByTestId('manual-apiReference').getAttribute('target')).toBe('_blank');
  });

  it('links the French guide to a reader in French', () => {
    renderWithApp(<ManualsPage />, '/admin/account/manuals', { language: 'fr' });
    expect(screen.getByRole('heading', { name: "Guide de l'utilisateur" })).toBeTruthy();
    expect(screen.getByTestId('manual-gettingStarted').textContent).toBe('Prise en main');
    expect(hrefOf('gettingStarted')).toBe('/docs/user-guide.fr.html#getting-started');
    for (const { id } of GUIDE_ITEMS) expect(hrefOf(id)).toMatch(/^\/docs\/user-guide\.fr\.html#[a-z-]+$/);
    expect(screen.getByRole('heading', { name: 'Assistance' })).toBeTruthy();
  });

  it('offers none of the README: its sections are developer material (Docker, Kubernetes, tests...)', () => {
    renderWithApp(<ManualsPage />, '/admin/account/manuals');
    expect(allHrefs().filter((href) => /readme/i.test(href))).toEqual([]);
    for (const text of ['README', 'Docker', 'Kubernetes', 'Tests', 'Architecture', 'Configuration'])
      expect(screen.queryByText(text)).toBeNull();
  });

  it('shows the support address as a mailto link, and the support site', () => {
    renderWithApp(<ManualsPage />, '/admin/account/manuals');
    const email = screen.getByTestId('support-email');
    expect(email.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(email.textContent).toBe(SUPPORT_EMAIL);
    expect(SUPPORT_EMAIL).toBe('support@infra-analytics.example');
    const site = screen.getByTestId('support-site');
    expect(site.getAttribute('href')).toBe(SUPPORT_URL);
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('For anything else, please contact support.')).toBeTruthy();
  });

  it("links only anchors that each language's guide page has", () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const page = markdownPage(readFileSync(path.join(REPOSITORY, GUIDE_SOURCES[language]), 'utf8'), {
        title: 'guide',
        lang: language,
      });
      for (const { id, href } of GUIDE_ITEMS) {
        const anchor = href(language).split('#')[1];
        expect([language, id, page.includes(`id="${anchor}"`)]).toEqual([language, id, true]);
      }
    }
  });
});
