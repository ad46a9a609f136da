import { useEffect, useRef } from 'react';
import { BACK_COMMAND, KEYMAP, MODE_BACK, type CommandId, type KeyBinding, type KeyScope } from './keymap';
import { keyHold } from './key-hold';
import { chordFromEvent, chordsEqual, isCommandCandidate, isTypingTarget, parseBinding, type Chord, type KeyEventLike } from './key-match';

/**
 * What a handler returns when its command cannot act yet (it needs what earlier keys are still
 * writing): the key waits, with every key pressed after it, until `until` settles, and is then
 * handed to the handlers again.
 */
export interface CommandDeferral {
  deferUntil: Promise<unknown>;
}

export type CommandHandler = () => void | CommandDeferral;

export type CommandHandlers = Partial<Record<CommandId, CommandHandler>>;

const isDeferral = (result: unknown): result is CommandDeferral =>
  typeof result === 'object' && result !== null && (result as Partial<CommandDeferral>).deferUntil instanceof Promise;

interface CompiledBinding {
  binding: KeyBinding;
  chords: Chord[];
}

const compiled: CompiledBinding[] = KEYMAP.map((binding) => ({ binding, chords: binding.keys.map(parseBinding) }));
const backChords: Chord[] = compiled.filter((entry) => entry.binding.command === BACK_COMMAND).flatMap((entry) => entry.chords);

/**
 * The command a key event triggers in a scope: the scope's own bindings first, then the back
 * key of a mode (MODE_BACK), then global ones. Only commands with a handler count, so a scope
 * that does not handle a global command leaves the key to whoever does.
 */
export function resolveCommand(event: KeyEventLike, scope: KeyScope, handled: (command: CommandId) => boolean): KeyBinding | null {
  if (!isCommandCandidate(event)) return null;
  const chord = chordFromEvent(event);
  const scopes: KeyScope[] = scope === 'global' ? ['global'] : [scope, 'global'];
  for (const wanted of scopes) {
    const modeBack = wanted === 'global' ? MODE_BACK[scope] : undefined;
    if (modeBack && handled(modeBack) && !event.repeat && backChords.some((candidate) => chordsEqual(candidate, chord))) {
      const binding = compiled.find((entry) => entry.binding.command === modeBack)?.binding;
      if (binding) return binding;
    }
    for (const entry of compiled) {
      if (entry.binding.scope !== wanted || !handled(entry.binding.command)) continue;
      if (event.repeat && !entry.binding.repeatable) continue;
      if (entry.chords.some((candidate) => chordsEqual(candidate, chord))) return entry.binding;
    }
  }
  return null;
}

/**
 * Runs the command a key stands for in `scope`; false when no handled command matches. A command
 * that cannot act yet makes the key (and the keys after it) wait in the key hold.
 */
export function dispatchKey(event: KeyEventLike, scope: KeyScope, handlers: CommandHandlers): boolean {
  const binding = resolveCommand(event, scope, (command) => typeof handlers[command] === 'function');
  if (!binding) return false;
  const result = handlers[binding.command]?.();
  if (isDeferral(result)) keyHold.deferFrom(event, result.deferUntil);
  return true;
}

/**
 * Binds the KEYMAP's keys of `scope` (and the global keys it handles) to handlers while the
 * calling component is mounted: one window keydown listener per mounted scope. Handlers may
 * change every render; the listener always calls the latest ones.
 */
export function useCommands(scope: KeyScope, handlers: CommandHandlers, options: { enabled?: boolean; capture?: boolean; when?: () => boolean } = {}): void {
  const handlersRef = useRef(handlers);
  /**
   * Asked at each key, not at render: a mode switched on by one key (r opens rubric scoring)
   * takes the very next key, even when a fast typist's keys arrive before React has rendered.
   */
  const whenRef = useRef(options.when);
  const enabled = options.enabled ?? true;
  // a mode laid over a view (the rubric panel over review) listens in the capture phase, so its keys are taken before the view's
  const capture = options.capture ?? false;

  useEffect(() => {
    handlersRef.current = handlers;
    whenRef.current = options.when;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // Escape with a modal <dialog> open closes that dialog (natively): a global "go back" taking it would leave the dialog open and change the view behind it
      if (event.key === 'Escape' && document.querySelector('dialog[open]') !== null) return;
      // a key pressed in an open dialog is the dialog's: the view behind it must not move (global keys still work)
      if (scope !== 'global' && event.target instanceof Element && event.target.closest('dialog[open]') !== null) return;
      if (whenRef.current && !whenRef.current()) return;
      // A mode's capture listener runs before the text box's own keys: Escape in a search box opened over the mode closes that box, it does not leave the mode.
      if (capture && event.key === 'Escape' && isTypingTarget(event.target)) return;
      const current = handlersRef.current;
      const binding = resolveCommand(event, scope, (command) => typeof current[command] === 'function');
      if (!binding) return;
      event.preventDefault();
      const result = current[binding.command]?.();
      if (isDeferral(result)) keyHold.deferFrom(event, result.deferUntil);
    };
    window.addEventListener('keydown', onKeyDown, capture);
    return () => window.removeEventListener('keydown', onKeyDown, capture);
  }, [scope, enabled, capture]);
}
