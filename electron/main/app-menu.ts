// The application menu: the platform's usual roles, reload and developer tools only in development, and
// Help → the service's documentation. Only types come from electron, so the template is unit-tested.
import type { MenuItemConstructorOptions } from 'electron';

/** Placeholder until the service publishes its documentation at a stable address; must stay https. */
export const DOCS_URL = 'https://docs.example.com/job-rendering-service';

export interface AppMenuOptions {
  appName: string;
  isMac: boolean;
  isDev: boolean;
  /** open-external.ts in the app: https only, after its check. */
  openExternal: (url: string) => Promise<void>;
  log?: (line: string) => void;
}

const separator: MenuItemConstructorOptions = { type: 'separator' };

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
