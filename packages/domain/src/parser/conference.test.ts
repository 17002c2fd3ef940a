import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyConferenceUrl, conferenceLinkFromProviderData, detectConferenceLink } from './conference';

describe('detectConferenceLink', () => {
  it.each([
    ['Join: https://meet.google.com/abc-defg-hij', 'google_meet', 'https://meet.google.com/abc-defg-hij'],
    ['meet.google.com/abc-defg-hij', 'google_meet', 'https://meet.google.com/abc-defg-hij'],
    [
      'Zoom: https://us02web.zoom.us/j/85512345678?pwd=abc.',
      'zoom',
      'https://us02web.zoom.us/j/85512345678?pwd=abc',
    ],
    ['https://zoom.us/my/alice', 'zoom', 'https://zoom.us/my/alice'],
    ['https://acme.zoomgov.com/j/123', 'zoom', 'https://acme.zoomgov.com/j/123'],
    [
      '<a href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%7d">Join</a>',
      'teams',
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_X%40thread.v2/0?context=%7b%7d',
    ],
    ['https://teams.live.com/meet/9312345', 'teams', 'https://teams.live.com/meet/9312345'],
    ['https://acme.webex.com/acme/j.php?MTID=m123', 'webex', 'https://acme.webex.com/acme/j.php?MTID=m123'],
    ['https://acme.webex.com/meet/alice', 'webex', 'https://acme.webex.com/meet/alice'],
    ['(https://whereby.com/team-room)', 'whereby', 'https://whereby.com/team-room'],
    ['https://meet.jit.si/OurRoom', 'jitsi', 'https://meet.jit.si/OurRoom'],
    ['<a href="https://zoom.us/j/1?pwd=a&amp;uname=b">zoom</a>', 'zoom', 'https://zoom.us/j/1?pwd=a&uname=b'],
    [
      'https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fteams.microsoft.com%2Fl%2Fmeetup-join%2F19%253ameeting&data=x',
      'teams',
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting',
    ],
    [
      'Help: https://www.webex.com/downloads.html then https://acme.webex.com/acme/j.php?MTID=1',
      'webex',
      'https://acme.webex.com/acme/j.php?MTID=1',
    ],
  ])('%s', (text, provider, url) => expect(detectConferenceLink(text)).toEqual({ provider, url }));

  it.each([
    ['No link here'],
    ['https://zoom.us/download'],
    ['https://www.webex.com/'],
    ['https://meet.google.com/'],
    ['https://aka.ms/JoinTeamsMeeting'],
    ['https://whereby.com/information'],
    ['https://example.com/meet.google.com'],
  ])('%s → null', (text) => expect(detectConferenceLink(text)).toBeNull());

  it('never throws', () => {
    expect(detectConferenceLink(null)).toBeNull();
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (s) => detectConferenceLink(s) === null || !!detectConferenceLink(s),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'https://',
            'zoom.us/j/',
            '%',
            '%E0%A4%A',
            'safelinks.protection.outlook.com/?url=',
            '&amp;',
            ')',
            '.',
            'x',
          ),
        ),
        (parts) => {
          detectConferenceLink(parts.join(''));
          return true;
        },
      ),
    );
  });

  it('classifies a URL', () => {
    expect(classifyConferenceUrl('https://meet.google.com/abc-defg-hij')).toBe('google_meet');
    expect(classifyConferenceUrl('not a url')).toBeNull();
  });
});

describe('conferenceLinkFromProviderData', () => {
  it.each([
    [
      { hangoutLink: 'https://meet.google.com/abc-defg-hij' },
      { provider: 'google_meet', url: 'https://meet.google.com/abc-defg-hij' },
    ],
    [
      {
        conferenceData: {
          entryPoints: [
            { entryPointType: 'phone', uri: 'tel:+1' },
            { entryPointType: 'video', uri: 'https://acme.zoom.us/j/9' },
          ],
        },
      },
      { provider: 'zoom', url: 'https://acme.zoom.us/j/9' },
    ],
    [
      { onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3a' } },
      { provider: 'teams', url: 'https://teams.microsoft.com/l/meetup-join/19%3a' },
    ],
    [
      { onlineMeetingUrl: 'https://video.example.com/room' },
      { provider: 'other', url: 'https://video.example.com/room' },
    ],
    [{}, null],
    [null, null],
  ])('%j', (data, expected) => expect(conferenceLinkFromProviderData(data)).toEqual(expected));
});
