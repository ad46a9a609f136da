import type { KeyboardEvent } from 'react';
import type { BilingualText } from '../../../../shared/judge/types';
import { anchorPath, emptyText, rangeScores, type DraftProblem, type RubricDraft } from '../../stores/rubrics/editor-model';
import { BilingualField, FieldProblems, TextField } from './fields';
import type { RubricTextApi } from './strings';

interface RubricFormProps {
  rubric: RubricDraft;
  index: number;
  count: number;
  /** its normalised share of the overall, null when the weights give none */
  share: number | null;
  problems: readonly DraftProblem[];
  text: RubricTextApi;
  onChange(rubric: RubricDraft): void;
  onRemove(): void;
  onMove(step: -1 | 1): void;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** One rubric of the editor: every field of the Elmes+ structure, each beside its problems. */
export function RubricForm({ rubric, index, count, share, problems, text, onChange, onRemove, onMove }: RubricFormProps) {
  const { t } = text;
  const at = `$.rubrics[${index}]`;
  const scores = rangeScores(rubric);
  // Alt+↑/↓ anywhere in the rubric moves it; the focused field stays focused (React keeps the node)
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      onMove(event.key === 'ArrowUp' ? -1 : 1);
    }
  };
  const examples = (kind: 'positiveExamples' | 'negativeExamples', title: string) => (
    <div className="rs-examples" data-kind={kind}>
      <h4>{title}</h4>
      {rubric[kind].map((example, position) => (
        <div key={position} className="rs-example-row">
          <BilingualField
            label={t('exampleN', { n: position + 1 })}
            value={example}
            path={`${at}.${kind}[${position}]`}
            problems={problems}
            multiline
            rows={1}
            text={text}
            onChange={(value) => onChange({ ...rubric, [kind]: rubric[kind].map((entry, i) => (i === position ? value : entry)) })}
          />
          <button type="button" className="quiet" data-testid="remove-example" onClick={() => onChange({ ...rubric, [kind]: rubric[kind].filter((_, i) => i !== position) })}>
            {t('removeExample')}
          </button>
        </div>
      ))}
      <button type="button" className="quiet" data-testid={`add-${kind}`} onClick={() => onChange({ ...rubric, [kind]: [...rubric[kind], emptyText()] })}>
        {t('addExample')}
      </button>
    </div>
  );

  return (
    <section className="rs-rubric" data-testid="rubric-form" data-rubric-index={index} data-rubric-id={rubric.id} aria-label={t('rubricHeading', { n: index + 1, id: rubric.id })} onKeyDown={onKeyDown}>
      <div className="rs-rubric-head">
        <h3>{t('rubricHeading', { n: index + 1, id: rubric.id || '—' })}</h3>
        <button type="button" className="quiet" data-testid="rubric-move-up" disabled={index === 0} onClick={() => onMove(-1)}>
          ↑ {t('moveUp')}
        </button>
        <button type="button" className="quiet" data-testid="rubric-move-down" disabled={index === count - 1} onClick={() => onMove(1)}>
          ↓ {t('moveDown')}
        </button>
        <button type="button" className="quiet" data-testid="rubric-remove" disabled={count === 1} onClick={onRemove}>
          {t('removeRubric')}
        </button>
      </div>
      <div className="rs-row">
        <TextField label={t('rubricId')} value={rubric.id} path={`${at}.id`} problems={problems} onChange={(id) => onChange({ ...rubric, id })} />
        <TextField label={t('rubricWeight')} value={rubric.weight} path={`${at}.weight`} problems={problems} inputMode="decimal" width="narrow" onChange={(weight) => onChange({ ...rubric, weight })} />
        <span className="rs-share" data-testid="weight-share" data-share={share ?? ''}>
          {share === null ? t('weightShareNone') : t('weightShare', { share: percent(share) })}
        </span>
        <TextField label={t('rangeMin')} value={rubric.min} path={`${at}.range.min`} problems={problems} inputMode="numeric" width="narrow" onChange={(min) => onChange({ ...rubric, min })} />
        <TextField label={t('rangeMax')} value={rubric.max} path={`${at}.range.max`} problems={problems} inputMode="numeric" width="narrow" onChange={(max) => onChange({ ...rubric, max })} />
      </div>
      <FieldProblems problems={problems.filter((problem) => problem.path === `${at}.range`)} path={`${at}.range`} />
      <BilingualField label={t('rubricName')} value={rubric.name} path={`${at}.name`} problems={problems} text={text} onChange={(name) => onChange({ ...rubric, name })} />
      <BilingualField label={t('rubricDimension')} value={rubric.dimension} path={`${at}.dimension`} problems={problems} text={text} onChange={(dimension) => onChange({ ...rubric, dimension })} />
      <BilingualField label={t('rubricDefinition')} value={rubric.definition} path={`${at}.definition`} problems={problems} multiline text={text} onChange={(definition) => onChange({ ...rubric, definition })} />
      <div className="rs-anchors">
        <h4>{t('anchorsTitle')}</h4>
        {scores.length === 0 && <p className="rs-hint">{t('anchorsNoRange')}</p>}
        {[...scores].reverse().map((score) => {
          const value: BilingualText = rubric.anchors[String(score)] ?? emptyText();
          const path = anchorPath(index, rubric, score);
          return (
            <div key={score} className="rs-anchor" data-testid="anchor-field" data-score={score}>
              <BilingualField
                label={t('anchorScore', { score })}
                value={value}
                // a blank anchor is not written, so nothing can be wrong with it yet
                path={path ? `${path}.description` : `${at}.anchors.score${score}`}
                problems={problems}
                multiline
                rows={1}
                text={text}
                onChange={(description) => onChange({ ...rubric, anchors: { ...rubric.anchors, [String(score)]: description } })}
              />
            </div>
          );
        })}
        <FieldProblems problems={problems.filter((problem) => problem.path === `${at}.anchors`)} path={`${at}.anchors`} />
      </div>
      {examples('positiveExamples', t('positiveTitle'))}
      {examples('negativeExamples', t('negativeTitle'))}
    </section>
  );
}
