// Whether this page still talks to the app's host (the browser host only: Electron's window has no socket to
// lose). socket-api marks the connection lost when an open socket closes; HostLost shows it and checks back.
import { create } from 'zustand';

interface HostConnectionState {
  lost: boolean;
  markLost(): void;
}

export const useHostConnection = create<HostConnectionState>((set) => ({
  lost: false,
  markLost: () => set({ lost: true }),
}));
