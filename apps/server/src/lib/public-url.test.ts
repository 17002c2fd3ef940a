import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFetch, isPublicAddress, PrivateAddressError, resolvesToPublicAddress } from './public-url';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '[::1]',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    'fec0::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '2002:7f00:1::1',
    '2001:0::1',
    '2001:db8::1',
    'ff02::1',
    'not an address',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it('refuses URLs written with embedded IPv6 forms of private addresses', async () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]:8080/x.ics',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data',
      'http://[64:ff9b::7f00:1]/x.ics',
      'http://[fec0::1]/x.ics',
      'http://localhost/x.ics',
      'http://2130706433/x.ics', // 127.0.0.1 as one number
      'http://0x7f.1/x.ics',
    ]) {
      expect(await resolvesToPublicAddress(url), url).toBe(false);
    }
  });
});

describe('calendarFetch: every connection checked', () => {
  let inside: http.Server;
  let front: http.Server;
  let insidePort = 0;
  let frontPort = 0;
  beforeAll(async () => {
    // The "internal" service, on 127.0.0.1.
    inside = http.createServer((_req, res) => res.end('BEGIN:VCALENDAR\r\nSECRET\r\nEND:VCALENDAR'));
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insidePort = (inside.address() as AddressInfo).port;
    // A server playing the public internet (127.0.0.2 here), redirecting inside.
    front = http.createServer((req, res) => {
      if (req.url === '/ok') return res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR');
      res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/secret.ics` }).end();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.2', resolve));
    frontPort = (front.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => inside.close(resolve));
    await new Promise((resolve) => front.close(resolve));
  });

  const asIfPublic = (address: string) => address === '127.0.0.2' || isPublicAddress(address);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: Error) => (error.cause instanceof PrivateAddressError ? error.cause : error),
    );

  it('reads a public address', async () => {
    const response = await calendarFetch(false, asIfPublic)(`http://127.0.0.2:${frontPort}/ok`);
    expect(await response.text()).toContain('BEGIN:VCALENDAR');
  });

  it('refuses a private address given directly, by any spelling, or by name', async () => {
    const fetchUrl = calendarFetch(false, asIfPublic);
    for (const url of [
      `http://127.0.0.1:${insidePort}/x.ics`,
      `http://[::ffff:127.0.0.1]:${insidePort}/x.ics`,
      `http://localhost:${insidePort}/x.ics`,
    ]) {
      expect(await refusal(fetchUrl(url)), url).toBeInstanceOf(PrivateAddressError);
    }
  });

  it('refuses a redirect hop that leads inside', async () => {
    const refused = await refusal(calendarFetch(false, asIfPublic)(`http://127.0.0.2:${frontPort}/feed.ics`));
    expect(refused).toBeInstanceOf(PrivateAddressError);
  });

  it('connects anywhere when the deployment allows private calendar hosts', async () => {
    const response = await calendarFetch(true)(`http://127.0.0.1:${insidePort}/x.ics`);
    expect(await response.text()).toContain('SECRET');
  });
});
