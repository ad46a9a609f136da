/** A file one byte over a limit must not read "1.0 MB; at most 1.0 MB": sizes that round alike are given in bytes. */
import { describe, expect, it } from 'vitest';
import { configTooLargeReason } from '../../../../shared/config-files';
import { formatSizeOverLimit, tooLargeReason } from '../../../../shared/import/file-rules';

const MIB = 1024 * 1024;

describe('a size over its limit', () => {
  it('rounds to MB where the two differ, and gives bytes where rounding would make them equal', () => {
    expect(formatSizeOverLimit(2 * MIB, MIB)).toEqual({ size: '2.0 MB', limit: '1.0 MB' });
    expect(formatSizeOverLimit(MIB + 1, MIB)).toEqual({ size: '1,048,577 bytes', limit: '1,048,576 bytes' });
  });

  it('is what the config-file and the import limits say', () => {
    expect(configTooLargeReason('connections', MIB + 1)).toBe('too large (1,048,577 bytes; a connections file may be at most 1,048,576 bytes)');
    expect(tooLargeReason(64 * MIB + 1)).toBe('too large (67,108,865 bytes; the import limit is 67,108,864 bytes)');
    expect(tooLargeReason(64 * MIB)).toBeNull();
  });
});
