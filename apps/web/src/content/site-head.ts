/**
 * The <head> both HTML entries share (index.html, the app; public.html, the public pages), written once:
 * vite.config.ts injects it into each at build time, and the server then gives each public page its own
 * title and description. Plain values: the build's config reads this file without the workspace packages.
 */
export const SITE_TITLE = 'MeetWell | Healthy meetings, balanced calendars';
export const SITE_DESCRIPTION =
  'MeetWell scores your calendar meetings from 0 to 100, protects your Wellness blocks and nudges organizers to fix bad meetings.';
export const THEME_COLOR = '#1f78f7';
export const FAVICON = '/favicon.svg';
