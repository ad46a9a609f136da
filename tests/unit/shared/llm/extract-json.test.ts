import { describe, expect, it } from 'vitest';
import { extractJsonObject, withoutTrailingCommas, type ExtractedJson } from '../../../../shared/llm';
import { seededRandom } from '../../../../shared/metrics/random';

const ANSWER = { turns: [{ turn: 1, teacher_intent: null, discipline: ['生物', '地理'], note: 'a } and a { and "quotes", commas,]' }] };
const TEXT = JSON.stringify(ANSWER);

function ok(result: ExtractedJson) {
  if (!result.ok) throw new Error(`expected an object, got ${result.code}: ${result.reason}`);
  return result;
}

describe('extractJsonObject', () => {
  it('takes a bare object as it is', () => {
    expect(extractJsonObject(TEXT)).toEqual({ ok: true, value: ANSWER, tolerated: [] });
    expect(extractJsonObject(`\n  ${TEXT}\n\n`)).toEqual({ ok: true, value: ANSWER, tolerated: [] });
  });

  it.each([
    ['a json fence', `\`\`\`json\n${TEXT}\n\`\`\``, ['code-fence']],
    ['a bare fence with prose around', `Here you go:\n\`\`\`\n${TEXT}\n\`\`\`\nHope this helps!`, ['code-fence']],
    ['a fence with no line break', `\`\`\`${TEXT}\`\`\``, ['code-fence']],
    ['a fence never closed', `\`\`\`json\n${TEXT}\n`, ['code-fence']],
    ['prose before and after', `Sure! The annotation is ${TEXT} — let me know.`, ['surrounding-text']],
    ['prose with braces that are not JSON', `Format {turn: n}. Answer: ${TEXT}`, ['surrounding-text']],
    ['a byte-order mark', `\uFEFF${TEXT}`, ['byte-order-mark']],
    ['a think block', `<think>\nThe student says {"turns": 1}... hmm\n</think>\n\n${TEXT}`, ['think-block']],
    ['everything at once', `\uFEFF<think>x</think>Result:\n\`\`\`json\n{"turns": [{"turn": 1, "teacher_intent": null, "discipline": ["生物", "地理",], "note": "a } and a { and \\"quotes\\", commas,]",},],}\n\`\`\``, ['byte-order-mark', 'think-block', 'code-fence', 'trailing-commas']],
  ])('tolerates %s', (_, text, tolerated) => {
    expect(ok(extractJsonObject(text))).toEqual({ ok: true, value: ANSWER, tolerated });
  });

  it('removes trailing commas only outside strings', () => {
    expect(ok(extractJsonObject('{"a": [1, 2, ], "b": {"c": ",]",  \n }, }')).value).toEqual({ a: [1, 2], b: { c: ',]' } });
    expect(ok(extractJsonObject('{"a": [1, 2], "b": {"c": 3,}}')).value).toEqual({ a: [1, 2], b: { c: 3 } });
    expect(withoutTrailingCommas('{"a": "x,}"}')).toBeNull();
    expect(withoutTrailingCommas('{"a": "\\\\",}')).toBe('{"a": "\\\\"}');
    expect(extractJsonObject('{"a": 1,, }')).toMatchObject({ ok: false, code: 'not-json' });
  });

  it.each([
    ['', 'empty', 'the answer is empty'],
    [' \n\t', 'empty', 'the answer is empty'],
    ['\uFEFF', 'empty', 'the answer is empty'],
    ['<think>\nstill thinking', 'unfinished-thinking', 'the answer ends inside its <think> block (was it cut off at max_tokens?)'],
    ['<think>x</think>  ', 'empty', 'the answer holds nothing after its <think> block'],
    ['I cannot annotate this dialogue.', 'no-object', 'the answer holds no JSON object'],
    ['[{"turn": 1}]', 'not-an-object', 'the answer is a JSON list where one object is expected'],
    ['```json\n[{"turn": 1}, {"turn": 2}]\n```', 'not-an-object', 'the answer is a JSON list where one object is expected'],
    ['{"turns": [{"turn": 1, "teacher_intent": "guide', 'unfinished', "the answer's JSON is not closed (was the answer cut off at max_tokens?)"],
    ['{"turns": [{"turn": 1, "teacher_intent": null}, {"turn": 2, "teacher_intent": nu', 'unfinished', "the answer's JSON is not closed (was the answer cut off at max_tokens?)"],
    ['{"a": 1} and also {"b": 2}', 'several-objects', 'the answer holds more than one JSON object; exactly one is expected'],
    ['```json\n{"a": 1}\n```\n```json\n{"b": 2}\n```', 'several-objects', 'the answer holds more than one JSON object; exactly one is expected'],
  ])('fails %j clearly', (text, code, reason) => {
    expect(extractJsonObject(text)).toEqual({ ok: false, code, reason });
  });

  it('names the JSON error of an object that does not parse', () => {
    for (const text of ["{'turns': []}", 'Turns [1-3] follow: {turn 1}']) {
      const result = extractJsonObject(text);
      expect(result).toMatchObject({ ok: false, code: 'not-json' });
      expect(!result.ok && result.reason.startsWith("the answer's JSON object is not valid JSON (")).toBe(true);
    }
  });

  it('refuses nesting past the import limit before parsing it', () => {
    expect(extractJsonObject(`{"a": ${'['.repeat(70)}${']'.repeat(70)}}`)).toMatchObject({ ok: false, code: 'too-deep' });
    expect(ok(extractJsonObject(`{"a": ${'['.repeat(60)}${']'.repeat(60)}}`)).tolerated).toEqual([]);
  });

  it('reads escaped quotes inside strings', () => {
    expect(ok(extractJsonObject('Answer: {"note": "she said \\"}{\\" twice"} ok')).value).toEqual({ note: 'she said "}{" twice' });
  });

  it('steps over lists in the prose, and over a fence inside a JSON string', () => {
    expect(ok(extractJsonObject(`Turns [1, 2] and [结束]: ${TEXT}`)).value).toEqual(ANSWER);
    expect(ok(extractJsonObject('{"a": "```json {\\"b\\": 1} ```"}')).value).toEqual({ a: '```json {"b": 1} ```' });
  });

  it('prefers the fenced object over braces in the prose', () => {
    expect(ok(extractJsonObject(`Example: {"turns": []}\n\`\`\`json\n${TEXT}\n\`\`\``)).value).toEqual(ANSWER);
  });

  it('falls back to the whole text when a fence holds no object', () => {
    expect(ok(extractJsonObject(`\`\`\`text\nnotes\n\`\`\`\n${TEXT}`))).toEqual({ ok: true, value: ANSWER, tolerated: ['surrounding-text'] });
  });

  it('finds the object in seeded wrappings of seeded objects', () => {
    const random = seededRandom(41);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const strings = ['生物', 'a}b', '{', '"q"', '```', ',]', '\\', 'line\nbreak', ''];
    for (let run = 0; run < 400; run++) {
      const value: Record<string, unknown> = {};
      const keys = 1 + Math.floor(random() * 4);
      for (let k = 0; k < keys; k++) value[`k${k}`] = pick([() => pick(strings), () => [pick(strings), Math.floor(random() * 9)], () => ({ inner: pick(strings) }), () => null, () => random() < 0.5])();
      const json = JSON.stringify(value, null, random() < 0.5 ? 2 : undefined);
      const prose = pick(['', 'Here is the answer: ', 'Sure!\n\n', '好的，标注如下：\n']);
      const after = pick(['', '\nDone.', ' 以上。']);
      const fenced = random() < 0.5;
      const body = fenced ? `${prose}\`\`\`${pick(['json', '', 'JSON'])}\n${json}\n\`\`\`${after}` : `${prose}${json}${after}`;
      const text = `${random() < 0.2 ? '\uFEFF' : ''}${random() < 0.2 ? '<think>{ hmm }</think>\n' : ''}${body}`;
      expect(ok(extractJsonObject(text)).value, text).toEqual(value);
    }
  });
});

