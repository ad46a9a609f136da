import type { MenuCommand } from '../../../shared/ipc/contract';
import { openShortcutHelp } from '../keyboard';
import { useAppStore } from '../stores/app/store';
import { useImportStore } from '../stores/import/store';

/** What each application-menu command does; the root subscriber calls this for every `menu.command` event. */
export function runMenuCommand(command: MenuCommand): void {
  const app = useAppStore.getState();
  const importer = useImportStore.getState();
  switch (command) {
    case 'open-files':
      void importer.pickFiles('files', app.view === 'datasets' ? app.datasetId : null);
      return;
    case 'open-folder':
      void importer.pickFiles('folder', app.view === 'datasets' ? app.datasetId : null);
      return;
    case 'open-sample':
      void importer.openSample();
      return;
    case 'export':
      app.goTo('export');
      return;
    case 'show-shortcuts':
      openShortcutHelp();
      return;
    case 'settings':
      app.goTo('settings');
      return;
    default: {
      const unknown: never = command;
      console.warn('Unknown menu command', unknown);
    }
  }
}
