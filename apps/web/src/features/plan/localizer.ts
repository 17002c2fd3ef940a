import dayjs from 'dayjs';
import { type DateLocalizer, dayjsLocalizer } from 'react-big-calendar';

/**
 * react-big-calendar's dayjs localizer (dayjs's 'en' locale starts weeks on Sunday, as Plan does: week.ts),
 * with each day column as long as its wall clock says. The stock one counts a column in elapsed minutes but
 * places events by wall-clock minutes: on the day clocks fall back (25 hours) the column got an extra hour, and
 * every event in it was drawn an hour early beside the hour labels and the other days.
 */
export function wallClockLocalizer(): DateLocalizer {
  const localizer = dayjsLocalizer(dayjs);
  localizer.getTotalMin = (start, end) =>
    localizer.diff(start, end, 'minutes') + localizer.getDstOffset(start, end);
  return localizer;
}
