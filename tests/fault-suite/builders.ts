/** Small writers the fault-suite kinds share: SID records, files, links, FIFOs. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface Turn {
  role: string;
  content: string;
}

const FIELDS = ['teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'student_cognition_state', 'teacher_guidance_level', 'cognitive_level'] as const;

/** A SID annotation entry: the turn's speaker and text, every field empty unless given. */
export function entry(turn: Turn, values: Partial<Record<(typeof FIELDS)[number], unknown>> = {}): Record<string, unknown> {
  const result: Record<string, unknown> = { speaker: turn.role, utterance: turn.content };
  for (const field of FIELDS) result[field] = values[field] ?? '';
  return result;
}

export const TURNS: readonly Turn[] = [
  { role: '学生', content: '老师，为什么仙人掌的叶子会变成刺？' },
  { role: '教师', content: '好问题！你觉得沙漠里最缺少的是什么？' },
  { role: '学生', content: '是水吧。' },
  { role: '教师', content: '对，叶子变成刺可以减少水分散失。' },
];

/** One SID record; every turn annotated unless `annotations` says otherwise. */
export function sidRecord(overrides: Record<string, unknown> = {}, turns: readonly Turn[] = TURNS): Record<string, unknown> {
  return {
    topic_id: 7,
    topic_text: '植物形态与环境适应',
    student_id: 3,
    student_type: '知识掌握不足',
    scenario: '课堂探究',
    repeat_id: 1,
    dialogue: turns,
    annotations: turns.map((turn) => entry(turn, turn.role === '教师' ? { teacher_intent: '引导推理', teaching_strategy: '追问', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L2', cognitive_level: '理解' } : { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' })),
    ...overrides,
  };
}

export function sidLine(overrides: Record<string, unknown> = {}, turns?: readonly Turn[]): string {
  return JSON.stringify(sidRecord(overrides, turns));
}

export function writeBytes(path: string, content: string | Uint8Array): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

export function folder(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

export function link(target: string, path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
  return path;
}

/** A file of `bytes` size that takes no disk space (holes read as zeros): the size limit refuses it before reading. */
export function sparseFile(path: string, bytes: number): string {
  writeBytes(path, '');
  truncateSync(path, bytes);
  return path;
}

/** A named pipe nobody writes to; null where the system has no mkfifo. */
export function fifo(path: string): string | null {
  if (process.platform === 'win32') return null;
  mkdirSync(dirname(path), { recursive: true });
  try {
    execFileSync('mkfifo', [path]);
    return path;
  } catch {
    return null;
  }
}

/** `count` levels of `[` … `]` around `inner`. */
export function nested(count: number, inner = '1', open = '[', close = ']'): string {
  return `${open.repeat(count)}${inner}${close.repeat(count)}`;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function concat(...parts: (string | Uint8Array | readonly number[])[]): Uint8Array {
  const chunks = parts.map((part) => (typeof part === 'string' ? utf8(part) : part instanceof Uint8Array ? part : Uint8Array.from(part)));
  const result = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    result.set(chunk, at);
    at += chunk.length;
  }
  return result;
}

/** UTF-16 code units as bytes, little- or big-endian, without a BOM. */
export function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[i * 2 + (endian === 'le' ? 0 : 1)] = unit & 0xff;
    bytes[i * 2 + (endian === 'le' ? 1 : 0)] = unit >> 8;
  }
  return bytes;
}

export { join };
