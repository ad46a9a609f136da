/**
 * The files of a `generate` run's folder. `conversations.jsonl` is the run's record: one engine
 * payload per line, appended as each conversation finishes (judge-output's runToLines), so a run
 * stopped at any point resumes from it. The data-set files are written from it at the end of
 * every run, whole, so they always hold every conversation finished so far.
 */
import { join } from 'node:path';
import {
  droppedConversations, dpoJsonl, learningCurves, learningCurvesCsv, preferenceDataCard, preferencePairs, sftJsonl, sidJsonlByTeacher,
  type GenerationJobPayload, type GenerationPreference, type Scenario,
} from '../../../shared/scenario';
import { writeFileAtomic } from '../../services/atomic-write';
import type { CliIo } from '../io';
import { readDoneKeys } from './judge-output';

export const CONVERSATIONS_FILE = 'conversations.jsonl';
export const CACHE_FOLDER = '.maieutic-cache';
export const DROPPED_FILE = 'dropped.jsonl';
export const LEARNING_CURVE_FILE = 'learning-curve.csv';
export const DPO_FILE = 'preferences.dpo.jsonl';
export const SFT_FILE = 'preferences.sft.jsonl';
export const DATA_CARD_FILE = 'DATA_CARD.md';
/** the run's own files: a teacher model named like one gets its SID file under another name */
const RUN_FILES = [CONVERSATIONS_FILE, DROPPED_FILE, DPO_FILE, SFT_FILE].map((name) => name.toLowerCase());

/** Which line a conversation is: one conversation of the scenario on one teacher connection. */
export const conversationKey = (connectionId: string, conversationId: string): string => JSON.stringify([connectionId, conversationId]);

/** What the lines of conversations.jsonl hold: the last line of each conversation (a failed one retried later is replaced). */
export interface RecordedConversations {
  /** by conversationKey, the last line's payload (empty unless kept) */
  latest: Map<string, GenerationJobPayload>;
  /** the keys of the conversations finished (not failed): a rerun skips these */
  complete: Set<string>;
}

function payloadProblem(value: unknown, scenarioHash: string): string | null {
  if (!value || typeof value !== 'object') return 'not a conversation (a JSON object)';
  const payload = value as Partial<GenerationJobPayload>;
  if (payload.status !== 'complete' && payload.status !== 'failed') return 'not a conversation: its status is neither complete nor failed';
  if (typeof payload.conversationId !== 'string' || typeof payload.connectionId !== 'string' || !Array.isArray(payload.turns)) return 'not a conversation: it lacks conversationId, connectionId or turns';
  const scenario = payload.scenario;
  if (!scenario || scenario.hash !== scenarioHash) return `generated from another scenario (${scenario?.id ?? '?'} ${scenario?.version ?? '?'}, hash ${scenario?.hash ?? '?'}; this one hashes to ${scenarioHash}); write to another --out`;
  return null;
}

/**
 * The conversations already in the file, or null (problems printed as file:line) when a line is
 * not one of this scenario's. `keepPayloads: false` keeps only which are complete (before a run,
 * whose memory then does not hold the previous runs' dialogues).
 */
export async function readRecordedConversations(file: string, scenarioHash: string, io: CliIo, keepPayloads = true): Promise<RecordedConversations | null> {
  const latest = new Map<string, GenerationJobPayload>();
  const complete = new Set<string>();
  const keys = await readDoneKeys(file, io, (value) => {
    const problem = payloadProblem(value, scenarioHash);
    if (problem !== null) return { problem };
    const payload = value as GenerationJobPayload;
    const key = conversationKey(payload.connectionId, payload.conversationId);
    if (keepPayloads) latest.set(key, payload);
    if (payload.status === 'complete') complete.add(key);
    return { key };
  });
  return keys === null ? null : { latest, complete };
}

export interface WrittenFile {
  name: string;
  /** dialogues or lines it holds */
  count: number;
}

/**
 * Written beside, then renamed over (writeFileAtomic): a run killed while writing leaves the
 * previous file whole, and a full disk leaves no half-written file beside it.
 */
async function writeWhole(folder: string, name: string, text: string): Promise<void> {
  await writeFileAtomic(join(folder, name), text);
}

/** The data-set files from every conversation recorded: SID JSONL per teacher model, the dropped list, learning curves and preference data when the run has them. */
export async function writeDatasetFiles(folder: string, payloads: readonly GenerationJobPayload[], run: { scenario: Scenario; hash: string; settings: Record<string, unknown>; preference?: GenerationPreference }): Promise<WrittenFile[]> {
  const written: WrittenFile[] = [];
  for (const file of sidJsonlByTeacher(payloads)) {
    const name = RUN_FILES.includes(file.fileName.toLowerCase()) ? `teacher-${file.fileName}` : file.fileName;
    await writeWhole(folder, name, file.text);
    written.push({ name, count: file.dialogues });
  }
  const dropped = droppedConversations(payloads);
  await writeWhole(folder, DROPPED_FILE, dropped.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  written.push({ name: DROPPED_FILE, count: dropped.length });
  const assessment = run.scenario.assessment;
  if (assessment && payloads.some((payload) => payload.assessments.length > 0)) {
    const curves = assessment.k.flatMap((k) => learningCurves(payloads, { k }));
    await writeWhole(folder, LEARNING_CURVE_FILE, learningCurvesCsv(curves));
    written.push({ name: LEARNING_CURVE_FILE, count: curves.reduce((sum, curve) => sum + curve.points.length, 0) });
  }
  // a run that asked for preference pairs writes the files (and the card saying why) even with none
  if (run.preference || payloads.some((payload) => payload.preferences.length > 0)) {
    const pairs = preferencePairs(payloads);
    await writeWhole(folder, DPO_FILE, dpoJsonl(pairs));
    await writeWhole(folder, SFT_FILE, sftJsonl(pairs));
    const scenario = { id: run.scenario.id, version: run.scenario.version, hash: run.hash };
    await writeWhole(folder, DATA_CARD_FILE, preferenceDataCard({ payloads, pairs, scenario, settings: run.settings, createdAt: new Date().toISOString(), ...(run.preference ? { atStudentTurns: run.preference.atStudentTurns } : {}) }));
    written.push({ name: DPO_FILE, count: pairs.length }, { name: SFT_FILE, count: sftJsonl(pairs).split('\n').filter((line) => line !== '').length }, { name: DATA_CARD_FILE, count: 1 });
  }
  return written;
}
