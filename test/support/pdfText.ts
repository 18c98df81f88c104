import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: string | null;
}

function objectsOf(raw: string): Map<string, PdfObject> {
  const objects = new Map<string, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const parts = match[2].match(/^([\s\S]*?)stream\r?\n/);
    if (!parts) {
      objects.set(match[1], { dict: match[2], stream: null });
      continue;
    }
    // Read /Length bytes: compressed data may end in a \r, which a search for "\r\nendstream" would take for the line break.
    const length = Number(/\/Length (\d+)/.exec(parts[1])?.[1]);
    const bytes = Buffer.from(match[2].slice(parts[0].length, parts[0].length + length), 'latin1');
    objects.set(match[1], { dict: parts[1], stream: (/FlateDecode/.test(parts[1]) ? inflateSync(bytes) : bytes).toString('latin1') });
  }
  return objects;
}

/** A font's ToUnicode CMap: glyph code to the characters it shows (the bfrange and bfchar forms). */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A ligature's target holds several characters, written with spaces: <0066 0069> is 'fi'.
  const text = (hex: string) => String.fromCodePoint(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const [, from, to, targets] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
    const start = parseInt(from, 16);
    const end = parseInt(to, 16);
    if (targets.startsWith('[')) {
      [...targets.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((t, i) => map.set(start + i, text(t[1])));
    } else {
      const first = parseInt(targets.slice(1, -1), 16);
      for (let code = start; code <= end; code++) map.set(code, String.fromCodePoint(first + code - start));
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code, 16), text(target));
  }
  return map;
}

/**
 * The text a PDF shows, read back the way a viewer would: every content stream inflated, each
 * text operator's hex string decoded through the ToUnicode map of the font selected before it
 * (embedded fonts write glyph ids, not characters). One entry per text operator (a line).
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = objectsOf(raw);
  const fonts = new Map<string, Map<number, string>>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = objects.get(id)?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
    if (cmap) fonts.set(name, unicodeMap(cmap));
  }
  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    const decode = (hex: string) => (font
      ? (hex.match(/.{4}/g) ?? []).map((code) => font!.get(parseInt(code, 16)) ?? '\uFFFD').join('')
      : Buffer.from(hex, 'hex').toString('latin1'));
    for (const op of stream.matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) {
        font = fonts.get(op[1]);
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [op[3]];
      lines.push(hexes.map(decode).join(''));
    }
  }
  return lines;
}
