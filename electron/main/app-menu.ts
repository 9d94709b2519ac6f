// The application menu: the platform's usual roles, the app's own commands with their shortcuts (Go: the
// screens and Find; Job: Submit), reload and developer tools only in development, and Help → the service's
// documentation. Only types come from electron, so the template is unit-tested.
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../shared/ipc/channels/shell';

/** Placeholder until the service publishes its documentation at a stable address; must stay https. */
export const DOCS_URL = 'https://docs.example.com/job-rendering-service';

export interface AppMenuOptions {
  appName: string;
  isMac: boolean;
  isDev: boolean;
  /** open-external.ts in the app: https only, after its check. */
  openExternal: (url: string) => Promise<void>;
  log?: (line: string) => void;
  /** Asks the page to carry out one of the app's commands. */
  sendCommand: (command: AppCommand) => void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

/**
 * A command of the page, with its shortcut shown but not registered: the page handles its own keys (so they
 * work the same in a browser, and in a text field), and a registered one would run the command twice.
 */
function command(
  label: string,
  accelerator: string,
  name: AppCommand,
  send: (command: AppCommand) => void,
): MenuItemConstructorOptions {
  return { label, accelerator, registerAccelerator: false, click: () => send(name) };
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev } = options;
  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            separator,
            { role: 'services' },
            separator,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            separator,
            { role: 'quit' },
          ],
        },
      ]
    : [];
  // Reloading loses the page's state and the tools expose internals: neither belongs in a release build.
  const developerItems: MenuItemConstructorOptions[] = isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];
  return [
    ...appMenu,
    // On macOS Quit lives in the app menu, so File only closes the window.
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Go',
      submenu: [
        command('Create', 'CmdOrCtrl+1', 'show-create', options.sendCommand),
        command('Queue', 'CmdOrCtrl+2', 'show-queue', options.sendCommand),
        command('Batches', 'CmdOrCtrl+3', 'show-batches', options.sendCommand),
        command('Settings', 'CmdOrCtrl+4', 'show-settings', options.sendCommand),
        command('Results', 'CmdOrCtrl+5', 'show-results', options.sendCommand),
        separator,
        command('Find…', 'CmdOrCtrl+F', 'find', options.sendCommand),
      ],
    },
    {
      label: 'Job',
      submenu: [command('Submit Job', 'CmdOrCtrl+Enter', 'submit-job', options.sendCommand)],
    },
    {
      label: 'View',
      submenu: [
        ...developerItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'windowMenu',
      submenu: isMac
        ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [
        {
          label: `${appName} Documentation`,
          click: () => {
            // Not shell.openExternal: open-external.ts's checked wrapper, and DOCS_URL is a constant https link.
            const opening = options.openExternal(DOCS_URL); // eng-disable OPEN_EXTERNAL_JS_CHECK
            opening.catch((error: unknown) => {
              options.log?.(`Could not open the documentation: ${(error as Error).message}`);
            });
          },
        },
      ],
    },
  ];
}
