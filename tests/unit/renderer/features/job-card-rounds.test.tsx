import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { createJobSnapshot, JOB_KINDS, jobReason, type JobDefinition, type JobSnapshot } from '../../../../shared/jobs';

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
    // a reason without a code (a journal written before codes): said in the reader's language, main's English beside it
    expect(en).toContain('round-1:');
    expect(en).toContain('Something went wrong (see the details).');
    expect(en).toContain('<code data-testid="job-failed-item-reason-detail">HTTP 500 from the judge</code>');
    expect(en).not.toContain('Dialogue');
    const zh = render(snapshot('rubric-synthesis', 'round-1'), 'zh');
    expect(zh).toContain('量规综合');
    expect(zh).toContain('失败的轮次（1）');
    expect(zh).toContain('出现问题（见详情）。');
  });

  it('words a coded reason in the reader\'s language, with main\'s English text beside it', () => {
    const coded = snapshot('rubric-synthesis', 'round-0');
    coded.failedItems = [{ ...coded.failedItems[0]!, reason: 'draft {} of round 0 on drafter: no JSON object in the answer (after 5 attempts)', why: jobReason('answer-unusable', { connection: 'drafter', attempts: 5, purpose: 'synthesis-draft', round: 0 }) }];
    coded.error = 'drafter: HTTP 401 Incorrect API key';
    coded.errorWhy = jobReason('key-refused', { connection: 'drafter' });
    const zh = render(coded, 'zh');
    expect(zh).toContain('drafter 给出的量规草稿无法读取：5 次尝试都没有通过检查。');
    expect(zh).toContain('draft {} of round 0 on drafter: no JSON object in the answer (after 5 attempts)');
    expect(zh).toContain('drafter 拒绝了 API 密钥');
    expect(zh).toContain('drafter: HTTP 401 Incorrect API key');
    expect(zh).not.toContain('could not be read');
    const en = render(coded, 'en');
    expect(en).toContain('The rubric draft from drafter could not be read: none of 5 attempts passed the check.');
    expect(en).toContain('drafter refused the API key');
  });

  it('still names a pre-annotation job\'s failed item as a dialogue', () => {
    const en = render(snapshot('pre-annotation', 'd1'), 'en');
    expect(en).toContain('Pre-annotation');
    expect(en).toContain('Dialogue d1:');
    expect(en).toContain('HTTP 500 from the judge');
  });

  it('words every job kind in Chinese and English', () => {
    for (const kind of JOB_KINDS) {
      expect(JOBS_STRINGS[`kind_${kind}`].zh, kind).toMatch(/[\u4e00-\u9fff]/);
      expect(JOBS_STRINGS[`kind_${kind}`].en, kind).toMatch(/^[A-Z]/);
    }
  });
});
