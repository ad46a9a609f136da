/**
 * A scenario or spec dropped or picked in the renderer is read by the import's decoding, as main
 * reads config files (issue 30 point 8): File.text() turned GBK into U+FFFD in every prompt.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_RULES } from '../../../../shared/config-files';
import { readConfigFileText } from '../../../../renderer/src/parsing/config-file-text';
import { gbkBytes } from '../../../fault-suite/gbk';

const dropped = (name: string, bytes: Uint8Array, size = bytes.length) => ({ name, size, arrayBuffer: async () => bytes.slice().buffer });

describe('readConfigFileText', () => {
  it('refuses GBK with the import’s words instead of replacement characters', async () => {
    const read = await readConfigFileText(dropped('gbk.yaml', gbkBytes('name:\n  zh: 水的净化\n')), 'scenario');
    expect(read).toEqual({ ok: false, line: 2, message: expect.stringContaining('it looks like GB18030 (GBK)') });
    expect(JSON.stringify(read)).not.toContain('\ufffd');
  });

  it('reads UTF-8 and UTF-16 with a byte-order mark, the mark dropped', async () => {
    expect(await readConfigFileText(dropped('a.yaml', new TextEncoder().encode('\ufeffid: 水\n')), 'scenario')).toEqual({ ok: true, text: 'id: 水\n' });
    const le = Uint8Array.from([0xff, 0xfe, ...Array.from('id: 水\n').flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])]);
    expect(await readConfigFileText(dropped('a.yaml', le), 'synthesis-spec')).toEqual({ ok: true, text: 'id: 水\n' });
  });

  it('refuses a file over its kind’s limit before reading it', async () => {
    const huge = { name: 'big.yaml', size: CONFIG_FILE_RULES['synthesis-spec'].maxBytes + 1, arrayBuffer: async (): Promise<ArrayBuffer> => { throw new Error('read'); } };
    expect(await readConfigFileText(huge, 'synthesis-spec')).toEqual({ ok: false, line: null, message: 'cannot read the spec: too large (1,048,577 bytes; a spec may be at most 1,048,576 bytes)' });
  });
});
