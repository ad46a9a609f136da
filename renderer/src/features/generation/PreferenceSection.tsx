import { useMemo, useState } from 'react';
import type { GenerationRunRow } from '../../../../shared/model/generation';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { formatNumber } from '../../i18n';
import { saveTable, type TableSave } from '../../stores/export/save-table';
import { dpoJsonl, preferenceDataCard, preferencePairs, sftJsonl } from '../../stores/generation/outputs';
import { SaveOutcome } from './SaveOutcome';
import type { GenerationTextApi } from './strings';

type PreferenceFile = 'dpo' | 'sft' | 'card';

/** The run's preference pairs: how many, and DPO JSONL, SFT JSONL and the data card saved through the save dialog. */
export function PreferenceSection({ run, payloads, fileStem, text }: { run: GenerationRunRow; payloads: readonly GenerationJobPayload[]; fileStem: string; text: GenerationTextApi }) {
  const { t, lang } = text;
  const pairs = useMemo(() => preferencePairs(payloads), [payloads]);
  const branches = payloads.reduce((sum, payload) => sum + payload.preferences.length, 0);
  const [save, setSave] = useState<TableSave<PreferenceFile> | null>(null);
  const saveFile = (kind: PreferenceFile) => {
    const files = {
      dpo: { defaultName: `${fileStem}-dpo.jsonl`, fileKind: 'jsonl' as const, content: () => dpoJsonl(pairs) },
      sft: { defaultName: `${fileStem}-sft.jsonl`, fileKind: 'jsonl' as const, content: () => sftJsonl(pairs) },
      card: {
        defaultName: `${fileStem}-preference-card.md`,
        fileKind: 'md' as const,
        content: () => preferenceDataCard({ payloads, pairs, scenario: run.scenario, settings: { teachers: run.teachers.map((teacher) => teacher.model), roleConnections: run.roleConnections }, createdAt: new Date().toISOString() }),
      },
    };
    void saveTable(kind, files[kind], setSave);
  };
  return (
    <section className="generation-section" data-testid="generation-preference" aria-labelledby="generation-preference-title">
      <h3 id="generation-preference-title">{t('preferenceTitle')}</h3>
      {branches === 0 ? (
        <p className="muted" data-testid="generation-preference-none">{t('preferenceNone')}</p>
      ) : (
        <>
          <p data-testid="generation-preference-counts" data-pairs={pairs.length} data-branches={branches}>
            {t('preferenceCounts', { branches: formatNumber(lang, branches), pairs: formatNumber(lang, pairs.length) })}
          </p>
          <div className="button-row">
            <button type="button" data-testid="generation-export-dpo" disabled={pairs.length === 0} onClick={() => saveFile('dpo')}>
              {t('exportDpo')}
            </button>
            <button type="button" data-testid="generation-export-sft" disabled={pairs.length === 0} onClick={() => saveFile('sft')}>
              {t('exportSft')}
            </button>
            <button type="button" data-testid="generation-export-card" onClick={() => saveFile('card')}>
              {t('exportCard')}
            </button>
          </div>
          <SaveOutcome save={save} text={text} />
        </>
      )}
    </section>
  );
}
