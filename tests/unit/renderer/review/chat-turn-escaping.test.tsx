import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatTurn } from '../../../../renderer/src/features/review/ChatTurn';
import { buildTurnModel } from '../../../../renderer/src/features/review/review-model';
import { makeReviewText } from '../../../../renderer/src/features/review/strings';
import { DEFAULT_CODEBOOK, makeTurn } from './fixtures';

function render(utterance: string, speaker: 'teacher' | 'student' = 'student', current = false): string {
  const turn = makeTurn('d1', 0, speaker, utterance, {});
  const model = buildTurnModel(DEFAULT_CODEBOOK, turn, new Map(), false);
  return renderToString(<ChatTurn model={model} position={0} current={current} text={makeReviewText('zh')} />);
}

describe('chat bubble', () => {
  it('renders an utterance holding markup as text, never as an element', () => {
    const html = render('<img src=x onerror=alert(1)>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<img/i);
  });

  it('escapes markup in the end-marker path too', () => {
    const html = render('<script>alert(1)</script>好的[结束]', 'teacher');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;好的');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<mark class="rv-end-marker">\[结束\]<\/mark>/);
    expect(html).toContain('data-badge="end-marker"');
  });

  it('carries turn number, bilingual speaker and current state for the page object', () => {
    const html = render('阳光？', 'student', true);
    expect(html).toContain('data-testid="chat-turn"');
    expect(html).toContain('data-turn-index="0"');
    expect(html).toContain('data-current="true"');
    expect(html).toContain('#<!-- -->1');
    expect(html).toContain('学生');
    expect(html).toContain('Student');
  });
});
