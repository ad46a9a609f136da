import type { LabelLanguage } from '../../../../shared/codebook/types';
import type { FindingItem } from './findings-model';
import { consistencyText } from './strings';

/** A field's quiet mark: ◆ with an open finding, ◇ when all are dismissed; the reasons on hover. */
export function FindingMarker({ items, lang }: { items: readonly FindingItem[]; lang: LabelLanguage }) {
  const open = items.filter((item) => !item.dismissal);
  const title = items
    .map((item) =>
      item.dismissal ? consistencyText(lang, 'dismissedMarker', { note: item.dismissal.note }) + ` — ${item.finding.reason[lang]}` : consistencyText(lang, 'markerTitle', { reason: item.finding.reason[lang] }),
    )
    .join('\n');
  return (
    <span className={`cs-marker${open.length === 0 ? ' cs-marker-dismissed' : ''}`} data-testid="finding-marker" data-state={open.length > 0 ? 'open' : 'dismissed'} title={title} aria-label={title}>
      {open.length > 0 ? '◆' : '◇'}
    </span>
  );
}

/** The reasons written out under the field with the cursor (and under a field that does not apply, which the cursor never reaches). */
export function FindingReasons({ items, lang }: { items: readonly FindingItem[]; lang: LabelLanguage }) {
  return (
    <>
      {items.map((item) => (
        <div
          key={item.id}
          className={`cs-field-reason${item.dismissal ? ' cs-field-reason-dismissed' : ''}`}
          data-testid="field-finding-reason"
          data-rule-id={item.finding.ruleId}
          data-state={item.dismissal ? 'dismissed' : 'open'}
        >
          {item.dismissal ? '◇ ' : '◆ '}
          {item.finding.reason[lang]}
          {item.dismissal && ` — ${consistencyText(lang, 'dismissedMarker', { note: item.dismissal.note })}`}
        </div>
      ))}
    </>
  );
}
