import { describe, expect, it } from 'vitest';
import { parseEmptyArgs, parseOpenImportArgs, parseReadDroppedArgs, parseReadyToCloseArgs, parseSaveExportArgs } from '../../../../../electron/main/ipc/validate';

describe('parseEmptyArgs', () => {
  it('accepts an empty object', () => {
    expect(parseEmptyArgs('app.info', {})).toEqual({});
  });

  it.each([
    [undefined, 'app.info: the argument must be an object, got undefined'],
    [null, 'app.info: the argument must be an object, got null'],
    [[], 'app.info: the argument must be an object, got an array'],
    ['x', 'app.info: the argument must be an object, got "x"'],
    [{ extra: 1 }, 'app.info: unexpected field "extra"'],
  ])('refuses %j', (value, message) => {
    expect(() => parseEmptyArgs('app.info', value)).toThrow(message);
  });
});

describe('parseReadDroppedArgs', () => {
  it('accepts absolute paths only, a bounded number of them', () => {
    expect(parseReadDroppedArgs({ paths: ['/home/a/GPT-4o', '/tmp/x.jsonl'] })).toEqual({ paths: ['/home/a/GPT-4o', '/tmp/x.jsonl'] });
    expect(() => parseReadDroppedArgs({ paths: ['relative/x.jsonl'] })).toThrow('files.readDropped: every path must be an absolute path, got "relative/x.jsonl"');
    expect(() => parseReadDroppedArgs({ paths: ['/tmp/a\0b'] })).toThrow('every path must be an absolute path');
    expect(() => parseReadDroppedArgs({ paths: [7] })).toThrow('every path must be an absolute path, got number');
    expect(() => parseReadDroppedArgs({ paths: '/etc/passwd' })).toThrow('"paths" must be an array of at most 1000 paths');
    expect(() => parseReadDroppedArgs({ paths: Array.from({ length: 1001 }, (_, i) => `/f${i}`) })).toThrow('at most 1000');
    expect(() => parseReadDroppedArgs({ paths: [], mode: 'x' })).toThrow('unexpected field "mode"');
  });
});

describe('parseOpenImportArgs', () => {
  it('accepts both modes', () => {
    expect(parseOpenImportArgs({ mode: 'files' })).toEqual({ mode: 'files' });
    expect(parseOpenImportArgs({ mode: 'folder' })).toEqual({ mode: 'folder' });
  });

  it('names the field and the allowed values when the mode is wrong', () => {
    expect(() => parseOpenImportArgs({ mode: 'disk' })).toThrow('files.openImport: "mode" must be one of files, folder, got "disk"');
    expect(() => parseOpenImportArgs({})).toThrow('"mode" must be one of files, folder, got undefined');
    expect(() => parseOpenImportArgs({ mode: 'files', path: '/etc' })).toThrow('unexpected field "path"');
  });
});

describe('parseSaveExportArgs', () => {
  const valid = { defaultName: '审校结果.jsonl', content: '{"a":1}\n', kind: 'jsonl' };

  it('returns a copy holding only the known fields', () => {
    expect(parseSaveExportArgs(valid)).toEqual(valid);
  });

  it('accepts empty content (an export of nothing is still a file)', () => {
    expect(parseSaveExportArgs({ ...valid, content: '' }).content).toBe('');
  });

  it.each([
    [{ ...valid, defaultName: '../evil.jsonl' }, '"defaultName" contains a path separator'],
    [{ ...valid, defaultName: 'C:\\evil.jsonl' }, '"defaultName" contains a path separator'],
    [{ ...valid, defaultName: '  ' }, '"defaultName" is empty'],
    [{ ...valid, defaultName: '..' }, '"defaultName" is not a file name'],
    [{ ...valid, defaultName: 'a\u0000b' }, '"defaultName" contains a control character'],
    [{ ...valid, defaultName: 'x'.repeat(256) }, '"defaultName" is longer than 255 characters'],
    [{ ...valid, defaultName: 42 }, '"defaultName" must be a string, got number'],
    [{ ...valid, content: { rows: [] } }, '"content" must be a string, got object'],
    [{ ...valid, kind: 'exe' }, '"kind" must be one of jsonl, csv, json, md, yaml, got "exe"'],
    [{ ...valid, path: '/etc/passwd' }, 'unexpected field "path"'],
  ])('refuses %j', (value, message) => {
    expect(() => parseSaveExportArgs(value)).toThrow(`files.saveExport: ${message}`);
  });
});

describe('parseReadyToCloseArgs', () => {
  it('accepts an answer with and without a reason', () => {
    expect(parseReadyToCloseArgs({ requestId: 'close-1', flushed: true })).toEqual({ requestId: 'close-1', flushed: true });
    expect(parseReadyToCloseArgs({ requestId: 'close-1', flushed: false, error: 'disk full' })).toEqual({
      requestId: 'close-1',
      flushed: false,
      error: 'disk full',
    });
  });

  it.each([
    [{ flushed: true }, 'app.readyToClose: "requestId" must be a string, got undefined'],
    [{ requestId: ' ', flushed: true }, 'app.readyToClose: "requestId" is empty'],
    [{ requestId: 'close-1', flushed: 'yes' }, 'app.readyToClose: "flushed" must be true or false, got "yes"'],
    [{ requestId: 'close-1', flushed: false, error: 42 }, 'app.readyToClose: "error" must be a string, got number'],
    [{ requestId: 'close-1', flushed: true, window: 2 }, 'app.readyToClose: unexpected field "window"'],
  ])('refuses %j', (value, message) => {
    expect(() => parseReadyToCloseArgs(value)).toThrow(message);
  });

  it('shortens a runaway reason before it reaches the message box', () => {
    const parsed = parseReadyToCloseArgs({ requestId: 'close-1', flushed: false, error: 'x'.repeat(10_000) });
    expect(parsed.error).toHaveLength(2_001);
    expect(parsed.error?.endsWith('…')).toBe(true);
  });
});
