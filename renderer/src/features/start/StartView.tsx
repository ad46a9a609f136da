import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { useImportStore } from '../../stores/import/store';
import { useGenerationText } from '../generation/strings';
import { useScenarioText } from '../scenarios/strings';
import { useSynthesisText } from '../synthesis/strings';
import { OpenAssignmentPanel } from '../assignments/OpenAssignmentPanel';
import { DatasetList } from './DatasetList';
import { DropZone } from './DropZone';

export function StartView() {
  const t = useT();
  const generation = useGenerationText();
  const { pickFiles, receiveFiles, openSample } = useImportStore(
    useShallow((state) => ({ pickFiles: state.pickFiles, receiveFiles: state.receiveFiles, openSample: state.openSample })),
  );
  const scenarioText = useScenarioText().t;
  const synthesisText = useSynthesisText().t;
  const goTo = useAppStore((state) => state.goTo);
  const sampleBusy = useImportStore((state) => state.origin === 'sample' && state.step !== 'idle');

  return (
    <section className="view start-view" data-testid="start-view">
      <div className="hero">
        <h1 className="app-title">Maieutic</h1>
        <p className="tagline">{t('start.tagline')}</p>
        <div className="button-row">
          <button type="button" className="primary" data-testid="start-open-sample" disabled={sampleBusy} onClick={() => void openSample()}>
            {sampleBusy ? t('start.openingSample') : t('start.openSample')}
          </button>
          <button type="button" data-testid="start-import-files" disabled={sampleBusy} onClick={() => void pickFiles('files')}>
            {t('start.importFiles')}
          </button>
          <button type="button" data-testid="start-import-folder" disabled={sampleBusy} onClick={() => void pickFiles('folder')}>
            {t('start.importFolder')}
          </button>
          <button type="button" data-testid="start-scenarios" onClick={() => goTo('scenarios')}>
            {scenarioText('startButton')}
          </button>
          <button type="button" data-testid="start-generation-runs" onClick={() => goTo('generation')}>
            {generation.t('nav')}
          </button>
          <button type="button" data-testid="start-synthesis" onClick={() => goTo('synthesis')}>
            {synthesisText('nav')}
          </button>
        </div>
        {sampleBusy && (
          <p className="muted" data-testid="start-busy" aria-live="polite">
            {t('start.openingSampleHint')}
          </p>
        )}
      </div>
      <OpenAssignmentPanel />
      <DropZone disabled={sampleBusy} onFiles={(files, skipped) => void receiveFiles(files, skipped)} />
      <DatasetList />
    </section>
  );
}
