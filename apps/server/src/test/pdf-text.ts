import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, line by line: each content stream inflated, the hex strings of its TJ
 * operators decoded (the standard fonts write WinAnsi bytes), and its page count. Enough for the
 * PDFs the server draws with pdfkit, with no PDF parser; it imports nothing from Vitest, so the
 * browser tests read downloads with it too.
 */
export function readPdf(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // A stream is read by its declared /Length: compressed bytes may themselves end in a line break.
  for (const stream of raw.matchAll(/\/Length (\d+)[^>]*>>\r?\nstream\r?\n/g)) {
    const start = stream.index + stream[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(stream[1]))).toString('latin1');
    } catch {
      continue; // Not a compressed content stream.
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1')).join(''));
    }
  }
  return { text: lines.join('\n'), pages: raw.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0 };
}
