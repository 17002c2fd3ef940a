import {
  Alert,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  initialTimeRange,
  newWellnessBlockDraft,
  type TimeRangeState,
  validateWellnessBlock,
  WELLNESS_BLOCK_CATEGORY_LABELS,
  WELLNESS_BLOCK_TEXTS,
  type WellnessBlockCategory,
  type WellnessBlockDraft,
} from '@meetwell/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog';
import { UI_TIMINGS_MS } from '../../copy/ui';
import { browserTimeZone } from '../../lib/timezone';
import { useIsMobile } from '../../lib/useIsMobile';
import { queryKeys } from '../../session/queryKeys';
import { useSignedInUser } from '../../session/useSignedInUser';
import {
  blockListWindow,
  type CalendarChoice,
  createWellnessBlock,
  deleteWellnessBlock,
  makeWellnessBlockWeekly,
  updateWellnessBlock,
  useGoals,
  useWatchedCalendars,
  useWellnessBlocks,
  type WellnessBlock,
  wellnessBlockKeys,
} from './api';
import {
  blockPayload,
  draftFromBlock,
  existingBlocks,
  isEditable,
  seriesStartDate,
  todayIn,
} from './block-form';
import { CategoryGlyph } from './CategoryIcon';
import { presetLabel, WB_LABEL_PARAM, withoutPresetLabel } from './preset-label';
import { TimeRangePicker } from './TimeRangePicker';
import { WeekdayToggles } from './WeekdayToggles';

const DRAWER_CLOSE_DELAY_MS = UI_TIMINGS_MS.drawerClose;
const DRAWER_OPEN_DELAY_MS = UI_TIMINGS_MS.modalOpenAfterNavigate;
const DEEP_LINK_RETRY_MS = UI_TIMINGS_MS.deepLinkRetry;
/** A deep link to a block not (yet) in the list is retried this many times before giving up. */
const DEEP_LINK_MAX_RETRIES = 10;

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
      <DrawerBody blockId={blockId} onDone={onClose} />
    </Drawer>
  );
}

/** Refetches every 500 ms (at most DEEP_LINK_MAX_RETRIES times) while `waiting`; true once it gave up. */
function useDeepLinkRetry(waiting: boolean, refetch: () => unknown): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      if (attempts > DEEP_LINK_MAX_RETRIES) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      void refetch();
    }, DEEP_LINK_RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  return waiting && gaveUp;
}

function DrawerBody({ blockId, onDone }: { blockId: string; onDone: () => void }) {
  const user = useSignedInUser();
  const zone = user.time_zone || browserTimeZone();
  const [window] = useState(() => blockListWindow());
  const blocks = useWellnessBlocks(window);
  const calendars = useWatchedCalendars();
  const isNew = blockId === 'new';
  const [params] = useSearchParams();
  const block = isNew ? null : (blocks.data?.find((item) => item.id === blockId) ?? null);
  const gaveUp = useDeepLinkRetry(!isNew && blocks.isSuccess && !block, blocks.refetch);

  if (calendars.isPending || blocks.isPending) return <Loading />;
  if (calendars.isError) {
    return (
      <Stack gap="sm" py="md">
        <Text>We couldn't load your calendars.</Text>
        <Button variant="default" onClick={() => void calendars.refetch()} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  }
  if (calendars.data.length === 0) return <NoCalendar />;
  if (!isNew && !block) {
    if (blocks.isError || gaveUp) {
      return (
        <Stack gap="sm" py="md">
          <Text>We couldn't find this Wellness block. It may have been deleted.</Text>
          <Button variant="default" onClick={onDone} w="fit-content">
            Close
          </Button>
        </Stack>
      );
    }
    return <Loading />;
  }
  return (
    <WellnessBlockForm
      key={block?.id ?? 'new'}
      block={block}
      blocks={blocks.data ?? []}
      calendars={calendars.data}
      timeZone={zone}
      goalIds={(user.goal_ids ?? []).map(String)}
      initialLabel={isNew ? presetLabel(params.get(WB_LABEL_PARAM)) : undefined}
      onDone={onDone}
    />
  );
}

function Loading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading the Wellness block" />
    </Center>
  );
}

