import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, userDocument } from '../../test/utils';
import { acceptInvite, consumeSignInLink } from './api';

/** POST /sign_in_links/consume's answer: the user, and whether the link created the account. */
const linkUsed = { ...userDocument(), meta: { created: false } };

function sentAttributes(fetchMock: ReturnType<typeof mockFetch>) {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body)).data.attributes;
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = 'MWReferralToken=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
});

describe('a sign-up sends the referral kept from a ?ref= link', () => {
  it('with a sign-in link and with an invite', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie ReferralCapture keeps
    document.cookie = 'MWReferralToken=friend_42; Path=/';
    const link = mockFetch({ 'POST /api/v1/sign_in_links/consume': () => jsonResponse(200, linkUsed) });
    await consumeSignInLink('tok-1');
    expect(sentAttributes(link)).toMatchObject({ token: 'tok-1', referral: 'friend_42' });

    const invite = mockFetch({
      'POST /api/v1/invites/accept': () =>
        jsonResponse(200, { ...userDocument(), meta: { already_member: false } }),
    });
    await acceptInvite('inv-1');
    expect(sentAttributes(invite)).toMatchObject({ token: 'inv-1', referral: 'friend_42' });
  });

  it('sends none without the cookie', async () => {
    const link = mockFetch({ 'POST /api/v1/sign_in_links/consume': () => jsonResponse(200, linkUsed) });
    await consumeSignInLink('tok-2');
    expect(sentAttributes(link)).not.toHaveProperty('referral');
  });
});
