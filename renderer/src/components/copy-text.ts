/**
 * Copies text to the clipboard. The async Clipboard API can be refused (no focus, no
 * permission in a test browser); the hidden-textarea fallback covers those cases.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      // Deprecated, but still the only synchronous fallback in Chromium.
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}
