// The IPC contract and its implementations cannot drift apart: core's handlers, window.api and the
// preload are all checked against the contract's channels, by type (tsc) and at run time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MemorySecretStore } from '../../electron/core/accounts/secret-store';
import type { AppCore } from '../../electron/core/app/app-core.types';
import { createAppCore } from '../../electron/core/app/create-app-core';
import { buildWindowApi, type WindowApi } from '../../electron/shared/ipc/api-shape';
import {
  channels,
  events,
  type Channel,
  type EventName,
  type Handlers,
  type IpcResult,
  type ParamsOf,
  type ResultOf,
} from '../../electron/shared/ipc/contract';
import { testSandboxLauncher } from '../fixtures/sandbox-launcher';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;

// Compile-time checks, both ways. If a channel is added to the contract but not to Handlers (or the other
// way round), one of these two assignments stops type-checking and `npm run typecheck` fails.
const _everyChannelHasAHandler: Record<Channel, unknown> = {} as Handlers;
const _everyHandlerIsAChannel: Record<keyof Handlers, unknown> = {} as Record<Channel, unknown>;
void _everyChannelHasAHandler;
void _everyHandlerIsAChannel;

describe('the IPC contract', () => {
  it('types core’s handlers as exactly the contract’s channels', () => {
    expectTypeOf<AppCore['handlers']>().toEqualTypeOf<Handlers>();
    expectTypeOf<Awaited<ReturnType<typeof createAppCore>>['handlers']>().toEqualTypeOf<Handlers>();
    expectTypeOf<keyof Handlers>().toEqualTypeOf<Channel>();
    expectTypeOf<Parameters<Handlers['projects:fields']>[0]>().toEqualTypeOf<{ projectId: string }>();
    expectTypeOf<ReturnType<Handlers['credits:get']>>().toEqualTypeOf<Promise<ResultOf<'credits:get'>>>();
  });

  it('types window.api as one function per channel, grouped by domain, plus on() and pathForFile()', () => {
    expectTypeOf<keyof WindowApi>().toEqualTypeOf<DomainOf<Channel> | 'on' | 'pathForFile'>();
    expectTypeOf<WindowApi['projects']['fields']>().parameters.toEqualTypeOf<[ParamsOf<'projects:fields'>]>();
    expectTypeOf<WindowApi['projects']['fields']>().returns.toEqualTypeOf<
      Promise<IpcResult<ResultOf<'projects:fields'>>>
    >();
    // Channels without params take none.
    expectTypeOf<WindowApi['jobs']['list']>().toBeCallableWith();
    expectTypeOf<WindowApi['on']>().parameter(0).toEqualTypeOf<EventName>();
  });

  it('gives channels `domain:action` names, so window.api can group them', () => {
    for (const channel of Object.keys(channels)) expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });

  it('builds window.api with exactly one function per channel, which invokes that channel', async () => {
    const invoked: [Channel, unknown][] = [];
    const api = buildWindowApi(
      async (channel, params) => {
        invoked.push([channel, params]);
        return { ok: true, value: null };
      },
      () => () => {},
    );
    const channelNames = Object.keys(channels).sort();
    const domains = [...new Set(channelNames.map((channel) => channel.split(':')[0]!))].sort();
    expect(Object.keys(api).sort()).toEqual([...domains, 'on', 'pathForFile'].sort());
    // Without a host that knows paths (a browser, the harness), a file has none: the page sends bytes.
    expect(api.pathForFile(new File(['x'], 'a.csv'))).toBe('');

    const table = api as unknown as Record<string, Record<string, (params?: unknown) => Promise<unknown>>>;
    const functions = domains.flatMap((domain) =>
      Object.entries(table[domain]!).map(([action, fn]) => ({ channel: `${domain}:${action}`, fn })),
    );
    expect(functions.map(({ channel }) => channel).sort()).toEqual(channelNames);
    for (const { channel, fn } of functions) {
      expect(typeof fn).toBe('function');
      await fn({ marker: channel });
    }
    expect(invoked.map(([channel]) => channel).sort()).toEqual(channelNames);
    for (const [channel, params] of invoked) expect(params).toEqual({ marker: channel });
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('passes on() through to subscribe and returns its unsubscribe', () => {
    const subscribed: string[] = [];
    let unsubscribed = 0;
    const api = buildWindowApi(
      async () => ({ ok: true, value: null }),
      (event) => {
        subscribed.push(event);
        return () => {
          unsubscribed += 1;
        };
      },
    );
    const off = api.on('jobs:changed', () => {});
    expect(subscribed).toEqual(['jobs:changed']);
    off();
    expect(unsubscribed).toBe(1);
    expect(Object.keys(events)).toContain('jobs:changed');
  });

  it('has createAppCore implement exactly the contract’s channels at run time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipc-contract-'));
    const core = await createAppCore({
      dataDir,
      downloadsDir: join(dataDir, 'Downloads'),
      secrets: new MemorySecretStore(),
      sandbox: testSandboxLauncher(),
    });
    try {
      expect(Object.keys(core.handlers).sort()).toEqual(Object.keys(channels).sort());
      for (const handler of Object.values(core.handlers)) expect(typeof handler).toBe('function');
    } finally {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
