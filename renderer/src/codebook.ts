/**
 * The codebook the renderer works with. A data set records the id of its codebook and (since
 * schema v10) the hash of the version it uses; the registry below holds every stored version
 * (loaded at start by the codebooks store) so lookups stay synchronous for their many callers.
 */
import { DEFAULT_CODEBOOK, type Codebook, type FieldDef, type LabelLanguage } from '../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES, parseConsistencyRules } from '../../shared/consistency';
import type { ConsistencyRules } from '../../shared/consistency/types';
import type { CodebookVersionRow } from '../../shared/model/codebook-version';

export const ACTIVE_CODEBOOK: Codebook = DEFAULT_CODEBOOK;

const KNOWN_CODEBOOKS: readonly Codebook[] = [DEFAULT_CODEBOOK];

/** Stored versions by id (`${codebookId}@${hash}`); filled by the codebooks store. */
const versions = new Map<string, CodebookVersionRow>();

export function registerCodebookVersions(rows: readonly CodebookVersionRow[]): void {
  for (const row of rows) versions.set(row.id, row);
}

export function registeredCodebookVersions(): CodebookVersionRow[] {
  return [...versions.values()];
}

export function codebookById(codebookId: string): Codebook | undefined {
  return KNOWN_CODEBOOKS.find((codebook) => codebook.id === codebookId);
}

/** A data set's codebook reference: its id and, when recorded, its version hash. */
export interface CodebookRef {
  codebookId: string;
  codebookHash?: string;
}

function versionFor(ref: CodebookRef): CodebookVersionRow | undefined {
  return ref.codebookHash ? versions.get(`${ref.codebookId}@${ref.codebookHash}`) : undefined;
}

/** The newest registered version (by createdAt) of a codebook id, e.g. an imported custom codebook. */
export function newestCodebookVersion(codebookId: string): CodebookVersionRow | undefined {
  let newest: CodebookVersionRow | undefined;
  for (const row of versions.values()) {
    if (row.codebookId === codebookId && (!newest || row.createdAt > newest.createdAt)) newest = row;
  }
  return newest;
}

/**
 * The version a reference resolves to: its recorded one; else, for a custom codebook (no bundled
 * codebook has its id) without a usable hash, its newest registered version. A bundled id without
 * a hash stays the bundled codebook (data sets made before versioning).
 */
function resolvedVersion(ref: CodebookRef): CodebookVersionRow | undefined {
  return versionFor(ref) ?? (codebookById(ref.codebookId) ? undefined : newestCodebookVersion(ref.codebookId));
}

/**
 * The codebook of a data set: its recorded version when the registry has it, else the bundled
 * codebook of that id, else the newest registered version of that id; an unknown id falls back to the default (and says so through `fallback`).
 */
export function codebookForDataset(ref: string | CodebookRef): { codebook: Codebook; fallback: boolean } {
  const target: CodebookRef = typeof ref === 'string' ? { codebookId: ref } : ref;
  const version = resolvedVersion(target);
  if (version) return { codebook: version.codebook, fallback: false };
  const found = codebookById(target.codebookId);
  return found ? { codebook: found, fallback: false } : { codebook: ACTIVE_CODEBOOK, fallback: true };
}

/**
 * The consistency rules of a data set's codebook version: the version's own rules when the
 * registry has it; else the rules of the codebook it is shown with (the default rules for the bundled
 * SID codebook and for an unknown id, which falls back to it); none for another codebook.
 */
export function consistencyRulesFor(ref: string | CodebookRef): ConsistencyRules {
  const target: CodebookRef = typeof ref === 'string' ? { codebookId: ref } : ref;
  const version = resolvedVersion(target);
  if (version) return version.rules;
  // an unknown id is shown with the default codebook (codebookForDataset), so it is checked by that codebook's rules
  const { codebook } = codebookForDataset(target);
  if (codebook.id === DEFAULT_CONSISTENCY_RULES.codebookId) return DEFAULT_CONSISTENCY_RULES;
  return { codebookId: codebook.id, rules: [] };
}

export function fieldName(field: FieldDef, lang: LabelLanguage): string {
  const other: LabelLanguage = lang === 'zh' ? 'en' : 'zh';
  return field.name[lang] || field.name[other] || field.id;
}

/** Fields that carry labels (everything except the speaker and the free-text utterance, which have their own columns). */
export function annotationFields(codebook: Codebook = ACTIVE_CODEBOOK): FieldDef[] {
  return codebook.fields.filter((field) => field.id !== 'speaker' && field.id !== 'utterance');
}

/**
 * The consistency rules for a codebook that came in a work package (which carries the codebook,
 * not its rules): the rules of a known version of the same codebook id, newest first, then the
 * bundled rules, whichever still fit the carried codebook (every field and code they name is
 * there); none when nothing fits.
 */
export function rulesForCarriedCodebook(codebook: Codebook): ConsistencyRules {
  const candidates = [...versions.values()]
    .filter((row) => row.codebookId === codebook.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((row) => row.rules);
  if (codebook.id === DEFAULT_CONSISTENCY_RULES.codebookId) candidates.push(DEFAULT_CONSISTENCY_RULES);
  for (const rules of candidates) {
    try {
      return parseConsistencyRules(JSON.parse(JSON.stringify(rules)), codebook);
    } catch {
      // this version's rules name a field or code the carried codebook lacks: try the next
    }
  }
  return { codebookId: codebook.id, rules: [] };
}
