/**
 * Video-conference links: Google Meet, Zoom, Microsoft Teams, Webex, Whereby, Jitsi — found in a
 * description (plain text or HTML, Outlook safe-links unwrapped) or in the providers' conference fields.
 */

export const CONFERENCE_PROVIDERS = ['google_meet', 'zoom', 'teams', 'webex', 'whereby', 'jitsi'] as const;
export type ConferenceProvider = (typeof CONFERENCE_PROVIDERS)[number] | 'other';

export const CONFERENCE_PROVIDER_LABELS: Readonly<Record<ConferenceProvider, string>> = {
  google_meet: 'Google Meet',
  zoom: 'Zoom',
  teams: 'Microsoft Teams',
  webex: 'Webex',
  whereby: 'Whereby',
  jitsi: 'Jitsi',
  other: 'Video call',
};

export interface ConferenceLink {
  provider: ConferenceProvider;
  url: string;
}

const URL_IN_TEXT = /https?:\/\/[^\s"'<>\\^`{|}\uE000\uE001]+/gi;
const BARE_LINK =
  /(?:^|[^\w.@/-])((?:meet\.google\.com|(?:[\w-]+\.)?zoom\.us|(?:[\w-]+\.)?zoomgov\.com|teams\.microsoft\.com|teams\.live\.com|[\w-]+\.webex\.com|whereby\.com|meet\.jit\.si)\/[^\s"'<>\\^`{|}]+)/i;
const TRAILING_CHARS = new Set([...'.,;:!?)]\'"*']);

/** A URL without the punctuation after it (a ')' stays when it closes a '(' of the URL); &amp; decoded. */
function cleanUrl(raw: string): string {
  const url = raw.indexOf('&') >= 0 ? raw.replace(/&amp;/gi, '&').replace(/&#0*38;/g, '&') : raw;
  let opens = 0;
  let closes = 0;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 40) opens++;
    else if (c === 41) closes++;
  }
  let end = url.length;
  while (end > 0 && TRAILING_CHARS.has(url[end - 1] as string)) {
    if (url[end - 1] === ')') {
      if (opens >= closes) break;
      closes--;
    }
    end--;
  }
  return url.slice(0, end);
}

function splitUrl(url: string): { host: string; path: string } | null {
  const m = /^https?:\/\/([^/?#:]+)(?::\d+)?([^?#]*)?/i.exec(url);
  if (!m) return null;
  return { host: (m[1] ?? '').toLowerCase(), path: m[2] ?? '' };
}

function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The provider of a meeting link, or null when the URL is not a meeting link of a known provider. */
export function classifyConferenceUrl(url: string): Exclude<ConferenceProvider, 'other'> | null {
  const parts = splitUrl(url);
  if (!parts) return null;
  const { host, path } = parts;
  if (host === 'meet.google.com')
    return /^\/[a-z0-9][\w-]{2,}/i.test(path) && !/^\/_/.test(path) ? 'google_meet' : null;
  if (hostIs(host, 'zoom.us') || hostIs(host, 'zoomgov.com'))
    return /^\/(?:j|my|w|s|wc|meeting)\/./i.test(path) ? 'zoom' : null;
  if (host === 'teams.microsoft.com' || host === 'teams.live.com')
    return /^\/(?:l\/meetup-join|meet|_#\/l\/meetup-join)\b/i.test(path) || /meetup-join/i.test(url)
      ? 'teams'
      : null;
  if (hostIs(host, 'webex.com'))
    return /(?:j\.php|\/meet\/|\/join\/|joinservice|\/m\/|\/wbxmjs\/)/i.test(path) || /[?&]MTID=/i.test(url)
      ? 'webex'
      : null;
  if (hostIs(host, 'whereby.com'))
    return /^\/[\w-]+/.test(path) && !/^\/(?:information|user|org|pricing|blog|support)\b/i.test(path)
      ? 'whereby'
      : null;
  if (host === 'meet.jit.si' || hostIs(host, '8x8.vc')) return /^\/[^/]+/.test(path) ? 'jitsi' : null;
  return null;
}

/** An Outlook safe-link (…safelinks.protection.outlook.com/?url=…) gives the address it wraps. */
function unwrapSafeLink(url: string): string {
  const parts = splitUrl(url);
  if (!parts?.host.endsWith('safelinks.protection.outlook.com')) return url;
  const m = /[?&]url=([^&]+)/i.exec(url);
  if (!m) return url;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return url;
  }
}

/**
 * The first video-conference link of a known provider in a text (plain or HTML), or null. Never throws.
 */
export function detectConferenceLink(text: string | null | undefined): ConferenceLink | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  try {
    if (text.indexOf('://') >= 0) {
      URL_IN_TEXT.lastIndex = 0;
      for (let m = URL_IN_TEXT.exec(text); m !== null; m = URL_IN_TEXT.exec(text)) {
        const url = cleanUrl(unwrapSafeLink(cleanUrl(m[0])));
        const provider = classifyConferenceUrl(url);
        if (provider) return { provider, url };
      }
    }
    const bare = BARE_LINK.exec(text);
    if (bare) {
      const url = cleanUrl(`https://${bare[1]}`);
      const provider = classifyConferenceUrl(url);
      if (provider) return { provider, url };
    }
  } catch {
    return null;
  }
  return null;
}

/** The conference fields of Google (hangoutLink, conferenceData) and Microsoft Graph (onlineMeeting…). */
export interface ProviderConferenceData {
  hangoutLink?: string | null;
  conferenceData?: {
    entryPoints?: readonly { entryPointType?: string | null; uri?: string | null }[] | null;
  } | null;
  onlineMeeting?: { joinUrl?: string | null } | null;
  onlineMeetingUrl?: string | null;
}

/** The conference link from a provider's own fields ('other' when the provider is not one we know). */
export function conferenceLinkFromProviderData(
  data: ProviderConferenceData | null | undefined,
): ConferenceLink | null {
  if (!data || typeof data !== 'object') return null;
  const candidates: (string | null | undefined)[] = [
    data.hangoutLink,
    ...(data.conferenceData?.entryPoints ?? [])
      .filter((e) => e?.entryPointType === 'video')
      .map((e) => e.uri),
    data.onlineMeeting?.joinUrl,
    data.onlineMeetingUrl,
  ];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !/^https?:\/\//i.test(candidate.trim())) continue;
    const url = candidate.trim();
    return { provider: classifyConferenceUrl(url) ?? 'other', url };
  }
  return null;
}
