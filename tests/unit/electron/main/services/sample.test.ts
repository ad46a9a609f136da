import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSample, sampleDir } from '../../../../../electron/main/services/sample';
import { RESOURCES_DIR } from '../../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../../support/temp-dir';

let temp: TempDir;
beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(async () => {
  await temp.remove();
});

describe('readSample', () => {
  it('names files <model>/<file> relative to resources/sample and leaves out non-data files', async () => {
    await mkdir(join(temp.path, 'sample', 'GPT-4o'), { recursive: true });
    await mkdir(join(temp.path, 'sample', 'Qwen2.5-72B'), { recursive: true });
    await writeFile(join(temp.path, 'sample', 'GPT-4o', 'topic_1.jsonl'), '{"topic_id":"1"}\n');
    await writeFile(join(temp.path, 'sample', 'Qwen2.5-72B', 'topic_1.jsonl'), '{"topic_id":"1"}\n');
    await writeFile(join(temp.path, 'sample', 'README.md'), 'about the sample');

    expect(await readSample(temp.path)).toEqual([
      { name: 'GPT-4o/topic_1.jsonl', text: '{"topic_id":"1"}\n' },
      { name: 'Qwen2.5-72B/topic_1.jsonl', text: '{"topic_id":"1"}\n' },
    ]);
  });

  it('says the sample is missing when resources/sample does not exist', async () => {
    await expect(readSample(temp.path)).rejects.toThrow(
      `The bundled sample data set could not be read: Could not open the folder ${join(temp.path, 'sample')} (ENOENT)`,
    );
  });

  it('says the sample is empty when it holds no importable file', async () => {
    await mkdir(join(temp.path, 'sample'));
    await writeFile(join(temp.path, 'sample', 'README.md'), 'nothing else');
    await expect(readSample(temp.path)).rejects.toThrow('contains no importable file');
  });

  it('reads the bundled sample as <model>/<file>.jsonl', async () => {
    expect(existsSync(sampleDir(RESOURCES_DIR)), 'resources/sample ships with the app').toBe(true);
    const files = await readSample(RESOURCES_DIR);
    expect(files).toHaveLength(12);
    for (const file of files) {
      expect(file.name).toMatch(/^[^/]+\/[^/]+\.jsonl$/);
      expect(file.text.trim()).not.toBe('');
    }
  });
});
