// Lint rules, including the import boundaries of DESIGN.md: src → shared; preload → shared;
// main → core → shared; sandbox → shared; the Node hosts (node-host, browser-host, cli) → core. Core and the
// sandbox may not import each other, so Node-only helpers both need live in electron/node-shared, which
// imports node and shared only. Raw ipcMain/ipcRenderer only in the two IPC wrapper files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url'];

/**
 * A no-restricted-imports rule that forbids the given folders (relative imports), packages (exact names,
 * so a folder called "electron" is not mistaken for the package) and, optionally, every node: module.
 */
function boundary(message, { folders = [], packages = [], node = false }) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: packages.map((name) => ({ name, message })),
        patterns: [
          ...folders.map((folder) => ({ group: [`**/${folder}/**`, `**/${folder}`], message })),
          ...(node ? [{ group: ['node:*'], message }] : []),
        ],
      },
    ],
  };
}

/** Adds `pg` to a boundary rule: the PostgreSQL driver is imported only in electron/core/db/postgres. */
function onlyTheTeamStoreImportsPg(rules) {
  const [level, options] = rules['no-restricted-imports'];
  const message = 'Only electron/core/db/postgres imports pg: the rest of the app goes through its ports.';
  return {
    'no-restricted-imports': [level, { ...options, paths: [...options.paths, { name: 'pg', message }] }],
  };
}

/**
 * Adds both database drivers to a boundary rule: outside electron/core/db the domains reach the history
 * only through their ports (jobs/job-store.ts, …), so a second store can stand behind them.
 */
function onlyTheStoresImportDatabaseDrivers(rules) {
  const [level, options] = onlyTheTeamStoreImportsPg(rules)['no-restricted-imports'];
  const message = 'Only electron/core/db imports better-sqlite3: the domains go through their store ports.';
  return {
    'no-restricted-imports': [
      level,
      { ...options, paths: [...options.paths, { name: 'better-sqlite3', message }] },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
          message: 'Use the typed IPC wrappers (electron/main/ipc.ts, electron/preload/bridge.ts).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary('The renderer imports only electron/shared and its own files (DESIGN.md).', {
        folders: ['core', 'main', 'preload', 'sandbox', 'node-shared'],
        packages: ['electron', ...nodeBuiltins],
        node: true,
      }),
    },
  },
  {
    files: ['electron/shared/**/*.ts'],
    rules: boundary('electron/shared is pure TypeScript: no node, no electron, no other folder.', {
      folders: ['core', 'main', 'preload', 'sandbox', 'node-shared', 'src'],
      packages: ['electron', ...nodeBuiltins],
      node: true,
    }),
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: onlyTheStoresImportDatabaseDrivers(
      boundary('electron/core imports node and shared, never electron, main, preload or sandbox.', {
        folders: ['main', 'preload', 'sandbox', 'src'],
        packages: ['electron'],
      }),
    ),
  },
  {
    // The history's stores (db/): the only core folder that speaks to a database driver. Its SQLite part
    // may import better-sqlite3; pg stays in db/postgres (below).
    files: ['electron/core/db/**/*.ts'],
    rules: onlyTheTeamStoreImportsPg(
      boundary('electron/core imports node and shared, never electron, main, preload or sandbox.', {
        folders: ['main', 'preload', 'sandbox', 'src'],
        packages: ['electron'],
      }),
    ),
  },
  {
    // The team store on PostgreSQL: the one folder that speaks to the database driver.
    files: ['electron/core/db/postgres/**/*.ts'],
    rules: boundary('electron/core imports node and shared, never electron, main, preload or sandbox.', {
      folders: ['main', 'preload', 'sandbox', 'src'],
      packages: ['electron'],
    }),
  },
  {
    // Node-only helpers shared by core and the sandbox (which may not import each other): node and shared.
    files: ['electron/node-shared/**/*.ts'],
    rules: boundary(
      'electron/node-shared imports only node and electron/shared: core and the sandbox use it.',
      {
        folders: ['core', 'main', 'preload', 'sandbox', 'src', 'node-host', 'browser-host', 'cli'],
        packages: ['electron'],
      },
    ),
  },
  {
    files: ['electron/sandbox/**/*.ts'],
    rules: boundary('The sandbox imports only electron/shared and node (DESIGN.md).', {
      folders: ['core', 'main', 'preload', 'src'],
      packages: ['electron'],
    }),
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: boundary('The preload imports only electron and electron/shared.', {
      folders: ['core', 'main', 'sandbox', 'node-shared', 'src'],
      packages: nodeBuiltins,
      node: true,
    }),
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: onlyTheTeamStoreImportsPg(
      boundary('Main is glue: it imports core, shared and (to start the built-in sandbox) sandbox.', {
        folders: ['preload', 'src'],
      }),
    ),
  },
  {
    // The hosts outside Electron (browser host, command line) and their shared wiring: core, shared, the
    // sandbox and main's Electron-free helpers, never Electron itself, so they run in plain Node.
    files: ['electron/node-host/**/*.ts', 'electron/browser-host/**/*.ts', 'electron/cli/**/*.ts'],
    rules: onlyTheTeamStoreImportsPg(
      boundary('Hosts outside Electron run in plain Node: no electron, preload or renderer imports.', {
        folders: ['preload', 'src'],
        packages: ['electron'],
      }),
    ),
  },
  {
    // Tests assert shapes before they dereference; `!` there is a statement of what was just checked.
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['electron/main/ipc.ts', 'electron/preload/bridge.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  prettier,
);
