import { describe, expect, it } from 'vitest';
import { rubricSetHash, SID_RUBRIC_SET } from '../../../../shared/judge';
import { anchorPath, checkDraft, draftFromSet, draftToJson, emptyRubric, moveItem, nextVersion, problemOf, problemsAt, weightShares } from '../../../../renderer/src/stores/rubrics/editor-model';
import { diffRubricSets, isEmptyDiff } from '../../../../renderer/src/stores/rubrics/set-diff';

describe('rubric-set editor model', () => {
  it('turns a set into a draft and back to the same set and hash', () => {
    const check = checkDraft(draftFromSet(SID_RUBRIC_SET));
    expect(check.problems).toEqual([]);
    expect(check.hash).toBe(rubricSetHash(SID_RUBRIC_SET));
  });

  it('reports a typed weight, a broken range and a half-written anchor at the JSON paths of their fields', () => {
    const draft = draftFromSet(SID_RUBRIC_SET);
    draft.rubrics[1].weight = '1,5';
    draft.rubrics[2].min = '5';
    draft.rubrics[2].max = '1';
    draft.rubrics[0].anchors['3'] = { zh: '有一定引导', en: '' };
    draft.name.en = '';
    const { set, problems } = checkDraft(draft);
    expect(set).toBeNull();
    expect(problemsAt(problems, '$.rubrics[1].weight').map((problem) => problem.message)).toEqual(['$.rubrics[1].weight must be a number ≥ 0 (is "1,5")']);
    expect(problemsAt(problems, '$.rubrics[2].range')).toHaveLength(1);
    // anchors 1 and 2 are written before it, so score 3 is the third written anchor
    expect(anchorPath(0, draft.rubrics[0], 3)).toBe('$.rubrics[0].anchors[2]');
    expect(problemsAt(problems, '$.rubrics[0].anchors[2].description').map((problem) => problem.path)).toEqual(['$.rubrics[0].anchors[2].description.en']);
    expect(problemsAt(problems, '$.name').map((problem) => problem.path)).toEqual(['$.name.en']);
    // nothing under a rubric that has no problem
    expect(problemsAt(problems, '$.rubrics[4]')).toEqual([]);
  });

  it('leaves blank anchors out and writes no anchor outside the range', () => {
    const draft = draftFromSet(SID_RUBRIC_SET);
    draft.rubrics[0].anchors = { '2': { zh: ' ', en: '' }, '4': { zh: '四', en: 'four' }, '9': { zh: '九', en: 'nine' } };
    const json = draftToJson(draft) as { rubrics: { anchors: { score: number }[] }[] };
    expect(json.rubrics[0].anchors.map((anchor) => anchor.score)).toEqual([4]);
    expect(anchorPath(0, draft.rubrics[0], 2)).toBeNull();
  });

  it('gives each rubric its normalised share, none when a weight is not a number', () => {
    const draft = draftFromSet(SID_RUBRIC_SET);
    draft.rubrics = draft.rubrics.slice(0, 2);
    draft.rubrics[1].weight = '3';
    expect(weightShares(draft)).toEqual([0.25, 0.75]);
    draft.rubrics[1].weight = 'x';
    expect(weightShares(draft)).toEqual([1, null]);
  });

  it('suggests the next free version', () => {
    expect(nextVersion('1.0.0')).toBe('1.0.1');
    expect(nextVersion('v2')).toBe('v3');
    expect(nextVersion('draft')).toBe('draft.1');
    expect(nextVersion('1.0.0', ['1.0.1', '1.0.2'])).toBe('1.0.3');
  });

  it('reads the path from a parser message', () => {
    expect(problemOf('$.rubrics[0].range: min (5) must be below max (1)').path).toBe('$.rubrics[0].range');
    expect(problemOf('$.rubrics: every weight is 0').path).toBe('$.rubrics');
    expect(problemOf('something else').path).toBe('$');
  });

  it('summarises what changed against the base: fields per rubric, rubrics added, removed and moved', () => {
    const draft = draftFromSet(SID_RUBRIC_SET);
    expect(isEmptyDiff(diffRubricSets(SID_RUBRIC_SET, draftToJson(draft)))).toBe(true);
    draft.rubrics[0].weight = '2';
    draft.rubrics[1].anchors['5'] = { zh: '五', en: 'five' };
    draft.rubrics = moveItem(draft.rubrics, 3, 2).slice(0, 4);
    draft.rubrics.push({ ...emptyRubric(4), id: 'NEW' });
    draft.version = '1.0.1';
    const diff = diffRubricSets(SID_RUBRIC_SET, draftToJson(draft));
    expect(diff.setFields).toEqual(['version']);
    expect(diff.changed).toEqual([
      { rubric: 'X-SRG', fields: ['weight'] },
      { rubric: 'M-RCC', fields: ['anchors'] },
    ]);
    expect(diff.added).toEqual(['NEW']);
    expect(diff.removed).toEqual(['TCF']);
    expect(diff.reordered).toBe(true);
  });
});
