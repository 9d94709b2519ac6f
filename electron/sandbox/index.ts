// The sandbox's public face: start it, and the types that describe it.
export { startSandbox, BODY_LIMIT_BYTES } from './server';
export { loadSeedFile, sandboxSeedSchema, withFirstAccountKey } from './seed';
export type { SandboxSeed, SandboxSeedInput } from './seed';
export type * from './types';