describe('extractJsonObject on adversarial input of 200 KB', () => {
  const size = 200_000;
  it.each([
    ['{', 'too-deep'],
    ['```', 'no-object'],
    [',', 'no-object'],
    ['[', 'too-deep'],
    ['"', 'no-object'],
    ['{"', 'too-deep'],
    ['{}', 'several-objects'],
    ['{x}', 'not-json'],
    ['{"a":', 'too-deep'],
    ['<think>', 'unfinished-thinking'],
    ['```{', 'too-deep'],
    ['{[', 'too-deep'],
    ['\\"', 'no-object'],
  ])('%j repeated fails quickly with %s', (unit, code) => {
    const text = unit.repeat(Math.ceil(size / unit.length));
    expect(extractJsonObject(text)).toMatchObject({ ok: false, code });
  });

  it('an unclosed brace before a long answer, and a long answer after many unclosed braces', () => {
    expect(extractJsonObject(`{ ${'x'.repeat(size)}`)).toMatchObject({ ok: false, code: 'unfinished' });
    expect(extractJsonObject(`{"a": "${'x'.repeat(size)}`)).toMatchObject({ ok: false, code: 'unfinished' });
    expect(extractJsonObject(`${'{ x '.repeat(10)}${TEXT}`)).toMatchObject({ ok: false, code: 'unfinished' });
    expect(ok(extractJsonObject(`{"a": ${JSON.stringify('}'.repeat(size))}}`)).value).toEqual({ a: '}'.repeat(size) });
    expect(ok(extractJsonObject(`${TEXT}${' x{'.repeat(size / 3)}`)).value).toEqual(ANSWER);
    expect(ok(extractJsonObject(`{"a": [${'1,'.repeat(size / 2)}]}`)).tolerated).toEqual(['trailing-commas']);
    expect(ok(extractJsonObject(`{"a": 1,${' '.repeat(size)}}`)).tolerated).toEqual(['trailing-commas']);
  });
});
