// Keeps the updates store current for the whole page: the first status, then main's `updates:changed`.
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useUpdatesStore } from './updates-store';

export function useUpdates(): void {
  useEffect(() => {
    let unsubscribe: () => void = () => undefined;
    try {
      unsubscribe = api().on('updates:changed', (status) => useUpdatesStore.getState().apply(status));
    } catch {
      // No bridge: the app's first screen says so.
    }
    void useUpdatesStore.getState().load();
    return () => unsubscribe();
  }, []);
}
