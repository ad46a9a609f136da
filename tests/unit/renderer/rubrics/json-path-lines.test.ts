import { describe, expect, it } from 'vitest';
import { jsonPathLines, lineOfPath } from '../../../../renderer/src/stores/rubrics/json-path-lines';

describe('JSON path lines', () => {
  const text = ['{', '  "id": "x",', '  "rubrics": [', '    { "id": "A",', '      "weight": -1 },', '    {', '      "name": { "zh": "乙", "en": "B \\" }" }', '    }', '  ]', '}'].join('\n');

  it('finds the line of every key and list item, strings with escapes included', () => {
    const lines = jsonPathLines(text);
    expect(lines.get('$')).toBe(1);
    expect(lines.get('$.id')).toBe(2);
    expect(lines.get('$.rubrics[0]')).toBe(4);
    expect(lines.get('$.rubrics[0].weight')).toBe(5);
    expect(lines.get('$.rubrics[1]')).toBe(6);
    expect(lines.get('$.rubrics[1].name.en')).toBe(7);
  });

  it('falls back to the nearest ancestor for a missing key', () => {
    const lines = jsonPathLines(text);
    expect(lineOfPath(lines, '$.rubrics[1].definition')).toBe(6);
    expect(lineOfPath(lines, '$.rubrics[1].name.en')).toBe(7);
    expect(lineOfPath(new Map(), '$.x')).toBeNull();
  });
});
