// The contract's channel and event names alone, without zod, so the sandboxed preload stays a few kB.
// contract.ts checks at compile time that these lists and its schemas name exactly the same channels.

export const CHANNEL_NAMES = [
  'accounts:snapshot',
  'accounts:add',
  'accounts:useSandbox',
  'accounts:activate',
  'accounts:remove',
  'credits:get',
  'projects:list',
  'projects:fields',
  'assets:capability',
  'assets:upload',
  'jobs:submit',
  'jobs:list',
  'jobs:get',
  'jobs:requeue',
  'jobs:track',
  'jobs:resubmit',
  'jobs:discard',
  'jobs:remove',
  'jobs:export',
  'jobs:notice',
  'jobs:costEstimate',
  'forms:get',
  'forms:saveDraft',
  'forms:setSkipEmptyCheck',
  'shell:openExternal',
] as const;

export const EVENT_NAMES = [
  'accounts:changed',
  'credits:changed',
  'jobs:changed',
  'jobs:open',
  'app:command',
] as const;
