// A small typed event bus, one per core: a domain says what happened (a job changed, the history gained
// an owner) and whoever cares subscribes, instead of the composition root passing callbacks between
// domains that open one after another. Listeners run synchronously, in the order they subscribed; one
// that throws does not stop the others (its error goes to `onError`, as does the rejection of a listener
// that answers a promise: the emitter does not wait for it).
export type Unsubscribe = () => void;
/** What a listener answers: nothing, or a promise whose rejection is reported like a throw. */
type Listened = void | Promise<void>;

export class EventBus<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => Listened>>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => Listened): Unsubscribe {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    set.add(listener as (payload: never) => Listened);
    return () => set.delete(listener as (payload: never) => Listened);
  }

  /**
   * Runs the listeners one after another, each awaited, and rejects with the first failure (the later
   * ones do not run): for an event whose listeners must all have done their part, or the caller must know.
   */
  async emitInTurn<Name extends keyof Events>(name: Name, payload: Events[Name]): Promise<void> {
    for (const listener of [...(this.listeners.get(name) ?? [])])
      await (listener as (payload: Events[Name]) => Listened)(payload);
  }

  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        const answer = (listener as (payload: Events[Name]) => Listened)(payload);
        if (answer) answer.catch(this.onError);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
