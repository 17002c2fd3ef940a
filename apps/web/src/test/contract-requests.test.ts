import { teamEndpoints } from '@meetwell/domain';
import { describe, expect, it } from 'vitest';
import { checkRequest, endpointOfRequest, takeRequestViolations } from './contract-requests';

describe('the request side of the contract in web tests', () => {
  it('finds the endpoint a request reaches, a path without parameters before a pattern', () => {
    expect(endpointOfRequest('POST', '/api/v1/invites/accept')).toBe(teamEndpoints.acceptInvite);
    expect(endpointOfRequest('DELETE', '/api/v1/invites/5')).toBe(teamEndpoints.cancelInvite);
    expect(endpointOfRequest('PATCH', '/api/v1/teams/3/members/9')).toBe(teamEndpoints.changeRole);
    expect(endpointOfRequest('PUT', '/api/v1/teams/3')).toBeUndefined();
  });

  it('records a call of no endpoint and a body the endpoint refuses, and nothing for a good call', () => {
    checkRequest('PATCH', '/api/v1/teams/3', { data: { type: 'teams', attributes: { name: 'Engines' } } });
    expect(takeRequestViolations()).toEqual([]);
    checkRequest('POST', '/api/v1/no-such-endpoint', {});
    checkRequest('PATCH', '/api/v1/teams/3', { data: { type: 'team', attributes: { name: 'Engines' } } });
    checkRequest('PATCH', '/api/v1/teams/3', { data: { type: 'teams', attributes: { colour: 'red' } } });
    const violations = takeRequestViolations();
    expect(violations).toHaveLength(3);
    expect(violations[0]).toContain('is no endpoint of the contract');
    expect(violations[1]).toContain('data.type');
    expect(violations[2]).toContain('data.attributes');
    expect(takeRequestViolations()).toEqual([]);
  });

  it('leaves id formats to the server (fixtures use short ids)', () => {
    checkRequest('POST', '/api/v1/invites', {
      data: { type: 'invites', attributes: { email: 'a@b.example' } },
    });
    expect(takeRequestViolations()).toEqual([]);
  });
});
