import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage, visibleToasts } from '../../test/utils';
import { SkipEvalFromLink, skipWanted } from './SkipEvalFromLink';
import { meetingFixture } from './testing';

function patched(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body)).data.attributes]);
}

function serverAnswers(skip: boolean) {
  const { id, ...attributes } = meetingFixture({ skip_evaluation: skip });
  return mockFetch({
    'PATCH /api/v1/users/meetings/m1': () =>
      jsonResponse(200, { data: { id, type: 'meetings', attributes } }),
  });
}

describe('?skipEval', () => {
  it('skips the evaluation of the meeting it opens, once, with the toast, and leaves the URL', async () => {
    const fetchMock = serverAnswers(true);
    const { router } = renderPage(<SkipEvalFromLink meeting={meetingFixture({ skip_evaluation: false })} />, {
      path: '/my/plan/meeting/m1?w=2026-11-23&skipEval=true',
    });
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain('This meetings evaluation was skipped.'),
    );
    expect(patched(fetchMock)).toEqual([['/api/v1/users/meetings/m1', { skip_evaluation: true }]]);
    expect(router.state.location.search).toBe('?w=2026-11-23');
  });

  it('=false evaluates a skipped meeting again', async () => {
    const fetchMock = serverAnswers(false);
    renderPage(<SkipEvalFromLink meeting={meetingFixture({ skip_evaluation: true })} />, {
      path: '/my/plan/meeting/m1?skipEval=false',
    });
    await waitFor(() =>
      expect(visibleToasts().map((t) => t.message)).toContain('This meeting was re-evaluated.'),
    );
    expect(patched(fetchMock)).toEqual([['/api/v1/users/meetings/m1', { skip_evaluation: false }]]);
  });

  it('changes nothing when the meeting is already so, or without the parameter', async () => {
    const fetchMock = serverAnswers(true);
    const { router } = renderPage(<SkipEvalFromLink meeting={meetingFixture({ skip_evaluation: true })} />, {
      path: '/my/plan/meeting/m1?skipEval',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(patched(fetchMock)).toEqual([]);
    renderPage(<SkipEvalFromLink meeting={meetingFixture({ skip_evaluation: false })} />, {
      path: '/my/plan/meeting/m1',
    });
    expect(patched(fetchMock)).toEqual([]);
  });

  it('reads the parameter', () => {
    expect(skipWanted(null)).toBeNull();
    expect(skipWanted('')).toBe(true);
    expect(skipWanted('true')).toBe(true);
    expect(skipWanted('false')).toBe(false);
  });
});
