import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createRendererApi } from './create-api';

contextBridge.exposeInMainWorld('api', createRendererApi(ipcRenderer, (file) => webUtils.getPathForFile(file)));
