import { agreementReport, COEFFICIENTS } from '../../shared/agreement';
import { defaultScales, layerRatingTables, matchLayers, ratableFields } from '../../shared/layers';
import type { AnnotationLayer, LayerFieldTable } from '../../shared/layers';
import { DEFAULT_CODEBOOK, fieldAppliesTo } from '../../shared/codebook';
import type { FieldValues, ParsedDialogue, ParsedTurn, SpeakerCode } from '../../shared/model/dataset';
import type { BenchSection } from './sections';
import { drawCodes, median, random, round } from './bench-math';

const TURNS = 100_000;
const TURNS_PER_DIALOGUE = 20;
const LAYERS = ['llm', 'human-a', 'human-b'] as const;
/** chance that a later layer copies the first layer's label instead of drawing its own */
const AGREEMENT = 0.7;
const REPEATS = 3;

/**
 * 100,000 turns × 3 layers of seeded labels for every labelled field of the default codebook
 * (speaker and utterance come from the dialogue, so utterances match across layers exactly).
 */
function syntheticLayers(): AnnotationLayer[] {
  const next = random(11);
  const fields = ratableFields(DEFAULT_CODEBOOK);
  const dialogues = TURNS / TURNS_PER_DIALOGUE;
  const perLayer: ParsedDialogue[][] = LAYERS.map(() => []);
  for (let d = 0; d < dialogues; d++) {
    const turnsPerLayer: ParsedTurn[][] = LAYERS.map(() => []);
    for (let index = 0; index < TURNS_PER_DIALOGUE; index++) {
      const speaker: SpeakerCode = index % 2 === 0 ? 'student' : 'teacher';
      const utterance = `对话 ${d} 第 ${index + 1} 句：${Math.floor(next() * 1e9).toString(36)}`;
      const pres: FieldValues[] = LAYERS.map(() => ({}));
      for (const field of fields) {
        const applies = fieldAppliesTo(field, speaker);
        const firstCodes = applies ? drawCodes(field, next) : [];
        LAYERS.forEach((_, layer) => {
          const codes = !applies ? [] : layer === 0 || next() < AGREEMENT ? firstCodes : drawCodes(field, next);
          pres[layer][field.id] = { raw: codes.join(', '), codes, unknown: [], status: codes.length === 0 ? 'empty' : 'ok' };
        });
      }
      LAYERS.forEach((_, layer) => {
        turnsPerLayer[layer].push({ index, speaker, speakerRaw: speaker === 'student' ? '学生' : '教师', utterance, endMarker: false, pre: pres[layer], alignment: 'exact', fragments: 1 });
      });
    }
    LAYERS.forEach((_, layer) => {
      perLayer[layer].push({
        line: d + 1,
        externalId: `${d}-1-1`,
        teacherModel: 'bench',
        topicId: String(d),
        topicText: '',
        studentId: '1',
        studentType: '',
        scenario: '',
        repeatId: '1',
        extra: {},
        unaligned: [],
        turns: turnsPerLayer[layer],
      });
    });
  }
  return LAYERS.map((name, layer) => ({
    name,
    files: [{ file: `${name}.jsonl`, format: 'sid-jsonl', contentHash: '', teacherModel: 'bench', dialogues: perLayer[layer], issues: [], counts: { dialogues, turns: TURNS, annotations: TURNS }, readable: { dialogues, turns: TURNS } }],
  }));
}

function fullReport(tables: readonly LayerFieldTable[]): number {
  let results = 0;
  for (const table of tables) {
    const scales = defaultScales(table.ordinal);
    results += agreementReport({ layout: 'ratings', table: table.table }, { field: table.name, coefficients: COEFFICIENTS, ...scales, cohenRaters: [LAYERS[0], LAYERS[1]] }).length;
  }
  return results;
}

/**
 * The agreement report over 100,000 turns × 3 layers: matching the layers, building one rating
 * table per field (per code for set fields), and every coefficient per table, median of 3 (ms).
 * `reportMs` is agreementReport alone over the 9 tables of the non-set fields and the binary
 * tables of the set fields; `nineFieldReportMs` only over the first table of each field, the
 * shape "9 fields × 100,000 items × 3 raters" is usually quoted in.
 */
export const agreementSection: BenchSection = {
  name: 'agreement',
  async run() {
    const layers = syntheticLayers();
    const match = matchLayers(layers);
    const tables = layerRatingTables(match, DEFAULT_CODEBOOK);
    const firstPerField = tables.filter((table, index) => index === tables.findIndex((other) => other.fieldId === table.fieldId));
    fullReport(tables); // warm-up: JIT
    const runs = { matchMs: [] as number[], tablesMs: [] as number[], reportMs: [] as number[], totalMs: [] as number[], nineFieldReportMs: [] as number[] };
    let results = 0;
    for (let i = 0; i < REPEATS; i++) {
      const start = performance.now();
      const matched = matchLayers(layers);
      const matchedAt = performance.now();
      const built = layerRatingTables(matched, DEFAULT_CODEBOOK);
      const builtAt = performance.now();
      results = fullReport(built);
      const end = performance.now();
      runs.matchMs.push(matchedAt - start);
      runs.tablesMs.push(builtAt - matchedAt);
      runs.reportMs.push(end - builtAt);
      runs.totalMs.push(end - start);
      const nineStart = performance.now();
      fullReport(firstPerField);
      runs.nineFieldReportMs.push(performance.now() - nineStart);
    }
    return {
      turns: TURNS,
      layers: LAYERS.length,
      fields: firstPerField.length,
      tables: tables.length,
      results,
      itemsPerField: Object.fromEntries(firstPerField.map((table) => [table.fieldId, table.table.items.length])),
      ...Object.fromEntries(Object.entries(runs).map(([name, values]) => [name, round(median(values))])),
      runsTotalMs: runs.totalMs.map(round),
    };
  },
};
