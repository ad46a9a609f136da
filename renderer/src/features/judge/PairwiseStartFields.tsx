/**
 * The pairwise half of the start dialog: teacher models A and B chosen from the data set, and the
 * pairing shown before anything starts (how many pairs, every unpaired dialogue with why).
 */
import { pairwiseJobDefinition } from '../../../../shared/judge/pairwise-definition';
import type { PairwiseJobDefinition } from '../../../../shared/judge/pairwise-job';
import type { Pairing } from '../../../../shared/judge/pairing';
import type { JudgeLanguage, RubricSet } from '../../../../shared/judge/types';
import { formatNumber } from '../../i18n';
import type { JudgeCandidate } from './build-judge-definition';
import { usePairwiseText } from './pairwise-strings';

/** Unpaired dialogues listed in the dialog (the count says how many more). */
const UNPAIRED_SHOWN = 8;

export interface PairwiseOptions {
  title: string;
  connectionIds: string[];
  rubricSet: RubricSet;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  samples: number;
  groupA: string;
  groupB: string;
}

/** The pairwise job over the candidates (the data set's dialogue ids, so the pairing names them); null definition when nothing pairs or A is B. */
export function pairwiseFromCandidates(candidates: readonly JudgeCandidate[], options: PairwiseOptions): { definition: PairwiseJobDefinition | null; pairing: Pairing | null } {
  if (!options.groupA || !options.groupB || options.groupA === options.groupB) return { definition: null, pairing: null };
  return pairwiseJobDefinition({
    ...options,
    dialogues: candidates.map((candidate) => ({
      id: candidate.dialogue.id,
      group: candidate.teacherModel,
      topicId: candidate.topicId,
      studentId: candidate.studentId,
      repeatId: candidate.repeatId,
      turns: candidate.dialogue.turns,
      ...(candidate.dialogue.context ? { context: candidate.dialogue.context } : {}),
    })),
  });
}

/** What a pairwise run keeps of how it was made (JudgeRunRow.settings). */
export function pairwiseRunSettings(pairing: Pairing, chosen: { language: JudgeLanguage; reasoningFirst: boolean; samples: number; sampling: Record<string, unknown>; within: number | null }): Record<string, unknown> {
  const { language, reasoningFirst, samples, sampling, within } = chosen;
  return { mode: 'pairwise', language, reasoningFirst, sampling, samples, groupA: pairing.groupA, groupB: pairing.groupB, pairs: pairing.pairs.length, unpaired: pairing.unpaired.length, scope: { within } };
}

interface PairwiseStartFieldsProps {
  teacherModels: readonly [string, number][];
  groupA: string;
  groupB: string;
  onGroups(groupA: string, groupB: string): void;
  pairing: Pairing | null;
  externalIdOf(dialogueId: string): string;
}

export function PairwiseStartFields({ teacherModels, groupA, groupB, onGroups, pairing, externalIdOf }: PairwiseStartFieldsProps) {
  const { t, lang } = usePairwiseText();
  const select = (value: string, onChange: (next: string) => void, testId: string, label: string) => (
    <label className="stacked-field">
      <span>{label}</span>
      <select data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('choose')}</option>
        {teacherModels.map(([model, count]) => (
          <option key={model} value={model}>
            {model} ({formatNumber(lang, count)})
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className="choice-group" data-testid="start-pairwise">
      <legend>{t('modePairwise')}</legend>
      <div className="button-row">
        {select(groupA, (next) => onGroups(next, groupB), 'start-pairwise-group-a', t('groupA'))}
        {select(groupB, (next) => onGroups(groupA, next), 'start-pairwise-group-b', t('groupB'))}
      </div>
      {groupA !== '' && groupA === groupB && <p className="error-inline">{t('sameGroups')}</p>}
      {pairing && (
        <div data-testid="start-pairwise-pairing" data-pairs={pairing.pairs.length} data-unpaired={pairing.unpaired.length}>
          <p>{pairing.pairs.length > 0 ? t('pairs', { n: formatNumber(lang, pairing.pairs.length) }) : t('noPairs')}</p>
          {pairing.unpaired.length > 0 && (
            <>
              <p className="muted small">{t('unpaired', { n: formatNumber(lang, pairing.unpaired.length) })}</p>
              <ul className="muted small" data-testid="start-pairwise-unpaired">
                {pairing.unpaired.slice(0, UNPAIRED_SHOWN).map((entry) => (
                  <li key={`${entry.group}\u0000${entry.dialogue}`} title={entry.message}>
                    {t('unpairedEntry', { dialogue: externalIdOf(entry.dialogue), group: entry.group, reason: t(`reason.${entry.reason}`) })}
                  </li>
                ))}
                {pairing.unpaired.length > UNPAIRED_SHOWN && <li>{t('unpairedMore', { n: formatNumber(lang, pairing.unpaired.length - UNPAIRED_SHOWN) })}</li>}
              </ul>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
