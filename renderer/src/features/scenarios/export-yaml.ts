/**
 * A scenario's YAML handed to the user as a file: the save dialog of the main process offers no
 * YAML kind, so the renderer hands a Blob to the browser's own download (Electron asks where).
 */
export function downloadYaml(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function yamlFileName(id: string, version: string): string {
  return `${id}-${version}.yaml`.replace(/[^\p{L}\p{N}._-]+/gu, '-');
}
