import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { defaultTemplateVersion, listTemplateVersions, removeTemplateVersion, saveTemplateVersion } from '../../../../renderer/src/db/repositories/prompt-templates';
import { ValidationError } from '../../../../renderer/src/db/repositories/validate';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, templateRef } from '../../../../shared/llm/prompt-template';
import { freshDb } from '../fixtures';

const BUILT_IN = 'sid-pre-annotation@1';
const AT = new Date('2026-12-03T10:00:00Z');
const { system, user } = DEFAULT_PRE_ANNOTATION_TEMPLATE;

let db: MaieuticDb;
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('prompt template versions', () => {
  it('start with the built-in SID prompt alone, which a job uses by default', async () => {
    db = freshDb();
    const versions = await listTemplateVersions(db);
    expect(versions).toEqual([{ key: BUILT_IN, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, hash: templateRef(DEFAULT_PRE_ANNOTATION_TEMPLATE).hash, builtIn: true }]);
    expect(await defaultTemplateVersion(db)).toEqual(versions[0]);
  });

  it('add a version per saved edit, numbered on, with its hash; the built-in one stays, and the last saved is the default', async () => {
    db = freshDb();
    const saved = await saveTemplateVersion(db, { basedOn: BUILT_IN, system: `${system}\nBe brief.`, user, now: AT });
    expect(saved.created).toBe(true);
    const second = saved.version;
    expect(second).toMatchObject({ key: 'sid-pre-annotation@2', builtIn: false, createdAt: AT.toISOString(), template: { id: 'sid-pre-annotation', version: '2', system: `${system}\nBe brief.`, user } });
    expect(second.hash).toBe(templateRef(second.template).hash);
    expect(second.hash).not.toBe(templateRef(DEFAULT_PRE_ANNOTATION_TEMPLATE).hash);
    // an edit of an edit, and an edit of the built-in one again: each a new number
    const third = (await saveTemplateVersion(db, { basedOn: second.key, system: `${system}\nBe very brief.`, user, now: AT })).version;
    const fourth = (await saveTemplateVersion(db, { basedOn: BUILT_IN, system, user: `${user}\n`, now: AT })).version;
    expect([third.template.version, fourth.template.version]).toEqual(['3', '4']);
    expect((await listTemplateVersions(db)).map((version) => version.key)).toEqual(['sid-pre-annotation@4', 'sid-pre-annotation@3', 'sid-pre-annotation@2', BUILT_IN]);
    expect((await defaultTemplateVersion(db))?.key).toBe('sid-pre-annotation@4');
    // what was saved is what is read back: no version was rewritten
    expect((await db.promptTemplates.get('sid-pre-annotation@2'))).toMatchObject({ system: `${system}\nBe brief.`, hash: second.hash, basedOn: BUILT_IN });
    expect((await db.promptTemplates.get('sid-pre-annotation@3'))?.basedOn).toBe('sid-pre-annotation@2');
  });

  it('give back the version already listed for texts saved again unchanged', async () => {
    db = freshDb();
    expect(await saveTemplateVersion(db, { basedOn: BUILT_IN, system, user })).toMatchObject({ created: false, version: { key: BUILT_IN } });
    const edited = (await saveTemplateVersion(db, { basedOn: BUILT_IN, system: `${system}!`, user })).version;
    expect(await saveTemplateVersion(db, { basedOn: edited.key, system: `${system}!`, user })).toMatchObject({ created: false, version: { key: edited.key } });
    expect(await db.promptTemplates.count()).toBe(1);
  });

  it('refuse texts with problems, and an unknown base', async () => {
    db = freshDb();
    await expect(saveTemplateVersion(db, { basedOn: BUILT_IN, system, user: 'Annotate these.' })).rejects.toThrow(/must use \{\{turns\}\}/);
    await expect(saveTemplateVersion(db, { basedOn: BUILT_IN, system, user: 'Annotate these.' })).rejects.toBeInstanceOf(ValidationError);
    await expect(saveTemplateVersion(db, { basedOn: 'sid-pre-annotation@9', system, user })).rejects.toThrow(/no prompt template version/);
    expect(await db.promptTemplates.count()).toBe(0);
  });

  it('can be removed from the list, never the built-in one, and a removed number is not given again', async () => {
    db = freshDb();
    const edited = (await saveTemplateVersion(db, { basedOn: BUILT_IN, system: `${system}!`, user })).version;
    await removeTemplateVersion(db, edited.key, AT);
    expect((await listTemplateVersions(db)).map((version) => version.key)).toEqual([BUILT_IN]);
    expect((await db.promptTemplates.get(edited.key))?.removedAt).toBe(AT.toISOString());
    // the same text again is a new version: number 2 named the removed one
    expect(await saveTemplateVersion(db, { basedOn: BUILT_IN, system: `${system}!`, user })).toMatchObject({ created: true, version: { key: 'sid-pre-annotation@3' } });
    await expect(removeTemplateVersion(db, BUILT_IN)).rejects.toThrow(/built-in prompt cannot be removed/);
    await expect(removeTemplateVersion(db, 'sid-pre-annotation@7')).rejects.toBeInstanceOf(ValidationError);
    expect((await listTemplateVersions(db)).at(-1)?.key).toBe(BUILT_IN);
  });
});
