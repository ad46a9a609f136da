import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosticsTable } from '../../../../renderer/src/features/synthesis/panels/DiagnosticsTable';
import { DriftPanel } from '../../../../renderer/src/features/synthesis/panels/DriftPanel';
import { LowestItems } from '../../../../renderer/src/features/synthesis/panels/LowestItems';
import { RoundsOverview } from '../../../../renderer/src/features/synthesis/panels/RoundsOverview';
import { VersionsPanel } from '../../../../renderer/src/features/synthesis/panels/VersionsPanel';
import { WorkingMetricsEditor } from '../../../../renderer/src/features/synthesis/panels/WorkingMetricsEditor';
import { answer, comparison, diagnostic, item, metric, payload, roundRow, score } from './fixtures';

const MARKUP = '<img src=x onerror=alert(1)>';
const noop = async () => {};

// server rendering reads a zustand store's initial state, so the UI language is set here instead
const language = vi.hoisted(() => ({ current: 'zh' as 'zh' | 'en' }));
vi.mock('../../../../renderer/src/i18n', async (original) => ({ ...(await original<typeof import('../../../../renderer/src/i18n')>()), useLanguage: () => language.current }));

function inLanguage(lang: 'zh' | 'en') {
  language.current = lang;
}

afterEach(() => inLanguage('zh'));

describe('the synthesis panels, rendered', () => {
  it('show model text (answers, items, rationales, descriptions) as text, never as markup', () => {
    const round = payload(1, ['weak'], {
      metrics: [metric('p-1', { description: { zh: MARKUP, en: MARKUP } })],
      testItems: [item('T1', MARKUP)],
      answers: [answer('T1-a1', 'T1', MARKUP)],
      scores: [score('T1-a1', 'p-1', 1, MARKUP)],
      anchors: ['T1-a1'],
    });
    const html = renderToString(
      <>
        <LowestItems payload={round} metricId="p-1" />
        <WorkingMetricsEditor working={{ basedOn: 1, metrics: round.metrics, locked: [], edits: [] }} diagnostics={round.diagnostics} disabled={false} onEdit={noop} onLock={noop} />
      </>,
    );
    expect(html).not.toMatch(/<img/i);
    expect(html.split('&lt;img src=x onerror=alert(1)&gt;').length - 1).toBeGreaterThanOrEqual(5);
    expect(html).toContain('data-testid="synthesis-lowest-anchor"');
    expect(html).toContain('评审理由');
  });

  it('word each verdict and the thresholds in the chosen language, not by colour alone', () => {
    inLanguage('en');
    const round = payload(2, ['fine', 'too-strict', 'weak'], { diagnostics: [diagnostic('p-1', 'fine'), diagnostic('p-2', 'too-strict'), diagnostic('p-3', 'weak', { answers: 1 })] });
    const html = renderToString(<DiagnosticsTable payload={round} locked={['p-2']} selectedMetric="p-3" onSelectMetric={() => {}} />);
    expect(html).toContain('Too strict');
    expect(html).toContain('60% of scores at the floor (threshold ≥ 50%)');
    expect(html).toContain('Only 1 answer(s) scored');
    expect(html).toContain('at floor ≥ 50% is too strict');
    expect(html).toMatch(/<tr[^>]*aria-selected="true"[^>]*data-metric="p-3"/);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html.match(/data-testid="synthesis-metric-locked"/g)).toHaveLength(1);
    inLanguage('zh');
    expect(renderToString(<DiagnosticsTable payload={round} locked={[]} selectedMetric={null} onSelectMetric={() => {}} />)).toContain('过严');
  });

  it('say there is no drift check in round 0, and put a drift beyond the threshold in words', () => {
    inLanguage('en');
    expect(renderToString(<DriftPanel drift={null} metrics={[]} />)).toContain('No drift check in round 0');
    const drift = { sinceFirst: comparison(0.9, 0.5, [{ metric: 'p-1', pairs: 2, meanAbsoluteDifference: 0.9, meanSignedDifference: -0.9 }]), sincePrevious: null };
    const html = renderToString(<DriftPanel drift={drift} metrics={[metric('p-1')]} />);
    expect(html).toContain('data-testid="synthesis-drift-warning"');
    expect(html).toContain('moved by 0.90 on average, beyond the threshold 0.50; metrics beyond it: p-1 name 0.90');
    expect(html).toContain('−0.90');
  });

  it('list rounds with their decision in words, a running round, and the best mark', () => {
    inLanguage('en');
    const html = renderToString(<RoundsOverview rounds={[roundRow(0, payload(0, ['fine', 'weak'])), roundRow(1, null)]} best={0} selected={0} onSelect={() => {}} />);
    expect(html).toContain('1/2 (50%)');
    expect(html).toContain('Continue: the first revision after the draft');
    expect(html).toContain('Running…');
    expect(html).toContain('data-testid="synthesis-round-best"');
  });

  it('show the versions’ diff per field with both languages, and the no-change state', () => {
    inLanguage('en');
    const version = (seq: number, description: string) => ({ id: `s|${seq}`, sessionId: 's', seq, kind: 'expert-edit' as const, round: 1, metrics: [metric('p-1', { description: { zh: `描述${description}`, en: `description ${description}` } })], locked: [], by: 'Li', at: '2026-12-03T10:00:00Z' });
    const html = renderToString(<VersionsPanel versions={[version(1, 'old'), version(2, 'new')]} />);
    expect(html).toContain('Description changed');
    expect(html).toContain('description old');
    expect(html).toContain('描述new');
    expect(renderToString(<VersionsPanel versions={[version(1, 'same'), version(2, 'same')]} />)).toContain('No changes between these two versions.');
  });
});
