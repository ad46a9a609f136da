import { contextBridge, ipcRenderer } from 'electron';
import { createRendererApi } from './create-api';

contextBridge.exposeInMainWorld('api', createRendererApi(ipcRenderer));
