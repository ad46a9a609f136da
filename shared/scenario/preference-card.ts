/**
 * The data card written beside a run's preference files (DPO and SFT JSON Lines): what they hold,
 * from which scenario version and models, with which settings, how far the chosen questions beat
 * the rejected ones, and what was left out and why. Every name and value in it comes from a
 * scenario file, a connection or a model's answer, so each goes through markdownCell (a Markdown
 * viewer renders raw HTML).
 */
import { markdownCell } from '../export/markdown-cell';
import type { GenerationJobPayload, RoleProvenance } from './generation-job';
import { noPairReason, preferenceLeftOut, preferenceLeftOutText } from './preference-left-out';
import { preferenceTally, sftBranches, type PreferencePair } from './preference-pairs';

export interface PreferenceCardInput {
  payloads: readonly GenerationJobPayload[];
  /** the pairs the files were written from (preferencePairs of `payloads`, or a part of them) */
  pairs: readonly PreferencePair[];
  scenario: { id: string; version: string; hash: string };
  /** the run's settings as the user chose them (candidates, turns, k, safety …) */
  settings: Record<string, unknown>;
  /** ISO time the files were written */
  createdAt: string;
  /** the student turns the run branched at, to count the branching points never reached */
  atStudentTurns?: readonly number[];
}

const ROLE_ORDER = ['teacher', 'student', 'guide', 'judge'];

/** A setting that looks like a credential is never written, whoever passed it. */
const CREDENTIAL_NAME = /api[-_ ]?key|secret|password|authori[sz]ation|bearer|credential/i;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const row = (cells: readonly (string | number)[]) => `| ${cells.map((cell) => markdownCell(String(cell))).join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) => [row(head), `|${head.map(() => ' --- ').join('|')}|`, ...rows.map(row)];
const fixed3 = (value: number) => value.toFixed(3);

function settingText(name: string, value: unknown): string {
  if (CREDENTIAL_NAME.test(name)) return '(not written: the name looks like a credential)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

function samplingText(played: RoleProvenance): string {
  const entries = Object.entries(played.sampling).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? 'endpoint defaults' : entries.map(([key, value]) => `${key} ${value}`).join(', ');
}

function modelsSection(used: readonly GenerationJobPayload[]): string[] {
  const lines = ['## Models per role', ''];
  const seen = new Map<string, { role: string; played: RoleProvenance; conversations: number }>();
  for (const payload of used) {
    for (const [role, played] of Object.entries(payload.roles)) {
      const key = JSON.stringify([role, played.model, played.connectionId, played.sampling]);
      const entry = seen.get(key);
      if (entry) entry.conversations++;
      else seen.set(key, { role, played, conversations: 1 });
    }
  }
  if (seen.size === 0) return [...lines, 'No conversation was used, so no model played a role in these files.', ''];
  const rank = (role: string) => (ROLE_ORDER.includes(role) ? ROLE_ORDER.indexOf(role) : ROLE_ORDER.length);
  const entries = [...seen.values()].sort((a, b) => rank(a.role) - rank(b.role) || (a.played.model < b.played.model ? -1 : a.played.model > b.played.model ? 1 : 0));
  lines.push('Of the conversations used, as the endpoints answered the model names:', '');
  lines.push(...table(['Role', 'Model', 'Connection', 'Sampling', 'Conversations'], entries.map(({ role, played, conversations }) => [role, played.model, played.connectionId, samplingText(played), conversations])), '');
  return lines;
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function marginSection(pairs: readonly PreferencePair[]): string[] {
  const lines = ['## Pass@k margins', ''];
  if (pairs.length === 0) return [...lines, 'No pair: there is no margin to report.', ''];
  const ks = [...new Set(pairs.map((pair) => pair.k).filter((k): k is number => k !== undefined))].sort((a, b) => a - b);
  const margins = pairs.map((pair) => pair.chosenPassAtK - pair.rejectedPassAtK).sort((a, b) => a - b);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  lines.push(`The margin of a pair is the chosen question's Pass@k minus the rejected one's${ks.length > 0 ? `, at k = ${ks.join(', ')} (the largest k each branch was scored at)` : ''}.`, '');
  lines.push(
    ...table(
      ['Pairs', 'Mean margin', 'Median', 'Min', 'Max', 'Mean chosen Pass@k', 'Mean rejected Pass@k'],
      [[pairs.length, fixed3(mean(margins)), fixed3(median(margins)), fixed3(margins[0]), fixed3(margins[margins.length - 1]), fixed3(mean(pairs.map((pair) => pair.chosenPassAtK))), fixed3(mean(pairs.map((pair) => pair.rejectedPassAtK)))]],
    ),
    '',
  );
  return lines;
}

function leftOutSection(input: PreferenceCardInput, tally: ReturnType<typeof preferenceTally>): string[] {
  const items = preferenceLeftOut(tally).map(preferenceLeftOutText);
  if (input.pairs.length === 0 && items.length === 0) items.push(`No pair, because ${noPairReason(tally)}`);
  const notPassed = tally.pairs.length - input.pairs.length;
  if (notPassed > 0) items.push(`${count(notPassed, 'pair', 'pairs')} of the run ${notPassed === 1 ? 'was' : 'were'} not written (left out when the files were made).`);
  items.push("Never in these files: the teacher's answers to the candidate questions and the probe's draws (both only scored the candidates), and the dialogues themselves (the run's SID JSON Lines files hold those).");
  return ['## Left out, and why', '', ...items.map((item) => `- ${item}`), ''];
}

/** The card as Markdown (see the module comment); sections without data say so plainly. */
export function preferenceDataCard(input: PreferenceCardInput): string {
  const tally = preferenceTally(input.payloads, input.atStudentTurns);
  const used = input.payloads.filter((payload) => payload.status === 'complete' && payload.safety.kept);
  const sftRows = sftBranches(input.pairs).length;
  const { scenario } = input;
  const settings = Object.entries(input.settings);
  const lines = [
    `# Preference data card: ${markdownCell(scenario.id)}`,
    '',
    `Written by Maieutic on ${markdownCell(input.createdAt)} from scenario ${markdownCell(scenario.id)}, version ${markdownCell(scenario.version)}, hash ${markdownCell(scenario.hash)}.`,
    '',
    '## The files',
    '',
    `- DPO: ${count(input.pairs.length, 'row', 'rows')} in TRL's conversational preference format (\`prompt\` messages, \`chosen\` and \`rejected\` as one assistant message each), one per chosen × rejected candidate.`,
    `- SFT: ${count(sftRows, 'row', 'rows')} in TRL's conversational \`messages\` format: the prompt, then the chosen question; one per branch with a pair.`,
    "- A prompt is the student's view of the dialogue before the branching turn (system message first); a completion is the question the student asks.",
    '',
    '## Counts',
    '',
    ...table(['Conversations', 'Used', 'Branches', 'Pairs', 'SFT rows'], [[input.payloads.length, tally.usedConversations, tally.branches, input.pairs.length, sftRows]]),
    '',
    '## Settings',
    '',
    ...(settings.length > 0 ? table(['Setting', 'Value'], settings.map(([name, value]) => [name, settingText(name, value)])) : ['No settings were recorded.']),
    '',
    ...modelsSection(used),
    ...marginSection(input.pairs),
    ...leftOutSection(input, tally),
  ];
  return `${lines.join('\n')}\n`;
}
