// The one place an IPC request is checked and answered: params parsed with the contract's zod schema,
// the handler called, and every failure turned into `{ kind, message }` data (never a key, never a stack).
import { channels, type Channel, type IpcResult, type ResultOf } from '../../shared/ipc/contract';
import type { AppCore } from './app-core.types';
import { toAppErrorData } from '../kernel/error-words';

export async function dispatch<C extends Channel>(
  core: AppCore,
  channel: C,
  rawParams: unknown,
  log?: (line: string) => void,
): Promise<IpcResult<ResultOf<C>>> {
  const contract = channels[channel];
  if (!contract)
    return { ok: false, error: { kind: 'invalid-input', message: `Unknown request ${String(channel)}.` } };
  const parsed = contract.params.safeParse(rawParams);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return {
      ok: false,
      error: { kind: 'invalid-input', message: `${where}${issue?.message ?? 'invalid input'}` },
    };
  }
  try {
    const handler = core.handlers[channel] as (params: unknown) => Promise<ResultOf<C>>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const data = toAppErrorData(error);
    if (data.kind === 'internal') log?.(`${channel} failed: ${(error as Error)?.name ?? 'error'}`);
    return { ok: false, error: data };
  }
}
