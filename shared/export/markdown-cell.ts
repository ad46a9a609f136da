/**
 * Text for one Markdown table cell or heading from untrusted names (a teacher model or group
 * typed by a user, a field name from an imported file). A Markdown viewer renders raw HTML, so
 * `<b onclick=…>` or `<img src=…>` in a name would run or fetch when the export is opened:
 * `<`, `>` and `&` become entities, which every viewer prints as the characters. Backticks would
 * open code spans across cells and `](` would turn text into a link or a remote image; `|` and
 * line breaks would split the table.
 */
export function markdownCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/`/g, '\\`')
    .replace(/\](?=[([])/g, '\\]')
    .replace(/[\r\n]+/g, ' ');
}
