import { WHMCS_CSV_MAX_BYTES, WHMCS_IMPORT_TEXTS as T } from '../../../../../common/admin/whmcsImport/texts.ts';

/**
 * The chosen file as text, or the sentence why it cannot be sent. Bytes are decoded strictly:
 * File.text() would turn UTF-16 or Latin-1 into replacement characters (or NULs the server
 * refuses with a less helpful sentence), so the operator hears about the encoding here.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes.byteLength > WHMCS_CSV_MAX_BYTES) return { error: T.csvTooLarge };
  if (bytes.byteLength === 0) return { error: T.csvRequired };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? { error: T.notUtf8 } : { text };
  } catch {
    return { error: T.notUtf8 };
  }
}

export async function readCsvFile(file: File): Promise<{ text: string } | { error: string }> {
  if (file.size > WHMCS_CSV_MAX_BYTES) return { error: T.csvTooLarge };
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
}
