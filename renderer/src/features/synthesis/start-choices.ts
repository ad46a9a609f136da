/**
 * What the Start-synthesis dialog decides from its fields, kept apart from the dialog so it reads
 * as rules: the spec as parsed, the connection a role defaults to (the one named as the spec names
 * it), and what is still missing before round 0 can start.
 */
import type { JudgeLanguage } from '../../../../shared/judge/types';
import type { SynthesisRole } from '../../../../shared/model/synthesis';
import { parseSynthesisSpec, type ParseSpecResult } from '../../../../shared/synthesis/parse-spec';
import { MAX_ANSWERS_PER_ITEM, MAX_EXTRA_GENERATORS } from '../../../../shared/synthesis/synthesis-job';
import type { StartSynthesisInput } from '../../stores/synthesis/types';

export const SYNTHESIS_ROLES: readonly SynthesisRole[] = ['drafter', 'generator', 'judge'];

export interface StartChoices {
  specSource: string;
  specFile: string;
  connections: Partial<Record<SynthesisRole, string>>;
  /** further teacher models compared with the generator (connection ids, in the order ticked) */
  comparedGenerators: string[];
  answersPerItem: string;
  language: JudgeLanguage;
  title: string;
}

export type MissingChoice = { kind: 'spec' } | { kind: 'role'; role: SynthesisRole } | { kind: 'answers' } | { kind: 'title' } | { kind: 'compared' };

export function parseChoicesSpec(choices: Pick<StartChoices, 'specSource' | 'specFile'>): ParseSpecResult | null {
  return choices.specSource.trim() === '' ? null : parseSynthesisSpec(choices.specSource, choices.specFile || 'spec.yaml');
}

/** The connection whose name is the one the spec gives the role (case aside); none when no name matches. */
export function defaultConnection(connections: readonly { id: string; name: string }[], specName: string): string | undefined {
  return connections.find((connection) => connection.name.toLowerCase() === specName.toLowerCase())?.id;
}

function answersOf(text: string): number | null {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= MAX_ANSWERS_PER_ITEM ? value : null;
}

export function missingChoices(choices: StartChoices, parsed: ParseSpecResult | null): MissingChoice[] {
  const missing: MissingChoice[] = [];
  if (!parsed?.ok) missing.push({ kind: 'spec' });
  for (const role of SYNTHESIS_ROLES) if (!choices.connections[role]) missing.push({ kind: 'role', role });
  if (answersOf(choices.answersPerItem) === null) missing.push({ kind: 'answers' });
  if (choices.title.trim() === '') missing.push({ kind: 'title' });
  if (comparedOf(choices).length > MAX_EXTRA_GENERATORS) missing.push({ kind: 'compared' });
  return missing;
}

/** The compared teacher models that count: the generator itself is not compared with itself. */
export function comparedOf(choices: Pick<StartChoices, 'comparedGenerators' | 'connections'>): string[] {
  return [...new Set(choices.comparedGenerators.filter((id) => id !== choices.connections.generator))];
}

/** The store's start input once nothing is missing; null before. */
export function startInput(choices: StartChoices, parsed: ParseSpecResult | null): StartSynthesisInput | null {
  const answersPerItem = answersOf(choices.answersPerItem);
  const { drafter, generator, judge } = choices.connections;
  const compared = comparedOf(choices);
  if (!parsed?.ok || answersPerItem === null || !drafter || !generator || !judge || choices.title.trim() === '' || compared.length > MAX_EXTRA_GENERATORS) return null;
  return {
    title: choices.title.trim(), specSource: choices.specSource, specFile: choices.specFile || 'spec.yaml', connections: { drafter, generator, judge }, answersPerItem, language: choices.language,
    ...(compared.length > 0 ? { extraGenerators: compared } : {}),
  };
}
