/**
 * The data set's consistency findings (the findings view): computed from the stored values in
 * chunks, with the dismissals attached; dismiss and restore write through the repository and
 * re-read the dismissals (the findings themselves do not change).
 */
import { create } from 'zustand';
import type { ConsistencyFinding, ConsistencyRules, RuleFindingCount } from '../../../../shared/consistency';
import { countFindingsByRule } from '../../../../shared/consistency';
import type { FindingDismissalRow } from '../../../../shared/model/finding-dismissal';
import { dialogueNamesById } from '../../../../shared/model/dialogue-names';
import type { ExportDialogue } from '../../../../shared/export/types';
import { codebookForDataset, consistencyRulesFor } from '../../codebook';
import { getDb, type MaieuticDb } from '../../db/db';
import { errorMessage } from '../../db/errors';
import { getDataset } from '../../db/repositories/datasets';
import { loadExportItems } from '../../db/repositories/export';
import { dismissalsOfDataset, dismissFinding, restoreFinding } from '../../db/repositories/finding-dismissals';
import { withDismissals, type FindingFilter, type FindingItem } from '../../features/consistency/findings-model';
import { computeFindings } from './compute';

export interface RuleCounts {
  ruleId: string;
  description: RuleFindingCount['description'];
  open: RuleFindingCount;
  dismissed: RuleFindingCount;
}

export interface ConsistencyState {
  datasetId: string | null;
  status: 'idle' | 'loading' | 'checking' | 'ready' | 'missing' | 'error';
  error: string | null;
  progress: { done: number; total: number };
  rules: ConsistencyRules | null;
  findings: ConsistencyFinding[];
  dismissals: FindingDismissalRow[];
  /** each dialogue as the list names it, by stored id: its external id, with the teacher model where another model holds that id */
  dialogueNames: Map<string, string>;
  filter: FindingFilter;
  load(datasetId: string): Promise<void>;
  setFilter(patch: Partial<FindingFilter>): void;
  dismiss(item: FindingItem, note: string, reviewer: string): Promise<boolean>;
  restore(item: FindingItem): Promise<void>;
}

export function selectItems(state: Pick<ConsistencyState, 'findings' | 'dismissals'>): FindingItem[] {
  return withDismissals(state.findings, state.dismissals);
}

export function ruleCounts(rules: ConsistencyRules, items: readonly FindingItem[]): RuleCounts[] {
  const open = countFindingsByRule(rules, items.filter((item) => !item.dismissal).map((item) => item.finding));
  const dismissed = countFindingsByRule(rules, items.filter((item) => item.dismissal).map((item) => item.finding));
  return open.map((line, index) => ({ ruleId: line.ruleId, description: line.description, open: line, dismissed: dismissed[index] }));
}

export function createConsistencyStore(database: () => MaieuticDb = getDb) {
  let run = 0;
  return create<ConsistencyState>()((set, get) => ({
    datasetId: null,
    status: 'idle',
    error: null,
    progress: { done: 0, total: 0 },
    rules: null,
    findings: [],
    dismissals: [],
    dialogueNames: new Map(),
    filter: { ruleId: null, state: 'open' },
    async load(datasetId) {
      const mine = ++run;
      const switching = get().datasetId !== datasetId;
      set({ datasetId, status: 'loading', error: null, progress: { done: 0, total: 0 }, ...(switching ? { findings: [], dismissals: [], filter: { ruleId: null, state: 'open' } } : {}) });
      try {
        const db = database();
        const dataset = await getDataset(db, datasetId);
        if (mine !== run) return;
        if (!dataset) return set({ status: 'missing' });
        const codebook = codebookForDataset(dataset).codebook;
        const rules = consistencyRulesFor(dataset);
        const [items, dismissals] = await Promise.all([loadExportItems(db, { datasetId, scope: 'all' }), dismissalsOfDataset(db, datasetId)]);
        if (mine !== run) return;
        set({ status: 'checking', rules, dismissals, dialogueNames: dialogueNames(items) });
        const findings = await computeFindings(items, codebook, rules, {
          onProgress: (done, total) => mine === run && set({ progress: { done, total } }),
          isCancelled: () => mine !== run,
        });
        if (findings === null || mine !== run) return;
        set({ status: 'ready', findings });
      } catch (error) {
        if (mine === run) set({ status: 'error', error: errorMessage(error) });
      }
    },
    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
    },
    async dismiss(item, note, reviewer) {
      const datasetId = get().datasetId;
      if (!datasetId || !note.trim() || !reviewer.trim()) return false;
      const db = database();
      await dismissFinding(db, { datasetId, finding: item.finding, note, reviewer, at: new Date().toISOString() });
      set({ dismissals: await dismissalsOfDataset(db, datasetId) });
      return true;
    },
    async restore(item) {
      const datasetId = get().datasetId;
      if (!datasetId) return;
      const db = database();
      await restoreFinding(db, item.id);
      set({ dismissals: await dismissalsOfDataset(db, datasetId) });
    },
  }));
}

export const useConsistencyStore = createConsistencyStore();

/** Each dialogue's name for the findings list (shared/model/dialogue-names.ts), teacher models as corrected. */
function dialogueNames(items: readonly ExportDialogue[]): Map<string, string> {
  const named = items.map((item) => ({ id: item.dialogue.id, externalId: item.dialogue.externalId, teacherModel: item.dialogueReview?.teacherModel ?? item.dialogue.teacherModel }));
  return new Map(Object.entries(dialogueNamesById(named)));
}
