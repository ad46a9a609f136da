import { describe, expect, it } from 'vitest';
import { answerSchema, buildPreAnnotationMessages, CACHE_KEY_VERSION, cacheKeyInput, type CacheKeyParts, canonicalJson, DEFAULT_PRE_ANNOTATION_TEMPLATE, PAPER_SAMPLING } from '../../../../shared/llm';
import { seededRandom } from '../../../../shared/metrics/random';
import { SID_CODEBOOK, sampleDialogues, turnsOf } from './support';

const [first, second] = sampleDialogues();
const parts: CacheKeyParts = {
  baseURL: 'https://api.deepseek.com/v1',
  model: 'deepseek-chat',
  messages: buildPreAnnotationMessages({ codebook: SID_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, turns: turnsOf(first) }).messages,
  sampling: { ...PAPER_SAMPLING['pre-annotation'] },
  responseSchema: answerSchema(SID_CODEBOOK),
  sampleIndex: 0,
};

/** The same data with every object's keys in the reverse order, built afresh. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)]));
  return value;
}

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps list order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('writes strings as JSON does, and leaves out keys whose value is undefined', () => {
    expect(canonicalJson({ text: '引号"\n\u2028\ud800', gone: undefined })).toBe(`{"text":${JSON.stringify('引号"\n\u2028\ud800')}}`);
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });

  it('refuses what JSON would change silently', () => {
    expect(() => canonicalJson({ t: Number.NaN })).toThrow('canonicalJson: NaN has no JSON form.');
    expect(() => canonicalJson([1, undefined])).toThrow('canonicalJson: a list holds undefined.');
    expect(() => canonicalJson({ at: new Date(0) })).toThrow('an object that is not plain data');
    expect(() => canonicalJson({ n: 1n })).toThrow('a bigint has no JSON form');
    let deep: unknown = 1;
    for (let level = 0; level < 70; level++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/nested more than 64 levels/);
  });
});

describe('cacheKeyInput', () => {
  const key = cacheKeyInput(parts);

  it('is the same for equal inputs, whatever order their keys were written in', () => {
    expect(cacheKeyInput(structuredClone(parts))).toBe(key);
    expect(cacheKeyInput(reversedKeys(parts) as CacheKeyParts)).toBe(key);
    const random = seededRandom(5);
    for (let run = 0; run < 20; run++) {
      const entries = Object.entries(parts).sort(() => random() - 0.5);
      expect(cacheKeyInput(Object.fromEntries(entries) as unknown as CacheKeyParts)).toBe(key);
    }
    expect(JSON.parse(key)).toMatchObject({ version: CACHE_KEY_VERSION, model: 'deepseek-chat', sampleIndex: 0 });
  });

  it('is canonicalJson of the whole key (the schema made canonical once per schema object gives the same text)', () => {
    const { baseURL, model, messages, sampling, responseSchema, sampleIndex } = parts;
    expect(key).toBe(canonicalJson({ version: CACHE_KEY_VERSION, baseURL: baseURL.replace(/\/+$/, ''), model, messages, sampling, responseSchema, sampleIndex }));
    // a second call with the same schema object reads the kept text; one with an equal copy makes it again
    expect(cacheKeyInput(parts)).toBe(key);
    expect(cacheKeyInput({ ...parts, responseSchema: structuredClone(responseSchema) })).toBe(key);
  });

  it('changes when any part changes', () => {
    const other = buildPreAnnotationMessages({ codebook: SID_CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, turns: turnsOf(second) }).messages;
    const changed: Partial<CacheKeyParts>[] = [
      { baseURL: 'https://api.deepseek.com/v2' },
      { baseURL: 'http://api.deepseek.com/v1' },
      { model: 'deepseek-reasoner' },
      { messages: other },
      { messages: [parts.messages[0], { ...parts.messages[1], content: `${parts.messages[1].content} ` }] },
      { messages: [...parts.messages].reverse() },
      { messages: [{ ...parts.messages[0], role: 'user' }, parts.messages[1]] },
      { sampling: { ...parts.sampling, temperature: 0.7 } },
      { sampling: { ...parts.sampling, seed: 1 } },
      { sampling: { temperature: 0.8, top_p: 0.95 } },
      { responseSchema: { ...parts.responseSchema, additionalProperties: true } },
      { sampleIndex: 1 },
    ];
    const keys = changed.map((change) => cacheKeyInput({ ...parts, ...change }));
    for (const [index, changedKey] of keys.entries()) expect(changedKey, JSON.stringify(Object.keys(changed[index]))).not.toBe(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('takes a base URL with or without trailing slashes as one endpoint, and an unset parameter as absent', () => {
    expect(cacheKeyInput({ ...parts, baseURL: 'https://api.deepseek.com/v1/' })).toBe(key);
    expect(cacheKeyInput({ ...parts, baseURL: 'https://api.deepseek.com/v1//' })).toBe(key);
    expect(cacheKeyInput({ ...parts, sampling: { ...parts.sampling, seed: undefined } })).toBe(key);
  });

  it('refuses a sample index that is not a whole number from 0', () => {
    for (const sampleIndex of [-1, 0.5, Number.NaN]) expect(() => cacheKeyInput({ ...parts, sampleIndex })).toThrow(RangeError);
  });
});
