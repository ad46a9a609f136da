/**
 * Authoring vocabulary for the bundled sample data set. Dialogues are written by hand in
 * the dialogues-topic-*.ts files with `s()` (student turn) and `t()` (teacher turn); the
 * build turns them into SID-native records. Values are written exactly as an annotating
 * LLM would emit them (Chinese labels, raw separators), so deliberate quirks are visible
 * where they are authored.
 */
import type { TeacherModel } from './topics';

export type Role = '学生' | '教师';

/** The seven labelled fields of an SID annotation entry, in the pipeline's key order. */
export interface AnnotationFields {
  teacher_intent: string;
  teaching_strategy: string;
  discipline: string;
  discipline_transfer: string;
  student_cognition_state: string;
  teacher_guidance_level: string;
  cognitive_level: string;
}

/** discipline_transfer is derived from the discipline change against the previous turn. */
export type AuthoredFields = Omit<AnnotationFields, 'discipline_transfer'>;

export type LabelledField = keyof AnnotationFields;

/** The fields written by hand (all but the derived discipline_transfer). */
export type AuthoredField = keyof AuthoredFields;

/** One piece of a turn that the annotator annotated as its own entry. */
export interface Fragment {
  text: string;
  /** fields where this fragment's annotation differs from the turn's */
  fields?: Partial<AuthoredFields>;
}

/** Deviations of the pre-annotation from a clean one-entry-per-turn copy. */
export interface TurnTweaks {
  /** the annotation's utterance as the annotator wrote it, when it is not the turn text */
  annotatedAs?: string;
  /** why annotatedAs differs; shown in the README and checked by the build */
  annotatedAsKind?: 'punctuation' | 'whitespace' | 'marker-dropped' | 'paraphrase';
  /** the annotator split the turn into several entries; their texts concatenate to the turn */
  splitInto?: Fragment[];
  /** an annotation entry for an utterance the dialogue does not have, emitted after this turn's */
  inventedAfter?: { speaker: string; utterance: string; fields: AnnotationFields };
  /** speaker as written in the annotation entry when it differs from the dialogue role */
  annotatedSpeaker?: string;
  /** fields that deliberately hold a value outside the codebook */
  outOfVocabulary?: AuthoredField[];
}

export interface AuthoredTurn {
  role: Role;
  content: string;
  fields: AuthoredFields;
  tweaks: TurnTweaks;
}

export interface AuthoredDialogue {
  model: TeacherModel;
  topicId: number;
  studentId: number;
  repeatId: number;
  turns: AuthoredTurn[];
}

/** A student turn: cognition state, Bloom level, discipline set (raw). */
export function s(
  content: string,
  cognitionState: string,
  cognitiveLevel: string,
  discipline: string,
  tweaks: TurnTweaks = {},
): AuthoredTurn {
  return {
    role: '学生',
    content,
    fields: {
      teacher_intent: '',
      teaching_strategy: '',
      discipline,
      student_cognition_state: cognitionState,
      teacher_guidance_level: '',
      cognitive_level: cognitiveLevel,
    },
    tweaks,
  };
}

/** A teacher turn: intent, strategies (raw cell), guidance level, Bloom level, discipline set (raw). */
export function t(
  content: string,
  intent: string,
  strategy: string,
  guidanceLevel: string,
  cognitiveLevel: string,
  discipline: string,
  tweaks: TurnTweaks = {},
): AuthoredTurn {
  return {
    role: '教师',
    content,
    fields: {
      teacher_intent: intent,
      teaching_strategy: strategy,
      discipline,
      student_cognition_state: '',
      teacher_guidance_level: guidanceLevel,
      cognitive_level: cognitiveLevel,
    },
    tweaks,
  };
}
