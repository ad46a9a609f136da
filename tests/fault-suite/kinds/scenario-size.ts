/**
 * Scenario sizes (issue 30 point 4): repeats, cross lists, turn budgets and probe draws that
 * would take the machine down or be capped silently, fed to `generate --dry-run` and to the
 * Start generation dialog's builder (runners/scenario-plan.ts); each refused before anything is
 * expanded or asked, naming the figure and the limit.
 */
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { join, writeBytes } from '../builders';
import type { Expectation, FaultKind } from './kind';

/** A port nothing listens on: a dry run and a refused scenario never call it. */
const NO_ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
const template = (name: string) => readFileSync(new URL(`../../../resources/scenarios/${name}`, import.meta.url), 'utf8');

type Doc = ReturnType<typeof parseDocument>;

/** A scenario made from a template with `edit` applied; `yaml` replaces the text after editing (values YAML writes only one way). */
function scenario(id: string, expect: Expectation, edit: (doc: Doc) => void, extra: Partial<FaultKind> & { file?: string; after?: (text: string) => string } = {}): FaultKind {
  const { file = 'sid-teacher-led.yaml', after = (text: string) => text, ...rest } = extra;
  return {
    id: `scenario-size/${id}`,
    expect,
    runner: 'scenario-plan',
    cli: ['generate', '{}', '--dry-run', '--json', ...NO_ENDPOINT],
    build: (dir) => {
      const doc = parseDocument(template(file));
      edit(doc);
      return writeBytes(join(dir, 'scenario.yaml'), after(doc.toString()));
    },
    ...rest,
  };
}

const repeats = (value: unknown) => (doc: Doc) => doc.set('repeats', value);
const maxTurns = (value: unknown) => (doc: Doc) => doc.setIn(['flow', 'max_turns'], value);
const states = (count: number) => (doc: Doc) => {
  const list = doc.getIn(['tasks', 'cross', 'learning_states']) as { items: unknown[] };
  list.items = Array.from({ length: count }, (_, index) => list.items[index % list.items.length]);
};
/** YAML's own spelling of a value the library writes otherwise */
const raw = (key: string, value: string) => (text: string) => text.replace(new RegExp(`^(\\s*${key}): .*$`, 'm'), `$1: ${value}`);
const CONVERSATION_LIMIT = 'the most a scenario may plan is 20,000';

export const SCENARIO_SIZE_KINDS: readonly FaultKind[] = [
  scenario('repeats-a-billion', 'refused', repeats(1_000_000_000), { mentions: ['1,000,000,000 repeats', '10,000,000,000 conversations', CONVERSATION_LIMIT] }),
  scenario('repeats-a-billion-without-dry-run', 'refused', repeats(1_000_000_000), { cli: ['generate', '{}', '--out', '{}.out', ...NO_ENDPOINT], mentions: ['10,000,000,000 conversations', CONVERSATION_LIMIT] }),
  scenario('3000-states-by-repeats-100000', 'refused', (doc) => (states(3_000)(doc), repeats(100_000)(doc)), { mentions: ['3,000 learning_states', '600,000,000 conversations', CONVERSATION_LIMIT] }),
  scenario('cross-product-over-the-row-limit', 'refused', (doc) => {
    states(200)(doc);
    doc.setIn(['tasks', 'cross', 'moods'], doc.createNode(Array.from({ length: 100 }, (_, index) => ({ mood: `m${index}` }))));
  }, { mentions: ['40,000 task rows', 'the most a scenario may have is 20,000'] }),
  scenario('repeats-one-over-the-limit', 'refused', repeats(2_001), { mentions: ['20,010 conversations', CONVERSATION_LIMIT] }),
  scenario('repeats-at-the-limit', 'accepted', repeats(2_000)),
  scenario('repeats-infinite', 'refused', repeats(0), { after: raw('repeats', '1e400'), mentions: ['repeats'] }),
  scenario('repeats-zero', 'refused', repeats(0), { mentions: ['repeats', 'at least 1'] }),
  scenario('repeats-negative', 'refused', repeats(-3), { mentions: ['repeats', 'at least 1'] }),
  scenario('repeats-fractional', 'refused', repeats(1.5), { mentions: ['repeats', 'whole number'] }),
  scenario('repeats-nan', 'refused', repeats(0), { after: raw('repeats', '.nan'), mentions: ['repeats', 'whole number'] }),
  scenario('repeats-text', 'refused', repeats('a thousand'), { mentions: ['repeats', 'whole number'] }),
  scenario('max-turns-1e12', 'refused', maxTurns(0), { after: raw('max_turns', '1e12'), mentions: ['1,000,000,000,000 turns', 'the most a conversation may take is 1,000'] }),
  scenario('max-turns-one-over-the-limit', 'refused', maxTurns(1_001), { mentions: ['1,001 turns', 'the most a conversation may take is 1,000'] }),
  scenario('max-turns-at-the-limit', 'accepted', maxTurns(1_000)),
  scenario('max-turns-zero', 'refused', maxTurns(0), { mentions: ['max_turns', 'at least 1'] }),
  scenario('max-turns-negative', 'refused', maxTurns(-1), { mentions: ['max_turns', 'at least 1'] }),
  scenario('max-turns-fractional', 'refused', maxTurns(2.5), { mentions: ['max_turns', 'whole number'] }),
  scenario('max-turns-nan', 'refused', maxTurns(0), { after: raw('max_turns', '.nan'), mentions: ['max_turns', 'whole number'] }),
  scenario('max-turns-text', 'refused', maxTurns('twenty'), { mentions: ['max_turns', 'whole number'] }),
  scenario('assessment-samples-a-billion', 'refused', (doc) => doc.setIn(['assessment', 'samples'], 1_000_000_000), { file: 'socratic-students.yaml', mentions: ['1,000,000,000 draws per probe', 'the most is 100'] }),
  scenario('valid-small', 'accepted', () => {}),
];
