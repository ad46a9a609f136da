import { useEffect } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';
import { NoticeBanner } from './components/NoticeBanner';
import { TopBar } from './components/TopBar';
import { AdjudicationView } from './features/adjudication/AdjudicationView';
import { AuditView } from './features/audit/AuditView';
import { JudgeView } from './features/judge/JudgeView';
import { RubricSetsView } from './features/rubrics/RubricSetsView';
import { ScenariosView } from './features/scenarios/ScenariosView';
import { AgreementView } from './features/agreement/AgreementView';
import { JobsPanel } from './features/jobs/JobsPanel';
import { GenerationRunsView } from './features/generation/GenerationRunsView';
import { StartGenerationDialog } from './features/generation/StartGenerationDialog';
import { SynthesisView } from './features/synthesis/SynthesisView';
import { MetricsView } from './features/metrics/MetricsView';
import { SpotCheckView } from './features/spot-check/SpotCheckView';
import { DatasetView } from './features/datasets/DatasetView';
import { FindingsView } from './features/consistency/FindingsView';
import { ExportView } from './features/export/ExportView';
import { ImportView } from './features/import/ImportView';
import { ReviewView } from './features/review';
import { SettingsView } from './features/settings/SettingsView';
import { StartView } from './features/start/StartView';
import { useMainEvents } from './hooks/use-main-events';
import { usePreventFileNavigation } from './hooks/use-prevent-file-navigation';
import { useLanguage, useT } from './i18n';
import { ShortcutHelp, useCommands } from './keyboard';
import { useAppStore, type View } from './stores/app/store';

function CurrentView({ view, datasetId, dialogueId }: { view: View; datasetId: string | null; dialogueId: string | null }) {
  if (view === 'datasets' && datasetId) return <DatasetView datasetId={datasetId} />;
  if (view === 'review' && dialogueId) return <ReviewView dialogueId={dialogueId} />;
  if (view === 'import') return <ImportView />;
  if (view === 'export' && datasetId) return <ExportView datasetId={datasetId} />;
  if (view === 'agreement' && datasetId) return <AgreementView datasetId={datasetId} />;
  if (view === 'metrics' && datasetId) return <MetricsView datasetId={datasetId} />;
  if (view === 'spot-check' && datasetId) return <SpotCheckView datasetId={datasetId} />;
  if (view === 'adjudication' && datasetId) return <AdjudicationView datasetId={datasetId} />;
  if (view === 'findings' && datasetId) return <FindingsView datasetId={datasetId} />;
  if (view === 'audit' && datasetId) return <AuditView datasetId={datasetId} />;
  if (view === 'judge' && datasetId) return <JudgeView datasetId={datasetId} />;
  if (view === 'rubrics' && datasetId) return <RubricSetsView datasetId={datasetId} />;
  if (view === 'scenarios') return <ScenariosView />;
  if (view === 'settings') return <SettingsView />;
  if (view === 'generation') return <GenerationRunsView />;
  if (view === 'synthesis') return <SynthesisView />;
  return <StartView />;
}

export function App() {
  const view = useAppStore((state) => state.view);
  const datasetId = useAppStore((state) => state.datasetId);
  const dialogueId = useAppStore((state) => state.dialogueId);
  const goTo = useAppStore((state) => state.goTo);
  const lang = useLanguage();
  const t = useT();

  useMainEvents();
  usePreventFileNavigation();

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);

  // The e2e tests wait for this marker: the stores are loaded and the first view is on screen.
  useEffect(() => {
    document.documentElement.dataset.appState = 'ready';
  }, []);

  // Escape leaves the side views; review and the table bind their own keys.
  useCommands('global', { 'nav.datasets': () => goTo(datasetId ? 'datasets' : 'start') }, { enabled: view === 'export' || view === 'agreement' || view === 'metrics' || view === 'spot-check' || view === 'settings' || view === 'adjudication' || view === 'findings' || view === 'audit' || view === 'judge' || view === 'generation' || view === 'synthesis' });

  return (
    <div className="app-shell" data-view={view}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <TopBar />
      <NoticeBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        <ErrorBoundary resetKey={`${view}:${datasetId ?? ''}:${dialogueId ?? ''}`}>
          <CurrentView view={view} datasetId={datasetId} dialogueId={dialogueId} />
        </ErrorBoundary>
      </main>
      <ShortcutHelp />
      <JobsPanel />
      <StartGenerationDialog />
    </div>
  );
}
