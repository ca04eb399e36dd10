import PDFDocument from 'pdfkit';

// A PDF's standard fonts (Helvetica, shipped inside pdfkit) draw the Windows-1252 (WinAnsi)
// characters only: Latin-1 and these (decision 055).
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const drawable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};

// Control and format characters (a zero-width space, a direction mark) draw nothing: they are dropped.
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;

/**
 * Text the standard fonts can draw: a character outside WinAnsi becomes its unaccented letters when
 * it has them (ő → o, ﬁ → fi), else "?", so an emoji or a CJK name never breaks the document.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || drawable(char)) out += char;
    else if (char === '\t' || char === '\r') out += ' ';
    else if (!INVISIBLE.test(char)) {
      const base = [...char.normalize('NFKD')].filter((part) => drawable(part)).join('');
      out += base || '?';
    }
  }
  return out;
}

const PDF_MARGIN = 54;
export const PDF_INK = '#1a1a1a';
export const PDF_MUTED = '#555555';

/** A US Letter document with buffered pages (for "Page N of M"), and its bytes once it ends. */
export function startPdf(info: { Title: string; Author: string }) {
  const doc = new PDFDocument({ size: 'LETTER', margin: PDF_MARGIN, bufferPages: true, info });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Draws `footer(page, pages)` at the foot of every page, once the content is laid out, and ends the document. */
export function finishPdf(doc: PDFKit.PDFDocument, footer: (page: number, pages: number) => string) {
  // The footer sits in the bottom margin, which pdfkit keeps free of text: lifted while it is written.
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PDF_MUTED)
      .text(toWinAnsi(footer(index - start + 1, count)), PDF_MARGIN, doc.page.height - PDF_MARGIN / 2 - 8, {
        width: doc.page.width - 2 * PDF_MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
}
