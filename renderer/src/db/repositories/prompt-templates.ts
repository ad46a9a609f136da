/**
 * The prompt templates a job can be started with: the built-in SID prompt (code, always there,
 * never removed) and the versions the user saved by editing one. Saving an edit adds a version,
 * numbered one past the highest the template id ever had; no version is rewritten, so a stored
 * call's id, version and hash always name the text it was asked with.
 */
import { checkPromptTemplate, DEFAULT_PRE_ANNOTATION_TEMPLATE, type PromptTemplate, templateRef } from '../../../../shared/llm/prompt-template';
import type { MaieuticDb } from '../db';
import type { PromptTemplateRow } from '../../../../shared/model/prompt-template';
import { ValidationError } from './validate';
import { checkedRow } from './row-checks';

export const BUILT_IN_TEMPLATES: readonly PromptTemplate[] = [DEFAULT_PRE_ANNOTATION_TEMPLATE];

export interface TemplateVersion {
  /** `${id}@${version}` */
  key: string;
  template: PromptTemplate;
  hash: string;
  builtIn: boolean;
  /** absent for a built-in template */
  createdAt?: string;
}

export function templateKey(id: string, version: string): string {
  return `${id}@${version}`;
}

function builtInVersion(template: PromptTemplate): TemplateVersion {
  return { key: templateKey(template.id, template.version), template, hash: templateRef(template).hash, builtIn: true };
}

/** The built-in version of the template `id`, if the app ships one. */
export function builtInVersionOf(id: string): TemplateVersion | undefined {
  const template = BUILT_IN_TEMPLATES.find((candidate) => candidate.id === id);
  return template && builtInVersion(template);
}

function savedVersion(row: PromptTemplateRow): TemplateVersion {
  return { key: row.key, template: { id: row.id, version: row.version, system: row.system, user: row.user }, hash: row.hash, builtIn: false, createdAt: row.createdAt };
}

const versionNumber = (version: string) => (/^\d+$/.test(version) ? Number(version) : 0);

/** Every version of the template `id` that can be chosen, newest first; the built-in one last. */
export async function listTemplateVersions(db: MaieuticDb, id: string = DEFAULT_PRE_ANNOTATION_TEMPLATE.id): Promise<TemplateVersion[]> {
  const rows = await db.promptTemplates.where('id').equals(id).toArray();
  const saved = rows.filter((row) => row.removedAt === undefined).sort((a, b) => versionNumber(b.version) - versionNumber(a.version)).map(savedVersion);
  return [...saved, ...BUILT_IN_TEMPLATES.filter((template) => template.id === id).map(builtInVersion)];
}

/** What a job uses unless another version is chosen: the last saved version, else the built-in one. */
export async function defaultTemplateVersion(db: MaieuticDb, id: string = DEFAULT_PRE_ANNOTATION_TEMPLATE.id): Promise<TemplateVersion | undefined> {
  return (await listTemplateVersions(db, id))[0];
}

export interface SavedTemplate {
  version: TemplateVersion;
  /** false when the texts were those of a version already listed, which is given back */
  created: boolean;
}

/**
 * Saves edited texts as a new version of the template `basedOn` is a version of. Texts
 * identical to a version still listed give that version back instead of a copy. Refused:
 * texts checkPromptTemplate finds problems in, a `basedOn` that names no version.
 */
export async function saveTemplateVersion(db: MaieuticDb, input: { basedOn: string; system: string; user: string; now?: Date }): Promise<SavedTemplate> {
  return db.transaction('rw', db.promptTemplates, async () => {
    const base = BUILT_IN_TEMPLATES.map(builtInVersion).find((version) => version.key === input.basedOn) ?? (await db.promptTemplates.get(input.basedOn).then((row) => row && savedVersion(row)));
    if (!base) throw new ValidationError(`There is no prompt template version ${input.basedOn} to edit.`);
    const { id } = base.template;
    const rows = await db.promptTemplates.where('id').equals(id).toArray();
    const builtIns = BUILT_IN_TEMPLATES.filter((template) => template.id === id);
    const highest = Math.max(0, ...rows.map((row) => versionNumber(row.version)), ...builtIns.map((template) => versionNumber(template.version)));
    const template: PromptTemplate = { id, version: String(highest + 1), system: input.system, user: input.user };
    const problems = checkPromptTemplate(template);
    if (problems.length > 0) throw new ValidationError(`The prompt cannot be saved: ${problems.join('; ')}.`);
    const { hash } = templateRef(template);
    const same = [...builtIns.map(builtInVersion), ...rows.filter((row) => row.removedAt === undefined).map(savedVersion)].find((version) => version.hash === hash);
    if (same) return { version: same, created: false };
    const row: PromptTemplateRow = { key: templateKey(id, template.version), ...template, hash, createdAt: (input.now ?? new Date()).toISOString(), basedOn: base.key };
    await db.promptTemplates.add(checkedRow('promptTemplates', row));
    return { version: savedVersion(row), created: true };
  });
}

/** Takes a saved version off the list (its row stays, marked, so the number is not given again). The built-in template cannot be removed. */
export async function removeTemplateVersion(db: MaieuticDb, key: string, now: Date = new Date()): Promise<void> {
  if (BUILT_IN_TEMPLATES.some((template) => templateKey(template.id, template.version) === key)) throw new ValidationError('The built-in prompt cannot be removed.');
  await db.transaction('rw', db.promptTemplates, async () => {
    const row = await db.promptTemplates.get(key);
    if (!row) throw new ValidationError(`There is no saved prompt version ${key}.`);
    if (row.removedAt === undefined) await db.promptTemplates.update(key, { removedAt: now.toISOString() });
  });
}
