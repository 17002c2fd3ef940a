import { Affix, Button, Popover, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { AUDIENCES } from '../../copy/texts';
import { TIPS_OFFSET_PX, TOOLTIP_DEFAULT_WIDTH_PX } from '../../copy/ui';
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
 * The floating 'Who can see this?' hint (desktop only): on the screens listed above, a button in the corner
 * that tells who else sees what the screen shows. It floats above the meeting modal it describes, under others.
 */
export function WhoCanSeeHint() {
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const audience = audienceOf(pathname);
  if (!audience || mobile) return null;
  // Under any modal (onboarding's, a drawer's), except the meeting modal it speaks of.
  const overModal = audience === 'those_invited';
  return (
    <Affix position={{ bottom: TIPS_OFFSET_PX, left: TIPS_OFFSET_PX }} zIndex={overModal ? 250 : 150}>
      <Popover
        position="top-start"
        withArrow
        shadow="md"
        width={TOOLTIP_DEFAULT_WIDTH_PX}
        zIndex={overModal ? 260 : 160}
      >
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
    </Affix>
  );
}
