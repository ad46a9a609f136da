/** A scenario's YAML written where the user chooses, through main's save dialog (atomically), like every other export. */
import { invoke } from '../../api/client';
import { reportError } from '../../stores/notices/store';

/** Resolves to the path written, or null when the dialog was cancelled or the write failed (a notice says why). */
export async function exportYaml(name: string, text: string): Promise<string | null> {
  try {
    const result = await invoke('files.saveExport', { defaultName: name, content: text, kind: 'yaml' });
    return result.canceled ? null : result.path;
  } catch (error) {
    reportError(error, 'notice.context.export');
    return null;
  }
}

export function yamlFileName(id: string, version: string): string {
  return `${id}-${version}.yaml`.replace(/[^\p{L}\p{N}._-]+/gu, '-');
}
