import type { SchemaProblem } from './check-schema';
import { FLOW_END, FLOW_START, type Flow, type FlowTarget, type RouterRule, type RuleTarget, type SpeakingRoleName } from './types';

/* eslint-disable @typescript-eslint/no-explicit-any -- the value has passed the schema check */
type Checked = any;

type Node = typeof FLOW_START | SpeakingRoleName;

function ruleTarget(name: string, declared: ReadonlySet<SpeakingRoleName>): RuleTarget | undefined {
  if (name === FLOW_END) return { kind: 'end' };
  return declared.has(name as SpeakingRoleName) ? { kind: 'role', role: name as SpeakingRoleName } : undefined;
}

function buildRouter(name: string, rules: Checked[], declared: ReadonlySet<SpeakingRoleName>, problems: SchemaProblem[]): RouterRule[] {
  const built: RouterRule[] = [];
  rules.forEach((rule, index) => {
    const path = ['flow', 'routers', name, index];
    const isElse = rule.else !== undefined;
    if (isElse && (rule.if !== undefined || rule.then !== undefined)) problems.push({ path, message: 'a rule has either if and then, or else alone' });
    if (!isElse && (rule.if === undefined || rule.then === undefined)) problems.push({ path, message: 'a rule needs if and then (or else alone, as the last rule)' });
    if (isElse !== (index === rules.length - 1)) problems.push({ path, message: isElse ? 'else must be the last rule' : 'the last rule must be else, so the router always decides' });
    const targetName: string = rule.else ?? rule.then ?? FLOW_END;
    const to = ruleTarget(targetName, declared);
    if (!to) problems.push({ path: [...path, isElse ? 'else' : 'then'], message: `${targetName} is not a declared role or END` });
    const condition = rule.if;
    for (const [key, role] of [['last_speaker', condition?.last_speaker], ['role_turns_at_least', condition?.role_turns_at_least?.role]] as const) {
      if (role !== undefined && !declared.has(role)) problems.push({ path: [...path, 'if', key], message: `${role} is not a declared role` });
    }
    built.push({
      ...(condition ? { when: {
        ...(condition.last_speaker ? { lastSpeaker: condition.last_speaker } : {}),
        ...(condition.last_contains ? { lastContains: [...condition.last_contains] } : {}),
        ...(condition.turns_at_least ? { turnsAtLeast: condition.turns_at_least } : {}),
        ...(condition.role_turns_at_least ? { roleTurnsAtLeast: { ...condition.role_turns_at_least } } : {}),
      } } : {}),
      to: to ?? { kind: 'end' },
    });
  });
  return built;
}

/** Whether a path from START comes back to a role it passed (so only a budget ends it for sure). */
function loops(flow: Flow): boolean {
  const next = (node: Node): SpeakingRoleName[] => {
    const target = flow.directions[node];
    if (!target) return [];
    if (target.kind === 'role') return [target.role];
    if (target.kind === 'router') return (flow.routers[target.router] ?? []).flatMap((rule) => (rule.to.kind === 'role' ? [rule.to.role] : []));
    return [];
  };
  const state = new Map<Node, 'open' | 'done'>();
  const visit = (node: Node): boolean => {
    if (state.get(node) === 'open') return true;
    if (state.get(node) === 'done') return false;
    state.set(node, 'open');
    const found = next(node).some(visit);
    state.set(node, 'done');
    return found;
  };
  return visit(FLOW_START);
}

export function parseFlow(value: Checked, declared: ReadonlySet<SpeakingRoleName>, problems: SchemaProblem[]): Flow {
  const routers: Flow['routers'] = {};
  for (const [name, rules] of Object.entries(value.routers ?? {})) routers[name] = buildRouter(name, rules as Checked[], declared, problems);
  const directions: Flow['directions'] = {};
  const used = new Set<string>();
  (value.directions as string[]).forEach((direction, index) => {
    const path = ['flow', 'directions', index];
    const [from, to] = direction.split('->').map((part) => part.trim());
    if (from !== FLOW_START && !declared.has(from as SpeakingRoleName)) {
      problems.push({ path, message: `${from} is not START or a declared role (declared: ${[...declared].join(', ')})` });
      return;
    }
    if (directions[from as Node]) {
      problems.push({ path, message: `${from} already has a direction: each step leads to one place (use a router to choose)` });
      return;
    }
    let target: FlowTarget | undefined = ruleTarget(to, declared);
    if (!target && Object.hasOwn(routers, to)) {
      target = { kind: 'router', router: to };
      used.add(to);
    }
    if (!target) problems.push({ path, message: `${to} is not END, a declared role or a router (routers: ${Object.keys(routers).join(', ') || 'none'})` });
    else directions[from as Node] = target;
  });
  if (!directions[FLOW_START]) problems.push({ path: ['flow', 'directions'], message: 'nothing leads from START' });
  const reached = new Set<SpeakingRoleName>();
  for (const target of Object.values(directions)) {
    if (target?.kind === 'role') reached.add(target.role);
    if (target?.kind === 'router') for (const rule of routers[target.router] ?? []) if (rule.to.kind === 'role') reached.add(rule.to.role);
  }
  for (const role of reached) if (!directions[role]) problems.push({ path: ['flow', 'directions'], message: `${role} speaks but no direction leads on from it (add "${role} -> …")` });
  for (const name of Object.keys(routers)) if (!used.has(name)) problems.push({ path: ['flow', 'routers', name], atKey: true, message: 'no direction uses this router' });
  const exitRoles: SpeakingRoleName[] = value.exit?.roles ?? [...declared];
  (value.exit?.roles ?? []).forEach((role: string, index: number) => {
    if (!declared.has(role as SpeakingRoleName)) problems.push({ path: ['flow', 'exit', 'roles', index], message: `${role} is not a declared role` });
  });
  const flow: Flow = { directions, ...(value.max_turns ? { maxTurns: value.max_turns } : {}), exit: { keywords: [...(value.exit?.keywords ?? [])], roles: exitRoles }, routers };
  if (flow.maxTurns === undefined && loops(flow)) problems.push({ path: ['flow'], message: 'the directions loop, so the flow needs max_turns (a turn budget) to be sure to end' });
  return flow;
}
