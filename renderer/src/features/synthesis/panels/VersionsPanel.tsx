import { useMemo, useState } from 'react';
import type { SynthesisVersionRow } from '../../../../../shared/model/synthesis';
import type { MetricChange, MetricField } from '../../../../../shared/synthesis/types';
import { formatDateTime } from '../../../i18n';
import { inBoth, weightPercent } from './format';
import { useSynthesisPanelText, type SynthesisPanelStringKey, type SynthesisPanelTextApi } from './strings';
import { validVersionChoice, versionsBySeq, versionsDiff, type FieldChangeView, type VersionChoice } from './versions-diff';
import './panels.css';

const FIELD_WORDS: Record<MetricField, SynthesisPanelStringKey> = {
  name: 'fieldName',
  dimension: 'fieldDimension',
  weight: 'fieldWeight',
  description: 'fieldDescription',
  positiveExample: 'fieldPositiveExample',
  negativeExample: 'fieldNegativeExample',
};

/** A changed value in both languages (the UI's first), or a plain one (a dimension id, a weight). */
function Value({ value, field, text }: { value: MetricChange['before']; field: MetricField; text: SynthesisPanelTextApi }) {
  const { t, lang } = text;
  if (typeof value === 'object') {
    const both = inBoth(value, lang);
    return (
      <>
        {both.shown}
        <span className="synthesis-diff-lang">
          {t(lang === 'zh' ? 'langEn' : 'langZh')}: {both.other}
        </span>
      </>
    );
  }
  return <>{field === 'weight' && typeof value === 'number' ? weightPercent(value) : String(value)}</>;
}

function FieldChange({ change, text }: { change: FieldChangeView; text: SynthesisPanelTextApi }) {
  const { t } = text;
  return (
    <div data-testid="synthesis-diff-field" data-field={change.field}>
      <strong className="small">{t('diffFieldChanged', { field: t(FIELD_WORDS[change.field]) })}</strong>
      <div className="synthesis-diff-field">
        <div className="synthesis-diff-before">
          <span className="synthesis-diff-lang">{t('versionsBefore')}</span>
          <Value value={change.before} field={change.field} text={text} />
        </div>
        <div className="synthesis-diff-after">
          <span className="synthesis-diff-lang">{t('versionsAfter')}</span>
          <Value value={change.after} field={change.field} text={text} />
        </div>
      </div>
    </div>
  );
}

function VersionSelect({ label, value, versions, testId, text, onChange }: { label: string; value: number; versions: readonly SynthesisVersionRow[]; testId: string; text: SynthesisPanelTextApi; onChange(seq: number): void }) {
  const { t } = text;
  return (
    <label>
      {label}{' '}
      <select data-testid={testId} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((version) => (
          <option key={version.seq} value={version.seq}>
            {t('versionOption', { seq: version.seq, kind: t(`kind_${version.kind}`), round: version.round })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Every version of the session's metrics, and what changed between any two (by default the one before the latest and the latest). */
export function VersionsPanel(props: { versions: readonly SynthesisVersionRow[] }) {
  const text = useSynthesisPanelText();
  const { t, lang } = text;
  const versions = useMemo(() => versionsBySeq(props.versions), [props.versions]);
  const [chosen, setChosen] = useState<VersionChoice | null>(null);
  const choice = validVersionChoice(versions, chosen);
  const before = versions.find((version) => version.seq === choice?.beforeSeq);
  const after = versions.find((version) => version.seq === choice?.afterSeq);
  const diff = useMemo(() => (before && after ? versionsDiff(before, after) : null), [before, after]);
  const nameOf = (id: string) => {
    const metric = (after ?? before)?.metrics.find((candidate) => candidate.id === id);
    return metric ? `${inBoth(metric.name, lang).shown} (${id})` : id;
  };
  const list = (ids: readonly string[]) => ids.map(nameOf).join(lang === 'zh' ? '、' : ', ');
  if (!choice || !before || !after || !diff) {
    return (
      <section className="synthesis-panel" data-testid="synthesis-versions">
        <h3>{t('versionsTitle')}</h3>
        <p className="muted">{t('versionsNone')}</p>
      </section>
    );
  }
  return (
    <section className="synthesis-panel" data-testid="synthesis-versions" aria-labelledby="synthesis-versions-title">
      <h3 id="synthesis-versions-title">{t('versionsTitle')}</h3>
      <div className="synthesis-table-scroll">
        <table className="synthesis-table">
          <thead>
            <tr>
              <th scope="col">{t('colSeq')}</th>
              <th scope="col">{t('colKind')}</th>
              <th scope="col">{t('colRound')}</th>
              <th scope="col">{t('colBy')}</th>
              <th scope="col">{t('colTime')}</th>
            </tr>
          </thead>
          <tbody>
            {[...versions].reverse().map((version) => (
              <tr key={version.seq} data-testid="synthesis-version-row" data-seq={version.seq} data-kind={version.kind} aria-current={version.seq === choice.afterSeq ? 'true' : undefined}>
                <td className="numeric">#{version.seq}</td>
                <td>{t(`kind_${version.kind}`)}</td>
                <td className="numeric">{version.round}</td>
                <td>{version.by ?? t('byModel')}</td>
                <td>{formatDateTime(lang, version.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="synthesis-versions-choose" role="group" aria-label={t('versionsChoose')}>
        <VersionSelect label={t('versionsBefore')} value={choice.beforeSeq} versions={versions} testId="synthesis-version-before" text={text} onChange={(seq) => setChosen({ ...choice, beforeSeq: seq })} />
        <VersionSelect label={t('versionsAfter')} value={choice.afterSeq} versions={versions} testId="synthesis-version-after" text={text} onChange={(seq) => setChosen({ ...choice, afterSeq: seq })} />
      </div>
      {choice.beforeSeq === choice.afterSeq ? (
        <p className="muted" data-testid="synthesis-diff-none">
          {t('diffSame')}
        </p>
      ) : diff.empty ? (
        <p className="muted" data-testid="synthesis-diff-none">
          {t('diffNone')}
        </p>
      ) : (
        <div data-testid="synthesis-diff">
          {diff.locksAdded.length > 0 && <p>{t('diffLocksAdded', { list: list(diff.locksAdded) })}</p>}
          {diff.locksRemoved.length > 0 && <p>{t('diffLocksRemoved', { list: list(diff.locksRemoved) })}</p>}
          {diff.added.length > 0 && <p>{t('diffAdded', { list: list(diff.added) })}</p>}
          {diff.removed.length > 0 && <p>{t('diffRemoved', { list: diff.removed.join(', ') })}</p>}
          <ul className="synthesis-diff">
            {diff.metrics.map((entry) => (
              <li key={entry.metric} data-testid="synthesis-diff-metric" data-metric={entry.metric}>
                <h4>{entry.name ? `${inBoth(entry.name, lang).shown} (${entry.metric})` : entry.metric}</h4>
                {entry.fields.map((change) => (
                  <FieldChange key={change.field} change={change} text={text} />
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
