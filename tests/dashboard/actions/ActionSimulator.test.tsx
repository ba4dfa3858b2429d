// The rule simulator panel (issue 16): what it sends through the dataProvider for a preset or a
// custom user agent, and how it shows the rule that fires and the exact response.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import en from '../../../locales/en.json';
import { ActionSimulator } from '../../../src/dashboard/actions/ActionSimulator';
import type {
  DashboardDataProvider,
  SimulationInput,
  SimulationResult,
} from '../../../src/dashboard/providers/dataProvider';
import { USER_AGENT_PRESETS } from '../../../src/shared/userAgents';
import { PROJECT_ID, renderWithAdmin } from '../helpers';
import { ACTION_ID, storageDataProvider } from './helpers';

function simulatorWith(answer: SimulationResult) {
  const sent: SimulationInput[] = [];
  const dataProvider = {
    ...storageDataProvider(),
    simulateAction: async (projectId: string, id: string, input: SimulationInput) => {
      expect([projectId, id]).toEqual([PROJECT_ID, ACTION_ID]);
      sent.push(input);
      return { data: answer };
    },
  } as Partial<DashboardDataProvider> as DashboardDataProvider;
  renderWithAdmin(<ActionSimulator projectId={PROJECT_ID} id={ACTION_ID} />, { dataProvider });
  return sent;
}

describe('the rule simulator', () => {
  it('sends an iPhone scan and shows the rule that fires and the redirect', async () => {
    const sent = simulatorWith({
      rule: { index: 0, name: 'iPhones' },
      variant: null,
      fallback: false,
      status: 302,
      location: 'https://apps.apple.com/app/id1',
    });
    fireEvent.change(await screen.findByTestId('simulator-scan-number'), {
      target: { value: '3' },
    });
    fireEvent.change(screen.getByTestId('simulator-language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByTestId('simulator-run'));
    const result = await screen.findByTestId('simulator-result');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      country: null,
      userAgent: USER_AGENT_PRESETS.iphone,
      language: 'fr',
      scanNumber: 3,
    });
    expect(Number.isNaN(Date.parse(sent[0].at ?? ''))).toBe(false);
    expect(within(result).getByTestId('simulator-rule').textContent).toContain('iPhones');
    expect(within(result).getByTestId('simulator-location').textContent).toBe(
      'https://apps.apple.com/app/id1',
    );
  });

  it('sends a typed user agent and shows a page answer when no rule fires', async () => {
    const sent = simulatorWith({
      rule: null,
      variant: null,
      fallback: false,
      status: 410,
      location: 'page:unavailable',
    });
    fireEvent.change(await screen.findByTestId('simulator-user-agent'), {
      target: { value: 'CustomBot/1.0' },
    });
    fireEvent.click(screen.getByTestId('simulator-run'));
    const response = await screen.findByTestId('simulator-response');
    expect(sent[0].userAgent).toBe('CustomBot/1.0');
    expect(response.textContent).toContain('410');
    expect(response.textContent).toContain(en.app.actions.simulator.pages.unavailable);
    expect(screen.queryByTestId('simulator-location')).toBeNull();
  });
});
