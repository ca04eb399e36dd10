// Writes the site's font, Inter (SIL Open Font License), cut to what the pages use: Latin-1 and the
// typographic marks the copy has, weights 400 to 800 of the variable axis. From the 48 KB Latin file
// of @fontsource-variable/inter this leaves about 29 KB, which a phone on a slow network fetches
// before it paints the headings (their largest text is the page's LCP). Run before every build and
// dev server (package.json); the output is generated, not committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const source = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const outDir = fileURLToPath(new URL('../src/generated/', import.meta.url));

/**
 * The characters kept (the @font-face unicode-range in components/ui/tokens.css lists the same):
 * printable ASCII, Latin-1, dashes, quotes, bullet, ellipsis, primes, euro, trade mark, arrows, minus.
 * @type {[from: number, to: number][]}
 */
const ranges = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2010, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
const text = ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

const font = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 800 } } });
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}inter-400-800.woff2`, font);
process.stdout.write(`[subset-font] Inter ${(font.length / 1024).toFixed(1)} KB (weights 400–800, Latin-1 and typographic marks)\n`);
