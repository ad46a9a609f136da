/**
 * Layer names from the paths the layers were read from: the file name without its extension
 * (a folder: its name); where two names collide, the parent folder is prefixed, and where that
 * still collides, the whole path is used.
 */
export function layerNames(paths: readonly string[]): string[] {
  const parts = paths.map((path) => path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.'));
  const base = parts.map((segments, index) => (segments.at(-1) ?? paths[index]).replace(/\.(jsonl|json|csv|tsv|txt)$/i, ''));
  const withFolder = parts.map((segments, index) => (segments.length > 1 ? `${segments.at(-2)}/${base[index]}` : base[index]));
  const unique = (names: string[]) => names.map((name) => names.filter((other) => other === name).length === 1);
  const baseUnique = unique(base);
  const folderUnique = unique(withFolder);
  return paths.map((path, index) => (baseUnique[index] ? base[index] : folderUnique[index] ? withFolder[index] : path));
}
