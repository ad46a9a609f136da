import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { createJobSnapshot, JOB_KINDS, type JobDefinition, type JobSnapshot } from '../../../../shared/jobs';

const language = vi.hoisted(() => ({ current: 'en' as LabelLanguage }));
vi.mock('../../../../renderer/src/i18n/index', async (original) => ({ ...(await original<object>()), useLanguage: () => language.current }));

const { JobCard } = await import('../../../../renderer/src/features/jobs/JobCard');
const { JOBS_STRINGS } = await import('../../../../renderer/src/features/jobs/strings');

function snapshot(kind: JobDefinition['kind'], itemId: string): JobSnapshot {
  const base = createJobSnapshot({ id: 'job1', definition: { kind, title: 'Pilot · round 1', connectionIds: ['c-judge'], itemIds: [itemId], parameters: {} }, createdAt: 1, priced: false });
  return { ...base, status: 'failed', failedItems: [{ item: { itemId, connectionId: 'c-judge', sample: 0 }, reason: 'HTTP 500 from the judge' }] } as JobSnapshot;
}

function render(job: JobSnapshot, lang: LabelLanguage): string {
  language.current = lang;
  const noop = () => undefined;
  return renderToStaticMarkup(createElement(JobCard, { job, discarded: [], pausing: false, dialogues: new Map(), onOpenItem: noop, onPause: noop, onResume: noop, onCancel: noop }));
}

describe('job card', () => {
  it('names a synthesis job\'s kind and its failed item as a round, in both languages', () => {
    const en = render(snapshot('rubric-synthesis', 'round-1'), 'en');
    expect(en).toContain('Rubric synthesis');
    expect(en).toContain('Failed rounds (1)');
    expect(en).toContain('round-1: HTTP 500 from the judge');
    expect(en).not.toContain('Dialogue');
    const zh = render(snapshot('rubric-synthesis', 'round-1'), 'zh');
    expect(zh).toContain('量规综合');
    expect(zh).toContain('失败的轮次（1）');
  });

  it('still names a pre-annotation job\'s failed item as a dialogue', () => {
    const en = render(snapshot('pre-annotation', 'd1'), 'en');
    expect(en).toContain('Pre-annotation');
    expect(en).toContain('Dialogue d1: HTTP 500 from the judge');
  });

  it('words every job kind in Chinese and English', () => {
    for (const kind of JOB_KINDS) {
      expect(JOBS_STRINGS[`kind_${kind}`].zh, kind).toMatch(/[\u4e00-\u9fff]/);
      expect(JOBS_STRINGS[`kind_${kind}`].en, kind).toMatch(/^[A-Z]/);
    }
  });
});
