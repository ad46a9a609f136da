/**
 * Where a `synthesize-rubric` run keeps its state, named after --out (`rubric.json`):
 * `rubric.synthesis/rounds.jsonl`, one line per finished round (the engine's payload and the
 * settings it ran with), appended and synced as each round ends, and
 * `rubric.synthesis/.maieutic-cache/`, the response cache. A rerun reads the rounds from the
 * journal and runs only the rest; a round cut short replays its finished calls from the cache.
 * The report `rubric.rounds.json` sits beside --out.
 */
import { join } from 'node:path';
import type { JudgeLanguage } from '../../../shared/judge';
import type { SynthesisRoundPayload } from '../../../shared/synthesis';
import type { CliIo } from '../io';
import { readDoneKeys } from './judge-output';

export const JOURNAL_FILE = 'rounds.jsonl';
export const CACHE_FOLDER = '.maieutic-cache';

export interface SynthesisPaths {
  out: string;
  report: string;
  folder: string;
  journal: string;
  cache: string;
}

/** `rubric.json` → `rubric.rounds.json` and `rubric.synthesis/`; a name without .json keeps it whole. */
export function synthesisPaths(out: string): SynthesisPaths {
  const stem = out.replace(/\.json$/i, '');
  const folder = `${stem}.synthesis`;
  return { out, report: `${stem}.rounds.json`, folder, journal: join(folder, JOURNAL_FILE), cache: join(folder, CACHE_FOLDER) };
}

/** What decides a round's answers besides the spec: a round run otherwise is not mixed with these. */
export interface RoundSettings {
  language: JudgeLanguage;
  answersPerItem: number;
  /** role → model */
  models: Record<'drafter' | 'generator' | 'judge', string>;
}

export interface JournalLine {
  settings: RoundSettings;
  payload: SynthesisRoundPayload;
}

function lineProblem(value: unknown, index: number, specHash: string, settings: RoundSettings): string | null {
  const line = value as Partial<JournalLine> | null;
  const payload = line?.payload;
  if (!line || typeof line !== 'object' || !payload || typeof payload !== 'object' || !payload.record || !Array.isArray(payload.metrics)) return 'not a finished round (settings and payload)';
  if (payload.spec?.hash !== specHash) return `a round of another spec (${payload.spec?.id ?? '?'} ${payload.spec?.version ?? '?'}, hash ${payload.spec?.hash ?? '?'}; this one hashes to ${specHash}); write to another --out`;
  if (payload.round !== index) return `round ${String(payload.round)} where round ${index} was expected`;
  if (JSON.stringify(line.settings) !== JSON.stringify(settings)) return `a round run with other settings (${JSON.stringify(line.settings)}; now ${JSON.stringify(settings)}); run with those, or write to another --out`;
  return null;
}

/**
 * The rounds already finished, in order, or null (problems printed as file:line) when a line is
 * not the next round of this spec with these settings. A torn last line is cut off (readDoneKeys).
 */
export async function readJournal(file: string, specHash: string, settings: RoundSettings, io: CliIo): Promise<SynthesisRoundPayload[] | null> {
  const payloads: SynthesisRoundPayload[] = [];
  const read = await readDoneKeys(file, io, (value) => {
    const problem = lineProblem(value, payloads.length, specHash, settings);
    if (problem !== null) return { problem };
    payloads.push((value as JournalLine).payload);
    return { key: String(payloads.length - 1) };
  });
  return read === null ? null : payloads;
}
