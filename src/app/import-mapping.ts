/**
 * The column mapping's actions: open the last file through a mapping (saving it by name first),
 * list the saved mappings, export one as the JSON file `convert --map FILE` reads, read one back.
 */
import type { ColumnMapping } from '../core/io/import/mapping';
import { readMappingText } from '../core/io/import/session/mapping-file';
import { downloadText } from './export/download';
import { reopenWithMapping } from './import-client';
import { listMappings, saveMapping } from './persist/mappings';

export { listMappings };

/** Save `mapping` under its name (a failed save does not stop the import), then re-open the file with it. */
export async function openWithMapping(mapping: ColumnMapping): Promise<void> {
  await saveMapping(mapping).catch(() => {});
  await reopenWithMapping(mapping);
}

export const mappingFileName = (m: ColumnMapping) => `${m.name.replace(/[^\w.-]+/g, '-') || 'mapping'}.mapping.json`;

export function exportMapping(mapping: ColumnMapping): void {
  downloadText(`${JSON.stringify(mapping, null, 2)}\n`, mappingFileName(mapping), 'application/json');
}

/** A mapping file picked by the person → the mapping, or what is wrong with it. */
export async function readMappingFile(file: Blob): Promise<ReturnType<typeof readMappingText>> {
  return readMappingText(await file.text());
}
