// A guest of the history (another program does its background work) hears of that work only as its core
// notices the other's writes, and not of every kind: so a guest waiting on the work also reads the state
// itself, about as often as the core looks.
import type { CoreSession } from './core-session';
import type { Wakeup } from './wakeup';

const GUEST_LOOK_MS = 1_000;

/** Waits for the next change; a guest also wakes after a look at the state (`refresh`). */
export async function nextChange(
  session: CoreSession,
  wakeup: Wakeup,
  refresh: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  if (session.isOwner) return wakeup.wait(signal);
  const timer = setTimeout(() => {
    const poke = () => wakeup.poke();
    refresh().then(poke, poke);
  }, GUEST_LOOK_MS);
  try {
    await wakeup.wait(signal);
  } finally {
    clearTimeout(timer);
  }
}
