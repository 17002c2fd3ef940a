import { describe, expect, it } from 'vitest';
import { clientStateMatches, graphValidationResponse, parseGraphNotifications } from './microsoft.webhooks';

describe('graphValidationResponse', () => {
  it('echoes the decoded validationToken as text/plain', () => {
    // Graph sends POST ...?validationToken=Validation%3a+Testing+client+application+reachability...
    const query = new URLSearchParams(
      'validationToken=Validation%3a+Testing+client+application+reachability+for+subscription+Request-Id%3a+25a0b1',
    );
    expect(graphValidationResponse(query)).toEqual({
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
      body: 'Validation: Testing client application reachability for subscription Request-Id: 25a0b1',
    });
    // A framework's parsed query object works too.
    expect(graphValidationResponse({ validationToken: 'abc' })?.body).toBe('abc');
  });

  it('is null when the request is not a handshake', () => {
    expect(graphValidationResponse({})).toBeNull();
    expect(graphValidationResponse(new URLSearchParams(''))).toBeNull();
    expect(graphValidationResponse({ validationToken: '' })).toBeNull();
    expect(graphValidationResponse(undefined)).toBeNull();
  });
});

const changeNotification = {
  subscriptionId: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
  subscriptionExpirationDateTime: '2024-05-13T11:00:00.0000000-07:00',
  changeType: 'updated',
  resource: "Users('88ee4408-0679-472c-bc2a-692812af3437')/Events('AAMkAGIAAAoZDOFAAA=')",
  resourceData: {
    '@odata.type': '#Microsoft.Graph.Event',
    '@odata.id': "Users('88ee4408-0679-472c-bc2a-692812af3437')/Events('AAMkAGIAAAoZDOFAAA=')",
    '@odata.etag': 'W/"DwAAABYAAAAQ+7SLs4xvRJ3K0LT4fW2dAAA7ofxN"',
    id: 'AAMkAGIAAAoZDOFAAA=',
  },
  clientState: 'secret-per-subscription',
  tenantId: '84bd8158-6d4d-4958-8b9f-9d6445542f95',
};

describe('parseGraphNotifications', () => {
  it('normalises change notifications, clientState included', () => {
    const parsed = parseGraphNotifications({ value: [changeNotification] });
    expect(parsed.value).toEqual([
      {
        subscriptionId: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
        clientState: 'secret-per-subscription',
        changeType: 'updated',
        resource: changeNotification.resource,
        resourceId: 'AAMkAGIAAAoZDOFAAA=',
        lifecycleEvent: undefined,
        subscriptionExpiresAt: new Date('2024-05-13T18:00:00Z'),
        tenantId: '84bd8158-6d4d-4958-8b9f-9d6445542f95',
      },
    ]);
    expect(clientStateMatches('secret-per-subscription', parsed.value[0]?.clientState)).toBe(true);
    expect(clientStateMatches('secret-per-subscription', 'secret-per-subscriptioN')).toBe(false);
    expect(clientStateMatches('secret-per-subscription', null)).toBe(false);
    expect(clientStateMatches('', '')).toBe(false);
  });

  it('accepts a raw JSON string body', () => {
    expect(parseGraphNotifications(JSON.stringify({ value: [changeNotification] })).value).toHaveLength(1);
  });

  it.each(['reauthorizationRequired', 'subscriptionRemoved', 'missed'] as const)(
    'parses the %s lifecycle event',
    (lifecycleEvent) => {
      const parsed = parseGraphNotifications({
        value: [
          {
            subscriptionId: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
            subscriptionExpirationDateTime: '2024-05-13T18:23:45.9356913Z',
            tenantId: '84bd8158-6d4d-4958-8b9f-9d6445542f95',
            clientState: 'secret-per-subscription',
            lifecycleEvent,
          },
        ],
      });
      expect(parsed.value[0]).toMatchObject({
        subscriptionId: '7f105c7d-2dc5-4530-97cd-4e7ae6534c07',
        lifecycleEvent,
        clientState: 'secret-per-subscription',
        changeType: undefined,
        resource: undefined,
      });
    },
  );

  it.each([
    ['not an object', 'hello'],
    ['no value', {}],
    ['empty value', { value: [] }],
    ['no subscriptionId', { value: [{ ...changeNotification, subscriptionId: undefined }] }],
    ['unknown changeType', { value: [{ ...changeNotification, changeType: 'moved' }] }],
    ['change without resource', { value: [{ ...changeNotification, resource: undefined }] }],
    ['unknown lifecycle event', { value: [{ subscriptionId: 's', lifecycleEvent: 'exploded' }] }],
  ])('rejects a body with %s', (_label, body) => {
    expect(() => parseGraphNotifications(body)).toThrow(expect.objectContaining({ kind: 'invalid' }));
  });

  it('keeps a missing clientState as null (the route then rejects the item)', () => {
    const parsed = parseGraphNotifications({ value: [{ ...changeNotification, clientState: undefined }] });
    expect(parsed.value[0]?.clientState).toBeNull();
  });
});
