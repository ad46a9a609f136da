import type { BilingualText, Codebook, FieldDef, LabelDef } from '../codebook/types';
import type { SpeakerCode } from '../model/dataset';
import { type AskedField, askedFields, TURN_KEY } from './asked-fields';

/** "中文 / English", or whichever of the two is given. */
export function bilingual(text: BilingualText): string {
  const zh = text.zh.trim();
  const en = text.en.trim();
  if (zh && en && zh !== en) return `${zh} / ${en}`;
  return zh || en;
}

const APPLIES: Record<FieldDef['appliesTo'], string> = { all: 'every turn', teacher: 'teacher turns only', student: 'student turns only' };

function shapeWords(asked: AskedField): string {
  if (asked.shape === 'boolean') return 'true or false';
  if (asked.shape === 'labels') return 'labels (a list of codes)';
  return asked.field.type === 'ordinal' ? 'one label, ordered from lowest to highest' : 'one label';
}

function labelLine(label: LabelDef, code: string = label.code): string {
  const definition = bilingual(label.definition);
  return `  · ${code}: ${bilingual(label.name)}${definition ? `. ${definition}` : ''}`;
}

function fieldBlock(asked: AskedField): string {
  const { field } = asked;
  const lines = [`- ${field.id} (${bilingual(field.name)}): ${shapeWords(asked)}; ${APPLIES[field.appliesTo]}.`];
  const description = bilingual(field.description);
  if (description) lines.push(`  ${description}`);
  if (asked.shape === 'boolean') {
    const codes = asked.booleanCodes!;
    for (const [written, code] of [['true', codes.true], ['false', codes.false]] as const) {
      const label = field.labels.find((candidate) => candidate.code === code)!;
      lines.push(labelLine(label, written));
    }
    return lines.join('\n');
  }
  if (field.type === 'ordinal') lines.push(`  Order: ${field.labels.map((label) => label.code).join(' < ')}`);
  for (const label of field.labels) lines.push(labelLine(label));
  if (field.openVocabulary) lines.push('  The list is open: when none of these fits, write a short English name for the label.');
  return lines.join('\n');
}

/** Every asked field with to whom it applies, how its value is written, and its labels' codes, names and definitions. */
export function describeFields(codebook: Codebook): string {
  return askedFields(codebook).map(fieldBlock).join('\n');
}

const SHAPE_PLACEHOLDER: Record<AskedField['shape'], string> = { label: '<one code or null>', labels: '<list of codes or null>', boolean: '<true, false or null>' };

/** The answer's form, every key spelled out, for prompts that cannot rely on a schema being enforced. */
export function describeAnswerFormat(codebook: Codebook): string {
  const keys = askedFields(codebook).map((asked) => `"${asked.field.id}": ${SHAPE_PLACEHOLDER[asked.shape]}`);
  return `{"turns": [{"${TURN_KEY}": <the turn's number>, ${keys.join(', ')}}, …one entry per turn, in order]}`;
}

/** How a speaker is named in the turn list: its code, with the codebook's names for it. */
export function speakerName(codebook: Codebook, speaker: SpeakerCode): string {
  const label = codebook.fields.find((field) => field.id === 'speaker')?.labels.find((candidate) => candidate.code === speaker);
  const names = label ? bilingual(label.name) : '';
  return names ? `${speaker} (${names})` : speaker;
}
