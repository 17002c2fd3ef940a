import { Drawer, Text } from '@mantine/core';
import { WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { UI_TIMINGS_MS } from '../../copy/ui';
import { useIsMobile } from '../../lib/useIsMobile';
import { withoutPresetLabel } from './preset-label';
import { WellnessBlockDrawerBody } from './WellnessBlockDrawerBody';

const DRAWER_CLOSE_DELAY_MS = UI_TIMINGS_MS.drawerClose;
const DRAWER_OPEN_DELAY_MS = UI_TIMINGS_MS.modalOpenAfterNavigate;

/** '/my/plan/block/12?w=…' → '/my/plan?w=…'; '/my/balance/wellness-blocks/block/new' → '…/wellness-blocks'. */
export function drawerParentPath(pathname: string, search = ''): string {
  return `${pathname.replace(/\/block\/[^/]+\/?$/, '') || '/'}${search}`;
}

/**
 * The Wellness block drawer of a route with a :blockId param ('new' or an id). Mount it in any screen whose
 * route has /block/:blockId (Balance → Wellness blocks, and Plan): it opens 200 ms after the navigation and,
 * when closed, navigates 300 ms later to `closeTo` (default: the same path without /block/:blockId).
 */
export function WellnessBlockDrawerRoute({ closeTo }: { closeTo?: string }) {
  const { blockId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = closeTo ?? drawerParentPath(location.pathname, withoutPresetLabel(location.search));

  useEffect(() => {
    if (!blockId) return;
    setOpened(false);
    const timer = setTimeout(() => setOpened(true), DRAWER_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blockId]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = useCallback(() => {
    if (closeTimer.current) return;
    setOpened(false);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      navigate(target);
    }, DRAWER_CLOSE_DELAY_MS);
  }, [navigate, target]);

  if (!blockId) return null;
  return <WellnessBlockDrawer blockId={blockId} opened={opened} onClose={close} />;
}

export function WellnessBlockDrawer({
  blockId,
  opened,
  onClose,
}: {
  blockId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const isNew = blockId === 'new';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 480}
      title={
        <Text component="span" fw={750} fz="xl">
          {isNew ? WELLNESS_BLOCK_TEXTS.newTitle : WELLNESS_BLOCK_TEXTS.editTitle}
        </Text>
      }
      transitionProps={{ duration: DRAWER_CLOSE_DELAY_MS }}
    >
      <WellnessBlockDrawerBody blockId={blockId} onDone={onClose} />
    </Drawer>
  );
}
