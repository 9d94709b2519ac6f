// The folder boundaries of DESIGN.md are enforced by lint: each forbidden import really is an error.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).some((message) =>
    ['no-restricted-imports', 'no-restricted-syntax'].includes(message.ruleId ?? ''),
  );
}

describe('import boundaries', () => {
  it.each([
    ['src/features/x/bad.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['src/features/x/bad.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'src/features/x/bad.ts',
      "import { createApiClient } from '../../../electron/core/api';\nexport const a = createApiClient;\n",
    ],
    ['electron/core/bad.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/core/bad.ts', "import { startSandbox } from '../sandbox';\nexport const a = startSandbox;\n"],
    ['electron/shared/bad.ts', "import { join } from 'node:path';\nexport const a = join;\n"],
    [
      'electron/sandbox/bad.ts',
      "import { createApiClient } from '../core/api';\nexport const a = createApiClient;\n",
    ],
    [
      'electron/preload/bad.ts',
      "import { createAppCore } from '../core/app/create-app-core';\nexport const a = createAppCore;\n",
    ],
    ['electron/main/bad.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n"],
    [
      'electron/node-shared/bad.ts',
      "import { AppError } from '../core/kernel/app-error';\nexport const a = AppError;\n",
    ],
    [
      'electron/node-shared/bad.ts',
      "import { startSandbox } from '../sandbox';\nexport const a = startSandbox;\n",
    ],
    ['electron/node-shared/bad.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'src/features/x/bad.ts',
      "import { processIsAlive } from '../../../electron/node-shared/process-is-alive';\nexport const a = processIsAlive;\n",
    ],
    [
      'electron/shared/bad.ts',
      "import { processIsAlive } from '../node-shared/process-is-alive';\nexport const a = processIsAlive;\n",
    ],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    [
      'src/features/x/ok.ts',
      "import { JOB_TYPES } from '../../../electron/shared/api/job-types';\nexport const a = JOB_TYPES;\n",
    ],
    ['electron/core/ok.ts', "import { join } from 'node:path';\nexport const a = join;\n"],
    ['electron/main/ok.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['electron/main/ipc.ts', "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n"],
    [
      'electron/core/ok.ts',
      "import { processIsAlive } from '../node-shared/process-is-alive';\nexport const a = processIsAlive;\n",
    ],
    [
      'electron/sandbox/ok.ts',
      "import { processIsAlive } from '../node-shared/process-is-alive';\nexport const a = processIsAlive;\n",
    ],
    ['electron/node-shared/ok.ts', "import { lstatSync } from 'node:fs';\nexport const a = lstatSync;\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});
