import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointKey } from './endpoint';
import { periodBound } from './period';
import {
  anyReportDocument,
  REPORT_KINDS,
  type ReportKind,
  reportDocuments,
  reportEndpointOf,
  reportEndpoints,
  reportQuery,
} from './reports';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function reportOf(kind: ReportKind, name: string = kind) {
  const rows = {
    averages: {
      average: 80,
      average_exact: 80.4,
      quality_label: 'high',
      letter_grade: 'B',
      good: 3,
      bad: 1,
      total: 4,
    },
    num_past_actions_by: [{ day: '2026-03-02', count: 2 }],
  } as Record<string, unknown>;
  return {
    data: {
      type: 'reports',
      id: kind,
      attributes: {
        name,
        starts_at: '2026-03-01',
        ends_at: '2026-03-07',
        spans_days: 7,
        rows: rows[kind],
        trends: null,
        average: null,
        total: 4,
        previous: null,
        previous_starts_at: null,
        previous_ends_at: null,
      },
    },
    meta: { time_zone: 'UTC', filter: 'all' },
  };
}

describe('the report endpoints', () => {
  it('name every kind the documents describe, in their order', () => {
    expect(REPORT_KINDS).toEqual(Object.keys(reportDocuments));
    expect(reportEndpoints.show.params.safeParse({ kind: 'user_counts' }).success).toBe(true);
    const unknown = reportEndpoints.show.params.safeParse({ kind: 'costs' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe(`kind must be one of ${REPORT_KINDS.join(', ')}`);
  });

  it('read one kind with its own document: the same route, another kind’s answer refused', () => {
    for (const kind of REPORT_KINDS) {
      const one = reportEndpointOf(kind);
      expect(endpointKey(one)).toBe(endpointKey(reportEndpoints.show));
      expect(one.access).toBe(reportEndpoints.show.access);
      expect(one.query).toBe(reportEndpoints.show.query);
      expect(one.errors).toEqual(reportEndpoints.show.errors);
      expect(one.response[200]).toBe(reportDocuments[kind]);
    }
    const averages = reportOf('averages');
    expect(reportEndpointOf('averages').response[200].safeParse(averages).success).toBe(true);
    expect(anyReportDocument.safeParse(averages).success).toBe(true);
    // The averages' figures named as another kind: the route's any-kind document cannot tell, the kind's can.
    const misnamed = reportOf('averages', 'overtime');
    expect(reportEndpointOf('overtime').response[200].safeParse(misnamed).success).toBe(false);
    expect(reportEndpointOf('num_past_actions_by').response[200].safeParse(averages).success).toBe(false);
  });

  it('are asked for your own meetings unless the query says whose', () => {
    fc.assert(
      fc.property(day, day, (start, end) => {
        const query = reportQuery.parse({ start, end });
        expect(query).toEqual({ start, end, who: 'user' });
      }),
    );
    const wrong = reportQuery.safeParse({ start: '2026-02-30', end: 'soon', who: 'team' });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([
      'start must be a date (YYYY-MM-DD)',
      'end must be a date (YYYY-MM-DD)',
    ]);
    expect(reportQuery.safeParse({ start: '2026-03-01', end: '2026-03-07', who: 'everyone' }).success).toBe(
      false,
    );
  });

  it('answer CSV files with no JSON document, taking the reports’ query and access', () => {
    for (const file of [reportEndpoints.exportMeetings, reportEndpoints.exportReport]) {
      expect(file.path).toMatch(/^\/api\/v1\/reports\/export\/\w+\.csv$/);
      expect('response' in file).toBe(false);
      expect(file.query).toBe(reportQuery);
      expect(file.access).toBe(reportEndpoints.show.access);
    }
  });
});

describe('a period bound', () => {
  it('is an instant with an offset or a date, never a local time without one', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (instant) => {
          const iso = instant.toISOString();
          expect(periodBound.safeParse(iso).success).toBe(true);
          expect(periodBound.safeParse(iso.slice(0, 10)).success).toBe(true);
          expect(periodBound.safeParse(iso.replace('Z', '+02:00')).success).toBe(true);
          expect(periodBound.safeParse(iso.slice(0, 19)).success).toBe(false);
        },
      ),
    );
  });
});
