import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { listLayers } from '../../../../renderer/src/db/repositories/layers';
import { useAppStore } from '../../../../renderer/src/stores/app/store';
import { createImportStore } from '../../../../renderer/src/stores/import/store';
import { freshDb, sidLine } from '../fixtures';

/** The wizard's "attach as an annotation layer" path over the real parsers and fake-indexeddb. */
describe('import wizard: attach as an annotation layer', () => {
  let db: MaieuticDb;
  beforeEach(() => {
    db = freshDb();
    useAppStore.setState({ view: 'start', datasetId: null, dialogueId: null, visibleDialogueIds: [] });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const llm = { name: 'GPT-4o/topic_7.jsonl', text: `${sidLine(1)}\n${sidLine(2)}\n` };
  const human = { name: 'wang/topic_7.jsonl', text: `${sidLine(1)}\n${sidLine(9)}\n` };

  async function datasetId(): Promise<string> {
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([llm], []);
    await store.getState().commit();
    const id = useAppStore.getState().datasetId;
    if (!id) throw new Error('the first import did not open a data set');
    return id;
  }

  it('previews the matches and problems, then stores a layer instead of new dialogues', async () => {
    const target = await datasetId();
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([human], [], target);
    expect(store.getState().target).toEqual({ kind: 'existing', datasetId: target });

    store.getState().setAttachAsLayer(true);
    expect(store.getState().layer).toEqual({ name: 'topic_7', kind: 'human' });
    await store.getState().refreshLayerPreview();
    const preview = store.getState().layerPreview;
    if (preview.status !== 'ready') throw new Error(`preview is ${preview.status}`);
    expect(preview.matched.values).toHaveLength(2);
    expect(preview.matched.problems).toEqual([expect.objectContaining({ file: 'wang/topic_7.jsonl', line: 2 })]);

    store.getState().setLayerChoice({ name: 'Wang', kind: 'human' });
    const dialoguesBefore = await db.dialogues.count();
    await store.getState().commit();
    expect(store.getState().error).toBeNull();
    expect(await db.dialogues.count()).toBe(dialoguesBefore);
    const layers = await listLayers(db, target);
    expect(layers.map((layer) => [layer.name, layer.kind, layer.turns, layer.problems.length])).toEqual([['Wang', 'human', 2, 1]]);
  });

  it('asks for exactly one file, and flags a file already attached', async () => {
    const target = await datasetId();
    const store = createImportStore(() => db);
    const other = { name: 'li/topic_7.jsonl', text: `${sidLine(2)}\n` };
    await store.getState().receiveFiles([human, other], [], target);
    store.getState().setAttachAsLayer(true);
    await store.getState().refreshLayerPreview();
    expect(store.getState().layerPreview).toEqual({ status: 'needs-one-file', chosen: 2 });

    store.getState().setInclude(1, false);
    await store.getState().refreshLayerPreview();
    expect(store.getState().layerPreview.status).toBe('ready');
    await store.getState().commit();

    const again = createImportStore(() => db);
    await again.getState().receiveFiles([human], [], target);
    again.getState().setAttachAsLayer(true);
    await again.getState().refreshLayerPreview();
    const preview = again.getState().layerPreview;
    expect(preview.status === 'ready' && preview.alreadyAttachedAs).toBe('topic_7');
    await again.getState().commit();
    expect(again.getState().error).toMatch(/already attached/);
    expect(await listLayers(db, target)).toHaveLength(1);
  });

  it('turns the option off when the target becomes a new data set', async () => {
    const target = await datasetId();
    const store = createImportStore(() => db);
    await store.getState().receiveFiles([human], [], target);
    store.getState().setAttachAsLayer(true);
    store.getState().setTarget({ kind: 'new', name: 'Other' });
    expect(store.getState().layer).toBeNull();
  });
});
