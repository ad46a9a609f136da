import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { getDb } from './db/db';
import { requestPersistentStorage } from './db/storage';
import { installGlobalErrorHandlers } from './global-errors';
import { installAppUnsavedWorkGuards } from './hooks/unsaved-work-guards';
import { reportError } from './stores/notices/store';
import { useSettingsStore } from './stores/settings/store';
import { useCodebooksStore } from './stores/codebooks/store';
import { backupBeforeUpgrade } from './stores/backups/run';
import { startBackupSchedule } from './stores/backups/store';
import './styles/base.css';
import './styles/layout.css';
import './styles/table.css';
import './styles/import.css';

async function prepare(): Promise<void> {
  try {
    // An older profile is backed up as it is before the new schema upgrades it; a failure is
    // reported and the app still opens (refusing to start would lock the user out of their work).
    await backupBeforeUpgrade(getDb().name).catch((error: unknown) => reportError(error, 'notice.context.backupBeforeUpgrade'));
    await getDb().open();
  } catch (error) {
    // The app still starts: the banner explains why nothing can be saved.
    reportError(error, 'notice.context.openDatabase');
  }
  await useSettingsStore.getState().load();
  await useCodebooksStore.getState().load();
  await requestPersistentStorage();
  startBackupSchedule();
}

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary root>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}

installGlobalErrorHandlers();
installAppUnsavedWorkGuards();
// Whatever happens while preparing, the window shows the app (and its error banner), never a blank page.
void prepare()
  .catch((error: unknown) => reportError(error))
  .finally(render);
