/** Exports read back by `spot-check`: provenance versions, repeated copies and turns. */
import { sidLine, sidRecord } from '../builders';
import { jsonl, text, type Expectation, type FaultKind } from './kind';

/** A record as a Maieutic export writes it: the expert accepted the intent of turn 1 (a teacher's). */
const exported = (maieutic: Record<string, unknown> = {}, annotations?: unknown[]) =>
  sidLine({
    ...(annotations ? { annotations } : {}),
    maieutic: { version: 4, dialogueId: 'src:1', teacherModel: 'GPT-4o', turns: [{ index: 1, fields: { teacher_intent: { decision: 'accepted', pre: '引导推理' } } }], ...maieutic },
  });
const spotCheck = (id: string, expect: Expectation, content: string, extra: Partial<FaultKind> = {}): FaultKind => text(id, expect, 'export.jsonl', content, { app: false, cli: ['spot-check', '{}', '--json'], ...extra });
const otherIntent = sidRecord().annotations as Record<string, unknown>[];

export const SPOT_CHECK_KINDS: readonly FaultKind[] = [
  spotCheck('spot-check/unknown-provenance-version', 'refused', jsonl(exported({ version: 999 })), { mentions: ['version 999', 'reads versions 1'] }),
  spotCheck('spot-check/provenance-without-version', 'refused', jsonl(exported({ version: undefined })), { mentions: ['has no "version"'] }),
  spotCheck('spot-check/concatenated-copies', 'warned', jsonl(exported(), exported(), exported()), { mentions: ['already read at', 'counted once'] }),
  spotCheck('spot-check/provenance-turns-repeated', 'warned', jsonl(exported({ turns: Array.from({ length: 3 }, () => ({ index: 1, fields: { teacher_intent: { decision: 'accepted', pre: '引导推理' } } })) })), { mentions: ['repeats turn 1'] }),
  spotCheck('spot-check/copies-that-disagree', 'refused', jsonl(exported(), exported({}, otherIntent.map((entry, at) => (at === 1 ? { ...entry, teacher_intent: '检测理解' } : entry)))), { mentions: ['read twice with different values'] }),
  spotCheck('spot-check/valid', 'accepted', jsonl(exported())),
];

