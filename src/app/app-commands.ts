// The app's commands, the same from the application menu (main sends `app:command`) and from the keys the
// page handles itself: show a screen, find (the projects on Create, the jobs in the Queue), submit the job.
import type { AppCommand } from '../../electron/shared/ipc/channels/shell';
import { useJobFormStore } from '../features/job-form/job-form-store';
import { useNavStore } from '../features/navigation/nav-store';

function focusSearch(id: string): void {
  // The screen was hidden a moment ago: focus once it is shown.
  requestAnimationFrame(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  });
}

export function runCommand(command: AppCommand): void {
  const nav = useNavStore.getState();
  switch (command) {
    case 'show-create':
      nav.go('create', { focus: true });
      break;
    case 'show-queue':
      nav.go('queue', { focus: true });
      break;
    case 'show-batches':
      nav.go('batches', { focus: true });
      break;
    case 'show-settings':
      nav.go('settings', { focus: true });
      break;
    case 'show-results':
      nav.go('results', { focus: true });
      break;
    case 'find':
      focusSearch(nav.screen === 'queue' ? 'queue-search' : 'project-search');
      break;
    case 'submit-job':
      nav.go('create');
      useJobFormStore.getState().requestSubmit();
      break;
  }
}
