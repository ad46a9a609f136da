import { useEffect, useMemo, useRef } from 'react';
import { useSettingsStore } from '../stores/settings/store';
import { SCOPE_NAMES } from './keymap';
import { buildHelpSections, formatKeyRuns } from './help-rows';
import { useShortcutHelpStore } from './help-store';
import { currentPlatform } from './key-match';
import { useCommands } from './use-commands';
import './shortcut-help.css';

/**
 * The keyboard-shortcut overlay, generated from KEYMAP. Mount it once at the app root: it
 * binds '?' itself. While open it takes every key, so j/k do not move the view behind it.
 */
export function ShortcutHelp({ language }: { language?: 'zh' | 'en' }) {
  const open = useShortcutHelpStore((state) => state.open);
  const toggle = useShortcutHelpStore((state) => state.toggle);
  const setOpen = useShortcutHelpStore((state) => state.setOpen);
  const settingsLanguage = useSettingsStore((state) => state.labelLanguage);
  const lang = language ?? settingsLanguage ?? 'zh';
  const other = lang === 'zh' ? 'en' : 'zh';
  const sections = useMemo(() => buildHelpSections(), []);
  const platform = useMemo(() => currentPlatform(), []);
  const dialogRef = useRef<HTMLDivElement>(null);

  useCommands('global', { 'help.shortcuts': toggle });

  useEffect(() => {
    if (!open) return undefined;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    // Capture phase on window runs before every scope's bubble-phase listener.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === '?') {
        event.preventDefault();
        setOpen(false);
      }
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      previousFocus?.focus();
    };
  }, [open, setOpen]);

  if (!open) return null;
  return (
    <div className="kb-help-backdrop" onClick={() => setOpen(false)} data-testid="shortcut-help">
      <div
        className="kb-help"
        role="dialog"
        aria-modal="true"
        aria-label={lang === 'zh' ? '快捷键' : 'Keyboard shortcuts'}
        tabIndex={-1}
        ref={dialogRef}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="kb-help-header">
          <h2>
            {lang === 'zh' ? '快捷键' : 'Keyboard shortcuts'} <span className="kb-hint">{lang === 'zh' ? 'Keyboard shortcuts' : '快捷键'}</span>
          </h2>
          <button type="button" className="kb-help-close" onClick={() => setOpen(false)}>
            {lang === 'zh' ? '关闭' : 'Close'} <kbd>Esc</kbd>
          </button>
        </header>
        <div className="kb-help-sections">
          {sections.map((section) => (
            <section key={section.scope} className="kb-help-section" data-scope={section.scope}>
              <h3>
                {SCOPE_NAMES[section.scope][lang]} <span className="kb-hint">{SCOPE_NAMES[section.scope][other]}</span>
              </h3>
              <table>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.id} data-command={row.id}>
                      <td className="kb-help-keys">
                        {formatKeyRuns(row.keys, platform).map((key) => (
                          <kbd key={key}>{key}</kbd>
                        ))}
                      </td>
                      <td>
                        {row.label[lang]} <span className="kb-hint">{row.label[other]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
