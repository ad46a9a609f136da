/**
 * A deterministic player of every rubric-synthesis role (issue 15), told apart by the request:
 * the drafter, test-item writer and reviser by their answer schema (`metrics`, `items`,
 * `revisions`), the judge by its `scores` schema, the generator by the absence of a schema.
 * The drafter writes one metric per dimension (`<dim>` description "original <dim>"), the
 * test-item writer "Item 1…n", the generator "Tutor answer to: <item>", the reviser rewrites the
 * description to "revised <metric>" (or, when told, also changes the weight, which must be
 * refused). The judge scores a metric 1 + the item's number, so the metric discriminates; a
 * `lenient` metric is scored at the ceiling for every answer until its description is revised;
 * `override` gives any score it returns instead.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { messageText } from './bodies';
import { judgeReply } from './judge-scripts';
import { reply, type ChatScript } from './scripts';
import type { ChatHandler } from './server';

export type SynthesisRole = 'drafter' | 'test-items' | 'reviser' | 'judge' | 'generator';

export interface SynthesisPlayerOptions {
  /** metric ids scored at the ceiling until revised (a deliberately too-lenient metric) */
  lenient?: readonly string[];
  /** the reviser's answer also changes the weight (revisionProblems refuses it) */
  reviserChangesWeight?: boolean;
  /** a score of the judge's for (metric, item number, whether the metric was revised, the judged transcript), else the default */
  override?: (metric: string, item: number, revised: boolean, transcript: string) => number | undefined;
  /** the generator signs its answers with the model asked (several teacher models compared) */
  generatorSignsModel?: boolean;
  max?: number;
  delayMs?: number;
}

type Schema = { properties?: Record<string, { items?: { properties?: Record<string, { enum?: string[] }> } }> };

function schemaOf(body: ChatCompletionCreateParamsNonStreaming): Schema | null {
  const format = body.response_format as { json_schema?: { schema?: Schema } } | undefined;
  return format?.json_schema?.schema ?? null;
}

export function synthesisRoleOf(body: ChatCompletionCreateParamsNonStreaming): SynthesisRole {
  const properties = schemaOf(body)?.properties ?? {};
  if ('metrics' in properties) return 'drafter';
  if ('items' in properties) return 'test-items';
  if ('revisions' in properties) return 'reviser';
  if ('scores' in properties) return 'judge';
  return 'generator';
}

const bilingual = (text: string) => ({ en: text, zh: `${text}（中）` });

export function synthesisPlayer(options: SynthesisPlayerOptions = {}): ChatHandler {
  const max = options.max ?? 5;
  const answer = (body: ChatCompletionCreateParamsNonStreaming): ChatScript => {
    const schema = schemaOf(body);
    const system = body.messages.filter((message) => message.role === 'system').map(messageText).join('\n');
    const user = body.messages.at(-1) ? messageText(body.messages.at(-1)!) : '';
    switch (synthesisRoleOf(body)) {
      case 'drafter': {
        const dimensions = schema?.properties?.metrics?.items?.properties?.dimension?.enum ?? [];
        return reply.json({ metrics: dimensions.map((dimension) => ({ dimension, name: bilingual(`${dimension} metric`), weight: 1, description: bilingual(`original ${dimension}`), positive_example: bilingual(`good ${dimension}`), negative_example: bilingual(`poor ${dimension}`) })) });
      }
      case 'test-items': {
        const count = Number(/Write (\d+) different/.exec(user)?.[1] ?? /请编写 (\d+) 道/.exec(user)?.[1] ?? 3);
        return reply.json({ items: Array.from({ length: count }, (_, index) => `Item ${index + 1}`) });
      }
      case 'reviser': {
        const metric = schema?.properties?.revisions?.items?.properties?.metric?.enum?.[0] ?? '';
        return reply.json({ revisions: [{ metric, description: bilingual(`revised ${metric}`), positive_example: bilingual(`better ${metric}`), negative_example: bilingual(`worse ${metric}`), ...(options.reviserChangesWeight ? { weight: 0.99 } : {}) }] });
      }
      case 'judge': {
        const rubrics = schema?.properties?.scores?.items?.properties?.rubric?.enum ?? [];
        const item = Number(/Item (\d+)/.exec(user)?.[1] ?? 1);
        return judgeReply.valid(rubrics.map((rubric) => {
          const revised = system.includes(`revised ${rubric}`);
          const own = options.override?.(rubric, item, revised, user);
          const score = own ?? (options.lenient?.includes(rubric) && !revised ? max : Math.min(max, 1 + item));
          return { rubric, score };
        }));
      }
      case 'generator':
        return reply.answer(options.generatorSignsModel ? `Tutor (${body.model}) answer to: ${user}` : `Tutor answer to: ${user}`);
    }
  };
  return ({ body }) => (options.delayMs ? reply.delay(options.delayMs, answer(body)) : answer(body));
}
