#!/usr/bin/env node
// `jrs`: the command line of Job Rendering Studio, run from its TypeScript source through tsx (no build).
// tsx handles both module systems here: the CLI's files are CommonJS, and load parts lazily with import().
import { createRequire } from 'node:module';
import { register as registerCommonJs } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

registerEsm();
registerCommonJs();
const require = createRequire(import.meta.url);
const { runProcess } = require('../electron/cli/main.ts');
await runProcess(process.argv.slice(2));
