// The one question before jobs run again (a requeue of one job or many, a batch's "Retry failed"): what it
// will cost, learned by core from the projects' finished jobs (or each job's last charge), against the
// balance. Credits are spent only after "Requeue" (or "Retry") here.
import { useEffect, useState } from 'react';
import type { RerunCost, RerunCostParams } from '../../../electron/shared/domain/rerun-cost';
import { rerunCostWords } from '../../../electron/shared/domain/rerun-cost-words';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { api, call, failureMessage } from '../../lib/api';
import { useCreditsStore } from '../accounts/credits-store';

type CostState =
  { state: 'loading' } | { state: 'ready'; cost: RerunCost } | { state: 'error'; message: string };

/** The cost of running `params` again, asked whenever the question opens (an answer is for its params only). */
function useRerunCost(open: boolean, params: RerunCostParams): CostState {
  const key = JSON.stringify(params);
  const [answer, setAnswer] = useState<{ key: string; cost: CostState } | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    call(() => api().jobs.requeueCost(JSON.parse(key) as RerunCostParams)).then(
      (value) => current && setAnswer({ key, cost: { state: 'ready', cost: value } }),
      (error: unknown) =>
        current && setAnswer({ key, cost: { state: 'error', message: failureMessage(error) } }),
    );
    return () => {
      current = false;
    };
  }, [open, key]);
  return answer?.key === key ? answer.cost : { state: 'loading' };
}

interface RerunConfirmProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** E.g. "Requeue 3 jobs?". */
  title: string;
  /** E.g. "Requeue". */
  confirmLabel: string;
  /** The word for the jobs' fate in the sentence, e.g. "requeued". */
  verb?: string;
  params: RerunCostParams;
  busy?: boolean;
  onConfirm(): void;
}

export function RerunConfirm(props: RerunConfirmProps): React.JSX.Element {
  const { open, onOpenChange, title, confirmLabel, verb, params, busy, onConfirm } = props;
  const cost = useRerunCost(open, params);
  const balance = useCreditsStore((state) => state.credits);
  const words = cost.state === 'ready' ? rerunCostWords(cost.cost, balance, verb) : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      confirmLabel={confirmLabel}
      tone="primary"
      busy={busy === true || cost.state === 'loading' || (cost.state === 'ready' && cost.cost.jobs === 0)}
      onConfirm={onConfirm}
    >
      {cost.state === 'loading' ? (
        <p role="status">
          <Spinner /> Working out what it will cost…
        </p>
      ) : cost.state === 'error' ? (
        <p data-testid="rerun-cost">
          What it will cost could not be worked out ({cost.message}). Running jobs again spends credits.
        </p>
      ) : (
        <>
          <p data-testid="rerun-cost">{words?.sentence}</p>
          {words?.warning ? <p className="cost-warning">{words.warning}</p> : null}
        </>
      )}
    </ConfirmDialog>
  );
}
