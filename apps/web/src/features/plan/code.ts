import { rememberedImport } from '../../lib/lazyComponent';

/**
 * Plan's parts whose code loads on demand, remembered once loaded: the route's loader asks for them at
 * navigation (app/preload.ts), and the screen then renders them at once (lib/lazyComponent.ts).
 */
export const weekCalendarCode = rememberedImport(() => import('./WeekCalendar'));
export const meetingModalCode = rememberedImport(() => import('../meeting/MeetingModal'));
