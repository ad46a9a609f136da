import { useShallow } from 'zustand/react/shallow';
import { useJobsPanelStore } from '../features/jobs/panel-store';
import { useJobsText } from '../features/jobs/strings';
import { useAdjudicationText } from '../features/adjudication/strings';
import { useConsistencyText } from '../features/consistency/strings';
import { useAuditText } from '../features/audit/strings';
import { useJudgeText } from '../features/judge/strings';
import { useScenarioText } from '../features/scenarios/strings';
import { useGenerationText } from '../features/generation/strings';
import { useSynthesisText } from '../features/synthesis/strings';
import { useT } from '../i18n';
import { activeJobCount, useJobsStore } from '../stores/jobs/store';
import { openShortcutHelp } from '../keyboard';
import { useAppStore } from '../stores/app/store';
import { useDatasetsStore } from '../stores/datasets/store';
import { useSettingsStore } from '../stores/settings/store';

export function TopBar() {
  const t = useT();
  const { view, datasetId, goTo, closeDataset } = useAppStore(
    useShallow((state) => ({ view: state.view, datasetId: state.datasetId, goTo: state.goTo, closeDataset: state.closeDataset })),
  );
  const current = useDatasetsStore((state) => state.current);
  const labelLanguage = useSettingsStore((state) => state.labelLanguage);
  const setLabelLanguage = useSettingsStore((state) => state.setLabelLanguage);
  const datasetName = current && current.id === datasetId ? current.name : null;
  const jobsText = useJobsText().t;
  const adjudicationText = useAdjudicationText().t;
  const consistencyText = useConsistencyText().t;
  const auditText = useAuditText().t;
  const judgeText = useJudgeText().t;
  const scenarioText = useScenarioText().t;
  const generationText = useGenerationText().t;
  const synthesisText = useSynthesisText().t;
  const runningJobs = useJobsStore(activeJobCount);
  const openJobs = useJobsPanelStore((state) => state.setOpen);

  return (
    <header className="top-bar">
      <nav className="top-nav" aria-label={t('nav.label')}>
        <button type="button" className="brand" data-testid="nav-home" aria-current={view === 'start' ? 'page' : undefined} onClick={closeDataset}>
          Maieutic
        </button>
        {datasetId && (
          <>
            <span className="crumb-separator" aria-hidden="true">
              /
            </span>
            <button
              type="button"
              className="crumb"
              data-testid="nav-dataset"
              aria-current={view === 'datasets' ? 'page' : undefined}
              onClick={() => goTo('datasets')}
            >
              {datasetName ?? t('nav.dataset')}
            </button>
          </>
        )}
      </nav>
      <div className="top-actions">
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-export" aria-current={view === 'export' ? 'page' : undefined} onClick={() => goTo('export')}>
            {t('nav.export')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-agreement" aria-current={view === 'agreement' ? 'page' : undefined} onClick={() => goTo('agreement')}>
            {t('nav.agreement')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-adjudication" aria-current={view === 'adjudication' ? 'page' : undefined} onClick={() => goTo('adjudication')}>
            {adjudicationText('nav')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-metrics" aria-current={view === 'metrics' ? 'page' : undefined} onClick={() => goTo('metrics')}>
            {t('nav.metrics')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-judge" aria-current={view === 'judge' ? 'page' : undefined} onClick={() => goTo('judge')}>
            {judgeText('nav')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-findings" aria-current={view === 'findings' ? 'page' : undefined} onClick={() => goTo('findings')}>
            {consistencyText('nav')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-spot-check" aria-current={view === 'spot-check' ? 'page' : undefined} onClick={() => goTo('spot-check')}>
            {t('nav.spotCheck')}
          </button>
        )}
        {datasetId && (
          <button type="button" className="quiet" data-testid="nav-audit" aria-current={view === 'audit' ? 'page' : undefined} onClick={() => goTo('audit')}>
            {auditText('nav')}
          </button>
        )}
        <button type="button" className="quiet" data-testid="nav-scenarios" aria-current={view === 'scenarios' ? 'page' : undefined} onClick={() => goTo('scenarios')}>
          {scenarioText('nav')}
        </button>
        <button type="button" className="quiet" data-testid="nav-generation" aria-current={view === 'generation' ? 'page' : undefined} onClick={() => goTo('generation')}>
          {generationText('nav')}
        </button>
        <button type="button" className="quiet" data-testid="nav-synthesis" aria-current={view === 'synthesis' ? 'page' : undefined} onClick={() => goTo('synthesis')}>
          {synthesisText('nav')}
        </button>
        <button type="button" className="quiet" data-testid="nav-jobs" title={jobsText('openTitle', { n: runningJobs })} onClick={() => openJobs(true)}>
          {jobsText('open')}
          {runningJobs > 0 && (
            <span className="job-badge" data-testid="nav-jobs-badge">
              {runningJobs}
            </span>
          )}
        </button>
        <button type="button" className="quiet" data-testid="nav-settings" aria-current={view === 'settings' ? 'page' : undefined} onClick={() => goTo('settings')}>
          {t('nav.settings')}
        </button>
        <button type="button" className="quiet" data-testid="nav-shortcuts" onClick={openShortcutHelp} title={t('nav.shortcutsTitle')}>
          ?
        </button>
        <button
          type="button"
          className="quiet language-toggle"
          data-testid="nav-language"
          title={t('nav.languageTitle')}
          onClick={() => void setLabelLanguage(labelLanguage === 'zh' ? 'en' : 'zh')}
        >
          {labelLanguage === 'zh' ? 'EN' : '中文'}
        </button>
      </div>
    </header>
  );
}
