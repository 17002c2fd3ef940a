import { Box, Button, Popover, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { AUDIENCES } from '../../copy/texts';
import { TOOLTIP_DEFAULT_WIDTH_PX } from '../../copy/ui';
import { useIsMobile } from '../../lib/useIsMobile';

export type Audience = keyof typeof AUDIENCES;

const WHO_CAN_SEE_LABEL = 'Who can see this?';

const AUDIENCE_TEXTS: Record<Audience, string> = {
  only_you: 'Only you can see this.',
  your_team: 'Everyone on your team can see this.',
  those_invited: 'Everyone invited to this meeting can see this.',
  only_admins: "Only your team's admins can see this.",
};

const AUDIENCE_BY_PATH: ReadonlyArray<readonly [RegExp, Audience]> = [
  [/^\/my\/review\/you(\/|$)/, 'only_you'],
  [/^\/my\/review\/team(\/|$)/, 'your_team'],
  [/^\/my\/plan\/meeting\/[^/]+$/, 'those_invited'],
  [/^\/my\/team-management(\/|$)/, 'only_admins'],
];

/** Which audience a screen is shared with; null where the hint is not shown. */
export function audienceOf(pathname: string): Audience | null {
  return AUDIENCE_BY_PATH.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/**
 * The 'Who can see this?' hint (desktop only): a small button in the page's flow (never floating over content) that tells who
 * else sees what the screen shows. Without an audience it follows the route and sits at the end of the page; the
 * meeting modal places its own (audience 'those_invited') beside its buttons, since the page lies under it.
 */
export function WhoCanSeeHint({ audience: given }: { audience?: Audience } = {}) {
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const fromRoute = audienceOf(pathname);
  const audience = given ?? (fromRoute === 'those_invited' ? null : fromRoute);
  // Desktop only, as before: a phone's screens are short and say who sees them in their titles.
  if (!audience || mobile) return null;
  const hint = (
    <Popover position="top-start" withArrow shadow="md" width={TOOLTIP_DEFAULT_WIDTH_PX}>
      <Popover.Target>
        <Button
          variant="default"
          radius="xl"
          size="xs"
          leftSection={<IconEye size={14} aria-hidden />}
          data-testid="who-can-see"
        >
          {WHO_CAN_SEE_LABEL}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={700} fz="sm">
          {AUDIENCES[audience]}
        </Text>
        <Text fz="sm">{AUDIENCE_TEXTS[audience]}</Text>
      </Popover.Dropdown>
    </Popover>
  );
  if (given) return hint;
  return (
    <Box component="aside" aria-label={WHO_CAN_SEE_LABEL} mt="xl">
      {hint}
    </Box>
  );
}
