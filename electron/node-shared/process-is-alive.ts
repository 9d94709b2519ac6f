// Whether a process of this computer still runs, by its id: signal 0 is sent, nothing is done to it. Used
// by the history's lease (core) and the sandbox's run keys to tell a holder that died from one that lives.
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
