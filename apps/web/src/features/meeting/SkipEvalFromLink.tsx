import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { TOASTS } from '../../copy/texts';
import { useSkipEvaluation } from './hooks';
import type { Meeting } from './types';

const SKIP_EVAL_PARAM = 'skipEval';

/** ?skipEval (or =true) skips the meeting's evaluation; ?skipEval=false evaluates it again. */
export function skipWanted(value: string | null): boolean | null {
  if (value === null) return null;
  return value !== 'false' && value !== '0';
}

/**
 * A link to a meeting with ?skipEval (from a mail or another screen) does what the modal's button does, once, with
 * the same toast; the parameter is then taken out of the URL so a reload does not repeat it.
 */
export function SkipEvalFromLink({ meeting }: { meeting: Meeting }) {
  const [params, setParams] = useSearchParams();
  const wanted = skipWanted(params.get(SKIP_EVAL_PARAM));
  const skip = useSkipEvaluation(meeting.id);
  const done = useRef(false);
  const alreadySo = wanted !== null && Boolean(meeting.skip_evaluation) === wanted;

  useEffect(() => {
    if (wanted === null || done.current) return;
    done.current = true;
    const toast = (skipped: boolean) =>
      notifications.show({
        color: 'success',
        message: skipped ? TOASTS.evaluationSkipped : TOASTS.reEvaluated,
      });
    if (alreadySo) toast(wanted);
    else skip.mutate(wanted, { onSuccess: (updated) => toast(Boolean(updated.skip_evaluation)) });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SKIP_EVAL_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wanted, alreadySo, skip, setParams]);

  return null;
}
