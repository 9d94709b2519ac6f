// What the app's host can do (the desktop app: a folder picker, files dragged out; a browser: neither),
// asked once; until it answers, or if it cannot, the page assumes the desktop app's.
import { useEffect, useState } from 'react';
import type { HostCapabilities } from '../../electron/shared/ipc/channels/shell';
import { api, call } from './api';

const DESKTOP: HostCapabilities = { chooseFolder: true, dragOut: true, pageNotifications: false };
let asked: Promise<HostCapabilities> | null = null;
let known: HostCapabilities | null = null;

function ask(): Promise<HostCapabilities> {
  asked ??= call(() => api().shell.capabilities())
    .catch(() => DESKTOP)
    .then((answer) => (known = answer));
  return asked;
}

export function useHostCapabilities(): HostCapabilities {
  const [capabilities, setCapabilities] = useState<HostCapabilities>(known ?? DESKTOP);
  useEffect(() => {
    let live = true;
    void ask().then((answer) => {
      if (live) setCapabilities(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return capabilities;
}
