import { useCallback, useEffect, useRef, useState } from 'react';
import { useItemMutations } from '../meeting/hooks';
import { type AgendaItem, type Meeting, visibleItems } from '../meeting/types';

export type PresentationPhase = 'not_started' | 'in_progress' | 'ended';

/** Time spent on an agenda item over its visits, and when it was first entered. */
export interface Spent {
  secs: number;
  startedAt: string;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** While active, ← and → (outside text fields, without modifier keys) go to the item before or after `index`. */
function useArrowKeys(active: boolean, go: (index: number) => void, index: number) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        go(index + 1);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        go(index - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, go, index]);
}

/**
 * A presentation of the meeting's agenda: its phase, the current item and the seconds on it (ticking each
 * second), moving with ← and → while it runs. Leaving an item saves its time spent, started_at and ended_at.
 */
export function usePresentation(meeting: Meeting) {
  const agenda = visibleItems(meeting.agenda_items);
  const { update } = useItemMutations(meeting.id, 'agenda_items');
  const [phase, setPhase] = useState<PresentationPhase>('not_started');
  const [index, setIndex] = useState(0);
  const [enteredAt, setEnteredAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const spent = useRef<Record<string, Spent>>({});

  const safeIndex = Math.min(index, Math.max(0, agenda.length - 1));
  const current: AgendaItem | undefined = agenda[safeIndex];

  useEffect(() => {
    if (phase !== 'in_progress') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const enter = useCallback((next: number) => {
    const at = Date.now();
    setIndex(next);
    setEnteredAt(at);
    setNow(at);
  }, []);

  /** Saves the time spent on the item being left. */
  const leave = useCallback(() => {
    if (!current) return;
    const at = Date.now();
    const before = spent.current[current.id];
    const secs = (before?.secs ?? 0) + Math.max(0, Math.floor((at - enteredAt) / 1000));
    const startedAt = before?.startedAt ?? new Date(enteredAt).toISOString();
    spent.current[current.id] = { secs, startedAt };
    update.mutate({
      id: current.id,
      attributes: { time_spent_in_secs: secs, started_at: startedAt, ended_at: new Date(at).toISOString() },
    });
  }, [current, enteredAt, update]);

  const start = () => {
    setPhase('in_progress');
    enter(0);
  };
  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= agenda.length || next === safeIndex) return;
      leave();
      enter(next);
    },
    [agenda.length, safeIndex, leave, enter],
  );
  const end = () => {
    leave();
    setPhase('ended');
  };
  /** Saves the current item's time if the presentation is running. */
  const stop = () => {
    if (phase === 'in_progress') leave();
  };

  useArrowKeys(phase === 'in_progress', go, safeIndex);

  const elapsed = current
    ? (spent.current[current.id]?.secs ?? 0) + Math.max(0, Math.floor((now - enteredAt) / 1000))
    : 0;

  return {
    agenda,
    phase,
    index: safeIndex,
    current,
    elapsed,
    /** Seconds spent on each item so far, by id. */
    spent: spent.current,
    start,
    go,
    end,
    stop,
  };
}
