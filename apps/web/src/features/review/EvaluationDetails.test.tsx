import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import type { Report, ReportKind } from './api';
import { EvaluationDetails } from './EvaluationDetails';
import { type ReportOverrides, reportDocument } from './testData';

function report<K extends ReportKind>(kind: K, overrides: ReportOverrides = {}): Report<K> {
  const document = reportDocument(kind, '/api/v1/reports?start=2025-03-09&end=2025-03-15', overrides);
  return { ...document.data.attributes, meta: document.meta } as unknown as Report<K>;
}

function renderDetails(overrides: ReportOverrides = {}) {
  return render(
    <MantineProvider theme={theme}>
      <EvaluationDetails
        details={report('duration_and_cost_details', overrides)}
        attendees={report('average_attendees', overrides)}
        overtime={report('overtime', overrides)}
        compliant={report('compliant_meetings', overrides)}
        nudges={report('num_past_actions_by', overrides)}
      />
    </MantineProvider>,
  );
}

const desktop = vi.mocked(window.matchMedia).getMockImplementation();
afterEach(() => {
  if (desktop) vi.mocked(window.matchMedia).mockImplementation(desktop);
});

function onAPhone() {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

/** The Compliant meetings tile of MISC: its label, figure and counts. */
function compliantStat(): HTMLElement {
  return within(screen.getByLabelText('MISC')).getByText('Compliant meetings').parentElement!;
}

describe('Compliant meetings figure', () => {
  it('is "not applicable" when nothing was checked, with the counts beneath', () => {
    renderDetails({ compliant_meetings: { compliant: 0, non_compliant: 0, total: 14, percent: 0 } });
    const stat = compliantStat();
    expect(within(stat).getByText('not applicable')).toBeInTheDocument();
    expect(within(stat).getByText('0 compliant · 0 not · 14 not checked')).toBeInTheDocument();
    expect(stat).not.toHaveTextContent('%');
  });

  it('is the share of checked meetings when some were checked', () => {
    renderDetails({ compliant_meetings: { compliant: 3, non_compliant: 1, total: 6, percent: 75 } });
    const stat = compliantStat();
    expect(within(stat).getByText('75%')).toBeInTheDocument();
    expect(within(stat).queryByText('not applicable')).not.toBeInTheDocument();
  });
});

describe('All organizers', () => {
  it('is a sortable table with every column on a wide screen', () => {
    renderDetails();
    const table = screen.getByRole('table', { name: 'All organizers' });
    for (const label of ['Organizer', 'Meetings', 'Good', 'To improve', 'Total', 'Cost', 'Share', 'Nudges'])
      expect(within(table).getByRole('columnheader', { name: label })).toBeInTheDocument();
  });

  it('keeps the Intention table whole on a phone, Share included', () => {
    onAPhone();
    renderDetails();
    const intentions = screen.getByRole('table', { name: 'Intention' });
    expect(within(intentions).getByRole('columnheader', { name: 'Share' })).toBeInTheDocument();
    expect(within(intentions).getAllByRole('row')[1]).toHaveTextContent('75%');
  });

  it('is one card per organizer on a phone, keeping cost, hours and nudges', () => {
    onAPhone();
    renderDetails();
    expect(screen.queryByRole('table', { name: 'All organizers' })).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'All organizers' })).getAllByRole('listitem');
    // Sorted by meetings, most first: Dana (3) before Ada (1).
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Dana (Vendor)', 'Ada Lovelace']);
    const dana = cards[0]!;
    for (const [label, value] of [
      ['Meetings', '3'],
      ['Good', '1 h'],
      ['To improve', '0.50 h'],
      ['Total', '1.50 h'],
      ['Cost', '$420'],
      ['Share', '75%'],
      ['Nudges', '2'],
    ]) {
      const term = within(dana).getByText(label!);
      expect(term.nextElementSibling, label).toHaveTextContent(value!);
    }
  });
});
