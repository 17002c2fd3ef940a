// The emoji the app shows, as Twemoji pictures (@twemoji/svg, graphics CC-BY 4.0 by Twitter and
// contributors): a system without an emoji font would otherwise draw empty boxes. Each picture is imported
// on its own so only these are built (as small data: URLs); emoji.test.ts checks every emoji in the sources
// has one here.

import e1f3af from '@twemoji/svg/1f3af.svg?url';
import e1f4af from '@twemoji/svg/1f4af.svg?url';
import e1f4b8 from '@twemoji/svg/1f4b8.svg?url';
import e1f4cf from '@twemoji/svg/1f4cf.svg?url';
import e1f4da from '@twemoji/svg/1f4da.svg?url';
import e1f4dc from '@twemoji/svg/1f4dc.svg?url';
import e1f4dd from '@twemoji/svg/1f4dd.svg?url';
import e1f4e3 from '@twemoji/svg/1f4e3.svg?url';
import e1f4e7 from '@twemoji/svg/1f4e7.svg?url';
import e1f4ed from '@twemoji/svg/1f4ed.svg?url';
import e1f5d3 from '@twemoji/svg/1f5d3.svg?url';
import e1f6e0 from '@twemoji/svg/1f6e0.svg?url';
import e1f9d8 from '@twemoji/svg/1f9d8.svg?url';
import e1f9ed from '@twemoji/svg/1f9ed.svg?url';
import e1f9f1 from '@twemoji/svg/1f9f1.svg?url';
import e1f9f9 from '@twemoji/svg/1f9f9.svg?url';
import e1f36a from '@twemoji/svg/1f36a.svg?url';
import e1f50c from '@twemoji/svg/1f50c.svg?url';
import e1f50d from '@twemoji/svg/1f50d.svg?url';
import e1f91d from '@twemoji/svg/1f91d.svg?url';
import e1f305 from '@twemoji/svg/1f305.svg?url';
import e1f324 from '@twemoji/svg/1f324.svg?url';
import e1f331 from '@twemoji/svg/1f331.svg?url';
import e1f465 from '@twemoji/svg/1f465.svg?url';
import e1f510 from '@twemoji/svg/1f510.svg?url';
import e1f512 from '@twemoji/svg/1f512.svg?url';
import e1f517 from '@twemoji/svg/1f517.svg?url';
import e1f645 from '@twemoji/svg/1f645.svg?url';
import e1f648 from '@twemoji/svg/1f648.svg?url';
import e1fae0 from '@twemoji/svg/1fae0.svg?url';
import e1fae5 from '@twemoji/svg/1fae5.svg?url';
import e23f0 from '@twemoji/svg/23f0.svg?url';
import e23f1 from '@twemoji/svg/23f1.svg?url';
import e2696 from '@twemoji/svg/2696.svg?url';

const PICTURES: Record<string, string> = {
  '1f4dc': e1f4dc,
  '1f4dd': e1f4dd,
  '1f4e7': e1f4e7,
  '1f4b8': e1f4b8,
  '1f9d8': e1f9d8,
  '1fae0': e1fae0,
  '1f645': e1f645,
  '1f3af': e1f3af,
  '23f0': e23f0,
  '1f50d': e1f50d,
  '1f465': e1f465,
  '1f4da': e1f4da,
  '1f4e3': e1f4e3,
  '1f9f9': e1f9f9,
  '1f4af': e1f4af,
  '1f305': e1f305,
  '23f1': e23f1,
  '2696': e2696,
  '1f4cf': e1f4cf,
  '1f36a': e1f36a,
  '1f50c': e1f50c,
  '1f324': e1f324,
  '1f517': e1f517,
  '1f512': e1f512,
  '1fae5': e1fae5,
  '1f5d3': e1f5d3,
  '1f4ed': e1f4ed,
  '1f6e0': e1f6e0,
  '1f510': e1f510,
  '1f9ed': e1f9ed,
  '1f648': e1f648,
  '1f9f1': e1f9f1,
  // The plans' emoji (Trial, Team) come from the domain's plan list.
  '1f331': e1f331,
  '1f91d': e1f91d,
};

/** Twemoji's file name of an emoji: its code points in hex, without FE0F unless the emoji is a ZWJ sequence. */
export function emojiName(emoji: string): string {
  const points = [...emoji].map((c) => (c.codePointAt(0) ?? 0).toString(16));
  return (emoji.includes('\u200d') ? points : points.filter((p) => p !== 'fe0f')).join('-');
}

/** The picture of an emoji, or null when the app has none (it is then shown as text). */
export function emojiPicture(emoji: string): string | null {
  return PICTURES[emojiName(emoji)] ?? null;
}
