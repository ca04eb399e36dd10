// Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at build
// time: the server sends them to browsers that accept them (@fastify/static's preCompressed), so no
// request pays for compression and a phone on a slow network downloads a fraction of the bytes.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, headers outweigh the savings. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  const path = join(dist, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += brotli.length;
}
process.stdout.write(`[compress] ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with Brotli\n`);