function NoCalendar() {
  return (
    <Stack gap="sm" py="md" align="flex-start">
      <Title order={3} fz="lg">
        {WELLNESS_BLOCK_TEXTS.noCalendar}
      </Title>
      <Text c="dimmed">{WELLNESS_BLOCK_TEXTS.calendarRequired}</Text>
      <Button component={Link} to="/my/account">
        {WELLNESS_BLOCK_TEXTS.goToSettings}
      </Button>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const CATEGORY_DATA = (['focus', 'life'] as const).map((value) => ({
  value,
  label: (
    <Group gap={6} justify="center" wrap="nowrap">
      <CategoryGlyph category={value} size={16} />
      <span>{WELLNESS_BLOCK_CATEGORY_LABELS[value]}</span>
    </Group>
  ),
}));

interface WellnessBlockFormProps {
  /** null for a new block. */
  block: WellnessBlock | null;
  /** Every block of the user (for the overlap rule). */
  blocks: readonly WellnessBlock[];
  /** Watched calendars (at least one). */
  calendars: readonly CalendarChoice[];
  timeZone: string;
  goalIds: readonly string[];
  /** The name a new block starts with (?wbLabel=). */
  initialLabel?: string | undefined;
  onDone: () => void;
}

function WellnessBlockForm({
  block,
  blocks,
  calendars,
  timeZone,
  goalIds,
  initialLabel,
  onDone,
}: WellnessBlockFormProps) {
  const queryClient = useQueryClient();
  const goals = useGoals();
  const [initial] = useState<WellnessBlockDraft>(() =>
    block
      ? draftFromBlock(block, timeZone)
      : { ...newWellnessBlockDraft([...calendars]), ...(initialLabel ? { label: initialLabel } : {}) },
  );
  const [label, setLabel] = useState(initial.label);
  const [category, setCategory] = useState<WellnessBlockCategory>(initial.category);
  const [weekdays, setWeekdays] = useState<number[]>([...initial.weekdays]);
  const [range, setRange] = useState<TimeRangeState>(() =>
    initialTimeRange(initial.startMinute ?? undefined, initial.endMinute ?? undefined),
  );
  const [calendarId, setCalendarId] = useState<string | null>(
    initial.calendarId && calendars.some((c) => c.id === initial.calendarId)
      ? initial.calendarId
      : (calendars[0]?.id ?? null),
  );
  const [error, setError] = useState<string | null>(null);
  const [madeWeekly, setMadeWeekly] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const deleteOnly = Boolean(block?.delete_only) && !madeWeekly;
  const editable = !block || madeWeekly || isEditable(block);
  const readOnly = Boolean(block) && !editable && !deleteOnly;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: wellnessBlockKeys.all });
    // A block changes the conflicts (and so the scores) of the meetings it touches.
    void queryClient.invalidateQueries({ queryKey: queryKeys.meetings });
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
  };

  const save = useMutation({
    mutationFn: async (draft: WellnessBlockDraft) => {
      const payload = blockPayload(draft, {
        timeZone: block?.time_zone || timeZone,
        fromDate: block ? seriesStartDate(block, timeZone) : todayIn(timeZone),
      });
      if (!payload) throw new Error('The block could not be scheduled');
      return block ? updateWellnessBlock(block.id, payload) : createWellnessBlock(payload);
    },
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block was saved.' });
      onDone();
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteWellnessBlock(block?.id ?? ''),
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block was deleted.' });
      onDone();
    },
  });

  const makeWeekly = useMutation({
    mutationFn: () => makeWellnessBlockWeekly(block?.id ?? ''),
    onSuccess: () => {
      setMadeWeekly(true);
      refresh();
      notifications.show({ color: 'success', message: 'Your Wellness block is now weekly.' });
    },
  });

  const onSave = () => {
    const draft: WellnessBlockDraft = {
      id: block?.id ?? null,
      label,
      category,
      weekdays,
      startMinute: range.from,
      endMinute: range.to,
      calendarId,
    };
    const now = Date.now();
    // Single blocks that are over no longer hold their time.
    const others = existingBlocks(
      blocks.filter((other) => other.recurring !== false || Date.parse(other.ends_at) > now),
      timeZone,
    );
    const result = validateWellnessBlock(draft, others, { editingId: block?.id ?? null });
    setError(result.message);
    if (result.valid) save.mutate(draft);
  };

  const ideas = (goals.data ?? []).filter((goal) => goalIds.includes(goal.id));
  const disabled = !editable;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (editable) onSave();
      }}
    >
      <Stack gap="lg">
        {readOnly && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            This Wellness block can no longer be edited.
          </Alert>
        )}
        {deleteOnly && (
          <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} />}>
            This Wellness block was made from a calendar event: you can delete it, or make it weekly to edit
            it.
          </Alert>
        )}

        <Section title={WELLNESS_BLOCK_TEXTS.whatFor}>
          <TextInput
            aria-label="Name"
            placeholder="Name your block, e.g. Deep work"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            disabled={disabled}
            maxLength={120}
            data-autofocus
          />
          {editable && label.trim() === '' && ideas.length > 0 && (
            <Group gap={6} aria-label="Ideas">
              <Text fz="sm" c="dimmed">
                {WELLNESS_BLOCK_TEXTS.ideas}
              </Text>
              {ideas.map((goal) => (
                <Button
                  key={goal.id}
                  size="compact-sm"
                  radius="xl"
                  variant="light"
                  onClick={() => setLabel(goal.name)}
                >
                  {goal.name}
                </Button>
              ))}
            </Group>
          )}
        </Section>

        <Section title={WELLNESS_BLOCK_TEXTS.whatKind}>
          <SegmentedControl
            data={CATEGORY_DATA}
            value={category}
            onChange={(value) => setCategory(value === 'life' ? 'life' : 'focus')}
            disabled={disabled}
            fullWidth
          />
        </Section>

        <Section title={WELLNESS_BLOCK_TEXTS.whichDays}>
          <WeekdayToggles value={weekdays} onChange={setWeekdays} disabled={disabled} />
        </Section>

        <Section title={WELLNESS_BLOCK_TEXTS.whatTime}>
          <TimeRangePicker value={range} onChange={setRange} disabled={disabled} />
          <Text fz="xs" c="dimmed">
            Times are in {block?.time_zone || timeZone}.
          </Text>
        </Section>

        {calendars.length > 1 && (
          <Section title={WELLNESS_BLOCK_TEXTS.whichCalendar}>
            <Select
              aria-label={WELLNESS_BLOCK_TEXTS.whichCalendar}
              data={calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))}
              value={calendarId}
              onChange={(value) => value && setCalendarId(value)}
              allowDeselect={false}
              disabled={disabled}
              comboboxProps={{ withinPortal: true }}
            />
          </Section>
        )}

        {error && (
          <Alert color="danger" variant="light" role="alert">
            {error}
          </Alert>
        )}

        {!readOnly && (
          <Group justify="space-between" mt="xs">
            {block ? (
              <Button
                variant="subtle"
                color="danger"
                onClick={() => setConfirmDelete(true)}
                loading={remove.isPending}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            {deleteOnly ? (
              <Button onClick={() => makeWeekly.mutate()} loading={makeWeekly.isPending}>
                {WELLNESS_BLOCK_TEXTS.makeWeekly}
              </Button>
            ) : (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
        )}
      </Stack>

      <AlertDialog
        opened={confirmDelete}
        title="Delete this Wellness block?"
        text="It is removed from your calendar too."
        confirmLabel="Delete"
        confirmColor="danger"
        onConfirm={() => {
          setConfirmDelete(false);
          remove.mutate();
        }}
        onCancel={() => setConfirmDelete(false)}
      />
    </form>
  );
}
