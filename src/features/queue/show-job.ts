// Opens one job in the Queue's detail drawer (from a notification, the session list, or the form).
import { useNavStore } from '../navigation/nav-store';
import { useQueueStore } from './queue-store';

export function showJobInQueue(id: string): void {
  useQueueStore.getState().openDrawer(id);
  useNavStore.getState().go('queue');
}
