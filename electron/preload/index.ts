// The bridge between the sandboxed renderer and main. It exposes the IPC contract's functions and nothing else.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('api', Object.freeze({ version: 1 }));
