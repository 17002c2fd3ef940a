import { IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';

/** The product's own accounts, listed in the user menu (they open in a new tab). */
export const SOCIAL_LINKS = [
  {
    label: 'MeetWell on LinkedIn',
    href: 'https://www.linkedin.com/company/meetwell',
    icon: IconBrandLinkedin,
  },
  { label: 'MeetWell on X', href: 'https://x.com/meetwellapp', icon: IconBrandX },
] as const;
