/** The YAML text tab: a plain textarea with line numbers; a problem clicked puts the cursor on its line. */
import { useEffect, useRef } from 'react';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import type { ScenarioTextApi } from './strings';

/** The offset where the 1-based `line` starts (the end of the text past its last line). */
export function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset;
}

export function YamlTab({ text: words }: { text: ScenarioTextApi }) {
  const text = useScenarioEditorStore((state) => state.text);
  const readOnly = useScenarioEditorStore((state) => state.readOnly);
  const lineRequest = useScenarioEditorStore((state) => state.lineRequest);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const gutterRef = useRef<HTMLPreElement>(null);
  const lineCount = text.split('\n').length;

  useEffect(() => {
    const area = areaRef.current;
    if (!lineRequest || !area) return;
    const offset = lineStart(area.value, lineRequest.line);
    area.focus();
    area.setSelectionRange(offset, offset);
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (lineRequest.line - 1) * lineHeight - area.clientHeight / 3);
    if (gutterRef.current) gutterRef.current.scrollTop = area.scrollTop;
  }, [lineRequest]);

  return (
    <div className="scn-tab scn-yaml" data-testid="scenario-tab-yaml">
      <div className="scn-yaml-editor">
        <pre className="scn-gutter" ref={gutterRef} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, index) => index + 1).join('\n')}
        </pre>
        <textarea
          ref={areaRef}
          className="scn-yaml-text"
          data-testid="scenario-yaml"
          aria-label={words.t('yamlLabel')}
          spellCheck={false}
          wrap="off"
          value={text}
          readOnly={readOnly}
          onScroll={(event) => {
            if (gutterRef.current) gutterRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onChange={(event) => useScenarioEditorStore.getState().setText(event.target.value)}
        />
      </div>
    </div>
  );
}
