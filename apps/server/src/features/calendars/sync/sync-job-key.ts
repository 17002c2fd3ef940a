/** One sync per calendar at a time: every enqueue uses this key, so a waiting sync absorbs the next request. */
export const syncJobKey = (calendarId: string) => `sync_calendar:${calendarId}`;
