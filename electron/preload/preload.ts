/**
 * The page's only door to the app: `window.parlor`, with two functions. No Node, no ipcRenderer,
 * no arbitrary channels reach the page (contextIsolation + sandbox).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_CHANNELS, type ParlorBridge } from '../../shared/api/bridge';
import type { UiEvent } from '../../shared/api/contract';

const bridge: ParlorBridge = {
  invoke: (method, input) => ipcRenderer.invoke(BRIDGE_CHANNELS.invoke, { method, input }),
  onEvent: (listener) => {
    const forward = (_event: IpcRendererEvent, payload: UiEvent) => listener(payload);
    ipcRenderer.on(BRIDGE_CHANNELS.event, forward);
    return () => {
      ipcRenderer.removeListener(BRIDGE_CHANNELS.event, forward);
    };
  },
};

contextBridge.exposeInMainWorld('parlor', bridge);
