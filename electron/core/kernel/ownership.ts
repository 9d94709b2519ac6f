// Which of the history's background work this process does. Alone, one lease answers for all of it (the
// app, the browser host and the command line on one computer: db/sqlite/history-lease.ts). A team leases
// each account's polling and batch rows team-wide, and each computer's downloads on that computer, so one
// process may poll one account while a colleague's polls the next, and every computer saves its own files.
export type Work = { readonly account: string } | 'downloads';

/** Whether this process does that work now; a process that does not reads what the one that does wrote. */
export type Holds = (work: Work) => boolean;

/** Every piece of work is this process's (one process alone, and the domains' tests). */
export const holdsAll: Holds = () => true;
