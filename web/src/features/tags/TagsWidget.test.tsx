import { MESSAGES } from '@infra/contracts';
import { screen, within } from '@testing-library/react';
import { stubApiRoutes } from '../../testing/apiFetch';
import { renderWithApp } from '../../testing/render';
import { selectDemoOrganization, stubGateway, tagFixture, type GatewayData } from '../management/pageTestServer';
import { TagsWidget } from './TagsWidget';

let gateway: { restore: () => void };
afterEach(() => gateway.restore());

function openWidget(data: Partial<GatewayData>) {
  gateway = stubGateway(data);
  const { store } = renderWithApp(<TagsWidget />);
  selectDemoOrganization(store);
}

describe('the home tags widget', () => {
  it('counts the tags per status and links to the Tag Library', async () => {
    openWidget({
      tags: [
        tagFixture({ id: 't1' }),
        tagFixture({ id: 't2', key: 'team' }),
        tagFixture({ id: 't3', key: 'old', status: 'Archived' }),
        tagFixture({ id: 't4', key: 'new', status: 'Pending' }),
      ],
    });
    const active = await screen.findByTestId('tags-widget-active');
    expect(active.textContent).toBe('Active2');
    expect(screen.getByTestId('tags-widget-offline').textContent).toBe('Offline0');
    expect(screen.getByTestId('tags-widget-pending').textContent).toBe('Pending1');
    expect(screen.getByTestId('tags-widget-archived').textContent).toBe('Archived1');
    expect(screen.getByTestId('tags-widget-link').getAttribute('href')).toBe('/admin/tag-library');
  });

  it('says "Oops! Error loading widget" when the tags cannot be read', async () => {
    const failing = stubApiRoutes({
      'GET /api/v1/tags': () => ({ status: 500, body: { statusCode: 500, message: 'x', errorId: 'e-1' } }),
    });
    gateway = failing;
    const { store } = renderWithApp(<TagsWidget />);
    selectDemoOrganization(store);
    expect((await screen.findByTestId('tags-widget-error')).textContent).toBe(MESSAGES.widgetError);
    expect(within(screen.getByTestId('tags-widget')).queryByTestId('tags-widget-active')).toBeNull();
  });
});
