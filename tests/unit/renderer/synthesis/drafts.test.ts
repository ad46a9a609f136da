/**
 * Unsaved synthesis text holds the window's close: the drafts store is one of the open drafts the
 * close handshake asks (flush-all), and it never saves half-typed text on its own.
 */
import { describe, expect, it } from 'vitest';
import { openDrafts } from '../../../../renderer/src/stores/review/drafts';
import { synthesisDraftKey, useSynthesisDrafts } from '../../../../renderer/src/stores/synthesis/drafts';

const typed = { description: { zh: '改', en: 'typed' }, positiveExample: { zh: '', en: '' }, negativeExample: { zh: '', en: '' } };

describe('synthesis drafts', () => {
  it('are kept per session and metric, and while any is held the close handshake sees unsaved work', () => {
    expect(openDrafts.hasDrafts()).toBe(false);
    const key = synthesisDraftKey('synthesis-1', 'PER-1');
    useSynthesisDrafts.getState().put(key, typed);
    expect(useSynthesisDrafts.getState().drafts[key]).toEqual(typed);
    expect(useSynthesisDrafts.getState().drafts[synthesisDraftKey('synthesis-2', 'PER-1')]).toBeUndefined();
    expect(openDrafts.hasDrafts()).toBe(true);
    // committing does not save it behind the educator's back: it is still held
    openDrafts.commitAll();
    expect(openDrafts.hasDrafts()).toBe(true);
    useSynthesisDrafts.getState().put(key, null);
    expect(openDrafts.hasDrafts()).toBe(false);
  });
});
