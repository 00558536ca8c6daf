/**
 * The backup archive: one gzip-compressed tar (ustar) file. Written and read here rather than through a
 * package, since the format needs only plain files with short names and a streaming reader that checks every
 * header, and the project declares no tar package of its own.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const block = 512;
/** Sizes up to 8 GiB fit ustar's 11 octal digits; larger ones use GNU's base-256 form (a database dump can). */
const octalSizeLimit = 8 ** 11;

/** A bad archive: damaged, truncated, not ours. The restore reports it as such, never as a crash. */
export class ArchiveError extends Error {}

/** Names an archive may hold: the manifest, the database, stored files and secrets; nothing that can climb out. */
const entryName =
  /^(manifest\.json|database\.(dump|pglite\.tar)|files\/[a-z0-9/_-]+(\.[a-z0-9]+)?|secrets\/[a-z0-9._-]+)$/i;

export function isEntryName(name: string): boolean {
  return entryName.test(name) && !name.split('/').includes('..') && Buffer.byteLength(name) <= 100;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(block);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  if (size < octalSizeLimit) h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  else {
    h[124] = 0x80;
    h.writeBigUInt64BE(BigInt(size), 128);
  }
  h.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

export interface ArchiveEntry {
  name: string;
  /** A file on disk, or bytes. */
  source: { file: string; size: number } | { data: Buffer };
}

/** Writes `entries` in order into a gzip-compressed tar at `target`. */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<void> {
  const now = new Date();
  async function* tar(): AsyncGenerator<Buffer> {
    for (const entry of entries) {
      if (!isEntryName(entry.name)) throw new Error(`cannot archive ${entry.name}`);
      const size = 'data' in entry.source ? entry.source.data.length : entry.source.size;
      yield header(entry.name, size, now);
      let written = 0;
      if ('data' in entry.source) {
        yield entry.source.data;
        written = size;
      } else {
        for await (const chunk of createReadStream(entry.source.file)) {
          written += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
      }
      // A file that changed size under us would misalign every header after it.
      if (written !== size) throw new Error(`${entry.name} changed while it was archived`);
      if (size % block) yield Buffer.alloc(block - (size % block));
    }
    yield Buffer.alloc(2 * block);
  }
  await pipeline(tar(), createGzip({ level: 6 }), createWriteStream(target, { mode: 0o600 }));
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }
  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }
  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    this.buffered = n < all.length ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
  async exact(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new ArchiveError('the archive ends in the middle of an entry (truncated)');
    return this.take(n);
  }
  async drain(): Promise<void> {
    while (!(await this.source.next()).done);
  }
  /** `n` bytes handed over in chunks, so a large entry never sits whole in memory. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!(await this.fill(1))) throw new ArchiveError('the archive ends in the middle of an entry (truncated)');
      const chunk = this.take(Math.min(left, this.length));
      left -= chunk.length;
      yield chunk;
    }
  }
}

function parseHeader(h: Buffer): { name: string; size: number } | null {
  if (h.every((b) => b === 0)) return null;
  const stored = parseInt(h.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  if (stored !== sum) throw new ArchiveError('an entry header is damaged (checksum mismatch)');
  const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const size =
    h[124]! & 0x80 ? Number(h.readBigUInt64BE(128)) : parseInt(h.subarray(124, 136).toString('ascii').trim(), 8);
  const type = String.fromCharCode(h[156]!);
  if ((type !== '0' && type !== '\0') || !isEntryName(name) || !Number.isSafeInteger(size) || size < 0) {
    throw new ArchiveError(`unexpected entry "${name.slice(0, 100)}" in the archive`);
  }
  return { name, size };
}

export interface ReadEntry {
  name: string;
  size: number;
  sha256: string;
}

/**
 * Unpacks the archive under `dir`, calling `onEntry` before each entry (it may refuse: throw) and returning what
 * was read with each entry's sha256. The manifest (the first entry) is returned in memory too. Any damage —
 * gzip's own check, a header checksum, a truncation — is an ArchiveError.
 */
export async function readArchive(
  archive: string,
  dir: string,
  onEntry: (entry: { name: string; size: number; index: number; data?: Buffer }) => void,
): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  try {
    await pipeline(createReadStream(archive), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      const reader = new ByteReader(source);
      for (let index = 0; ; index++) {
        const parsed = parseHeader(await reader.exact(block));
        if (!parsed) break;
        const { name, size } = parsed;
        const hash = createHash('sha256');
        if (name === 'manifest.json') {
          if (size > 256 * 1024 * 1024) throw new ArchiveError('the manifest is implausibly large');
          const data = await reader.exact(size);
          hash.update(data);
          onEntry({ name, size, index, data });
        } else {
          onEntry({ name, size, index });
          const target = path.join(dir, name);
          await mkdir(path.dirname(target), { recursive: true });
          const file = await open(target, 'wx', 0o600);
          try {
            for await (const chunk of reader.chunks(size)) {
              hash.update(chunk);
              await file.write(chunk);
            }
          } finally {
            await file.close();
          }
        }
        if (size % block) await reader.exact(block - (size % block));
        entries.push({ name, size, sha256: hash.digest('hex') });
      }
      // Drain the rest (the end blocks), so gzip's check of the whole stream runs.
      await reader.drain();
    });
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_ZLIB') {
      throw new ArchiveError(`the archive is damaged (${(err as Error).message})`);
    }
    throw err;
  }
  return entries;
}

/** The first entry's bytes (the manifest) without unpacking the rest. */
export async function readFirstEntry(archive: string): Promise<{ name: string; data: Buffer }> {
  const input = createReadStream(archive);
  const gunzip = input.pipe(createGunzip());
  try {
    const reader = new ByteReader(gunzip);
    const parsed = parseHeader(await reader.exact(block));
    if (!parsed || parsed.size > 256 * 1024 * 1024) throw new ArchiveError('the archive has no manifest');
    return { name: parsed.name, data: await reader.exact(parsed.size) };
  } finally {
    gunzip.destroy();
    input.destroy();
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
