/**
 * Rooms and equipment booked for a meeting are listed among its attendees, but they are nobody's time: they
 * are left out of its people (and so of its cost and max_attendees). Each provider flags them its own way
 * (Google `resource`, Graph `type: 'resource'`, iCalendar CUTYPE=ROOM/RESOURCE); a Google room also has an
 * address of its own domain, which shows where the flag is missing (a room seen from another company, or in a
 * file another product wrote).
 */
const GOOGLE_ROOM_ADDRESS = /@resource\.calendar\.google\.com$/i;

export function isRoomAddress(email: string): boolean {
  return GOOGLE_ROOM_ADDRESS.test(email.trim());
}
