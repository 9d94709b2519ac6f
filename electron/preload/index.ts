// The bridge between the sandboxed renderer and main: `window.api`, built from the IPC contract, and nothing else.
import { contextBridge, webUtils } from 'electron';
import { buildWindowApi } from '../shared/ipc/api-shape';
import { invoke, subscribe } from './bridge';

contextBridge.exposeInMainWorld(
  'api',
  buildWindowApi(invoke, subscribe, (file) => webUtils.getPathForFile(file)),
);
