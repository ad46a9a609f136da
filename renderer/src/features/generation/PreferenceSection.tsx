import { useMemo, useState } from 'react';
import type { GenerationRunRow } from '../../../../shared/model/generation';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';
import { preferenceLeftOut, type PreferenceLeftOut, type PreferenceLeftOutCode } from '../../../../shared/scenario/preference-left-out';
import { preferenceTally, type PreferenceTally } from '../../../../shared/scenario/preference-pairs';
import { formatNumber } from '../../i18n';
import { saveTable, type TableSave } from '../../stores/export/save-table';
import { dpoJsonl, preferenceDataCard, sftJsonl } from '../../stores/generation/outputs';
import { SaveOutcome } from './SaveOutcome';
import type { GenerationStringKey, GenerationTextApi } from './strings';

type PreferenceFile = 'dpo' | 'sft' | 'card';

const LEFT_OUT_WORDS: Record<PreferenceLeftOutCode, GenerationStringKey> = {
  'failed-conversations': 'leftOutFailed',
  'dropped-conversations': 'leftOutDropped',
  'turn-not-reached': 'leftOutTurnNotReached',
  'tied-branches': 'leftOutTiedBranches',
  'tied-candidates': 'leftOutTiedCandidates',
  'same-question-candidates': 'leftOutSameQuestion',
  'higher-candidates': 'leftOutHigher',
};

/** What the pairs left out and why, per reason: above all why a run made none. */
function LeftOut({ tally, text }: { tally: PreferenceTally; text: GenerationTextApi }) {
  const { t, lang } = text;
  const entries: PreferenceLeftOut[] = preferenceLeftOut(tally);
  const none = tally.pairs.length === 0;
  if (!none && entries.length === 0) return null;
  const items: { key: string; code: string; words: string }[] = entries.map((entry) => ({ key: `${entry.code}:${entry.turn ?? ''}`, code: entry.code, words: t(LEFT_OUT_WORDS[entry.code], { count: formatNumber(lang, entry.count), turn: formatNumber(lang, entry.turn ?? 0) }) }));
  if (none && items.length === 0) items.push({ key: 'none', code: tally.usedConversations === 0 ? 'none-finished' : 'none-reached', words: t(tally.usedConversations === 0 ? 'preferenceNoneFinished' : 'preferenceNoneReached') });
  return (
    <div className="generation-left-out" data-testid="generation-preference-left-out" data-none={none ? 'true' : 'false'}>
      <p>{t(none ? 'preferenceNoPairs' : 'preferenceLeftOut')}</p>
      <ul>
        {items.map((item) => (
          <li key={item.key} data-code={item.code}>
            {item.words}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The run's preference pairs: how many, what was left out and why (why none, when none), and DPO
 * JSONL, SFT JSONL and the data card saved through the save dialog.
 */
export function PreferenceSection({ run, payloads, fileStem, text }: { run: GenerationRunRow; payloads: readonly GenerationJobPayload[]; fileStem: string; text: GenerationTextApi }) {
  const { t, lang } = text;
  const atStudentTurns = run.preference?.atStudentTurns;
  const tally = useMemo(() => preferenceTally(payloads, atStudentTurns), [payloads, atStudentTurns]);
  const { pairs } = tally;
  const branches = payloads.reduce((sum, payload) => sum + payload.preferences.length, 0);
  const [save, setSave] = useState<TableSave<PreferenceFile> | null>(null);
  const saveFile = (kind: PreferenceFile) => {
    const files = {
      dpo: { defaultName: `${fileStem}-dpo.jsonl`, fileKind: 'jsonl' as const, content: () => dpoJsonl(pairs) },
      sft: { defaultName: `${fileStem}-sft.jsonl`, fileKind: 'jsonl' as const, content: () => sftJsonl(pairs) },
      card: {
        defaultName: `${fileStem}-preference-card.md`,
        fileKind: 'md' as const,
        content: () =>
          preferenceDataCard({
            payloads, pairs, scenario: run.scenario, createdAt: new Date().toISOString(),
            settings: { teachers: run.teachers.map((teacher) => teacher.model), roleConnections: run.roleConnections, ...(run.preference ? { candidates: run.preference.candidates, atStudentTurns: run.preference.atStudentTurns.join(', ') } : {}) },
            ...(atStudentTurns ? { atStudentTurns } : {}),
          }),
      },
    };
    void saveTable(kind, files[kind], setSave);
  };
  return (
    <section className="generation-section" data-testid="generation-preference" aria-labelledby="generation-preference-title">
      <h3 id="generation-preference-title">{t('preferenceTitle')}</h3>
      {branches === 0 && !run.preference ? (
        <p className="muted" data-testid="generation-preference-none">{t('preferenceNone')}</p>
      ) : (
        <>
          <p data-testid="generation-preference-counts" data-pairs={pairs.length} data-branches={branches}>
            {t('preferenceCounts', { branches: formatNumber(lang, branches), pairs: formatNumber(lang, pairs.length) })}
          </p>
          <LeftOut tally={tally} text={text} />
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
