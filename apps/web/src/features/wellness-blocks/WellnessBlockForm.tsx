import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { WELLNESS_BLOCK_CATEGORY_LABELS, WELLNESS_BLOCK_TEXTS } from '@meetwell/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { AlertDialog } from '../../components/AlertDialog';
import { type CalendarChoice, type Goal, useGoals, type WellnessBlock } from './api';
import { isEditable } from './block-form';
import { CategoryGlyph } from './CategoryIcon';
import { TimeRangePicker } from './TimeRangePicker';
import { useBlockDraft } from './useBlockDraft';
import { useWellnessBlockActions } from './useWellnessBlockActions';
import { WeekdayToggles } from './WeekdayToggles';

/** One question of the form (What for?, Which days?, …), named by its heading. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
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

/**
 * The drawer's form: a new block, a block to edit, a block made from a calendar event (delete it or make it
 * weekly first) or one that can no longer be edited (read only).
 */
export function WellnessBlockForm({
  block,
  blocks,
  calendars,
  timeZone,
  goalIds,
  initialLabel,
  onDone,
}: WellnessBlockFormProps) {
  const fields = useBlockDraft({ block, blocks, calendars, timeZone, initialLabel });
  const [error, setError] = useState<string | null>(null);
  const [madeWeekly, setMadeWeekly] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { save, remove, makeWeekly } = useWellnessBlockActions({
    block,
    timeZone,
    onDone,
    onMadeWeekly: () => setMadeWeekly(true),
  });

  const deleteOnly = Boolean(block?.delete_only) && !madeWeekly;
  const editable = !block || madeWeekly || isEditable(block);
  const readOnly = Boolean(block) && !editable && !deleteOnly;
  const disabled = !editable;

  const onSave = () => {
    const result = fields.validate();
    setError(result.message);
    if (result.valid) save.mutate(result.draft);
  };

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

        <BlockFields
          fields={fields}
          disabled={disabled}
          goalIds={goalIds}
          timeZone={block?.time_zone || timeZone}
          calendars={calendars}
        />

        {error && (
          <Alert color="danger" variant="light" role="alert">
            {error}
          </Alert>
        )}

        {!readOnly && (
          <FormActions
            canDelete={Boolean(block)}
            onDelete={() => setConfirmDelete(true)}
            deleting={remove.isPending}
            makeWeekly={deleteOnly ? () => makeWeekly.mutate() : null}
            makingWeekly={makeWeekly.isPending}
            saving={save.isPending}
          />
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

/** The block's name, with the user's goals offered as names while it is empty. */
function NameField({
  value,
  onChange,
  disabled,
  goalIds,
}: {
  value: string;
  onChange: (label: string) => void;
  disabled: boolean;
  goalIds: readonly string[];
}) {
  const goals = useGoals();
  const ideas: Goal[] = (goals.data ?? []).filter((goal) => goalIds.includes(goal.id));
  return (
    <>
      <TextInput
        aria-label="Name"
        placeholder="Name your block, e.g. Deep work"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        maxLength={120}
        data-autofocus
      />
      {!disabled && value.trim() === '' && ideas.length > 0 && (
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
              onClick={() => onChange(goal.name)}
            >
              {goal.name}
            </Button>
          ))}
        </Group>
      )}
    </>
  );
}

/** The form's footer: Delete (a stored block) on the left; Save, or Make weekly for a block made from an event. */
function FormActions({
  canDelete,
  onDelete,
  deleting,
  makeWeekly,
  makingWeekly,
  saving,
}: {
  canDelete: boolean;
  onDelete: () => void;
  deleting: boolean;
  /** Set when the block must be made weekly before it can be edited. */
  makeWeekly: (() => void) | null;
  makingWeekly: boolean;
  saving: boolean;
}) {
  return (
    <Group justify="space-between" mt="xs">
      {canDelete ? (
        <Button variant="subtle" color="danger" onClick={onDelete} loading={deleting}>
          Delete
        </Button>
      ) : (
        <span />
      )}
      {makeWeekly ? (
        <Button onClick={makeWeekly} loading={makingWeekly}>
          {WELLNESS_BLOCK_TEXTS.makeWeekly}
        </Button>
      ) : (
        <Button type="submit" loading={saving}>
          Save
        </Button>
      )}
    </Group>
  );
}

/** The questions of the form: name, kind, days, time (in the block's zone) and, with several, the calendar. */
function BlockFields({
  fields,
  disabled,
  goalIds,
  timeZone,
  calendars,
}: {
  fields: ReturnType<typeof useBlockDraft>;
  disabled: boolean;
  goalIds: readonly string[];
  timeZone: string;
  calendars: readonly CalendarChoice[];
}) {
  return (
    <>
      <FormSection title={WELLNESS_BLOCK_TEXTS.whatFor}>
        <NameField value={fields.label} onChange={fields.setLabel} disabled={disabled} goalIds={goalIds} />
      </FormSection>

      <FormSection title={WELLNESS_BLOCK_TEXTS.whatKind}>
        <SegmentedControl
          data={CATEGORY_DATA}
          value={fields.category}
          onChange={(value) => fields.setCategory(value === 'life' ? 'life' : 'focus')}
          disabled={disabled}
          fullWidth
        />
      </FormSection>

      <FormSection title={WELLNESS_BLOCK_TEXTS.whichDays}>
        <WeekdayToggles value={fields.weekdays} onChange={fields.setWeekdays} disabled={disabled} />
      </FormSection>

      <FormSection title={WELLNESS_BLOCK_TEXTS.whatTime}>
        <TimeRangePicker value={fields.range} onChange={fields.setRange} disabled={disabled} />
        <Text fz="xs" c="dimmed">
          Times are in {timeZone}.
        </Text>
      </FormSection>

      {calendars.length > 1 && (
        <FormSection title={WELLNESS_BLOCK_TEXTS.whichCalendar}>
          <Select
            aria-label={WELLNESS_BLOCK_TEXTS.whichCalendar}
            data={calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))}
            value={fields.calendarId}
            onChange={(value) => value && fields.setCalendarId(value)}
            allowDeselect={false}
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
          />
        </FormSection>
      )}
    </>
  );
}
