import { screen, within } from '@testing-library/react';
import type { SentRequest, StubAnswer } from '../../testing/apiFetch';
import { renderWithApp } from '../../testing/render';
import { analysisRoutes } from '../analytics/analyticsTestData';
import { selectDemoOrganization, stubGateway } from '../management/pageTestServer';
import HomePage from './HomePage';

let gateway: { restore: () => void };
afterEach(() => gateway.restore());

/** The organization's analyses as the gateway stub's extra reads (paths without /api/v1/). */
function organizationReads(): Record<string, (request: SentRequest) => StubAnswer> {
  return Object.fromEntries(
    Object.entries(analysisRoutes('/api/v1/organizations')).map(([route, answer]) => [
      route.replace('GET /api/v1/', ''),
      answer,
    ]),
  );
}

describe('home', () => {
  it("greets the user, keeps the tags widget, and shows the organization's dashboard with its highlights", async () => {
    gateway = stubGateway({ reads: organizationReads() });
    const { store } = renderWithApp(<HomePage />);
    selectDemoOrganization(store);
    expect(screen.getByTestId('home-greeting')).toBeTruthy();
    expect(screen.getByText('Welcome back.')).toBeTruthy();
    expect(screen.getByTestId('tags-widget')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Dashboard filters' })).toBeTruthy();
    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    expect((await within(highlights).findByTestId('highlight-slide')).textContent).toContain('web-01');
    for (const name of ['System Attributes', 'System Ratings', 'Business Overview'])
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    expect((await screen.findByTestId('overview-total-cost')).textContent).toBe('Total cost$1,234.50');
  });
});
