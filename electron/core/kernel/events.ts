// A small typed event bus, one per core: a domain says what happened (a job changed, the history gained
// an owner) and whoever cares subscribes, instead of the composition root passing callbacks between
// domains that open one after another. Listeners run synchronously, in the order they subscribed; one
// that throws does not stop the others, unless `onError` throws it on (the bus's owner decides).
export type Unsubscribe = () => void;

export class EventBus<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): Unsubscribe {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        (listener as (payload: Events[Name]) => void)(payload);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
