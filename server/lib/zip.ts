// A zip held in memory, read without trusting it: its directory (names, methods, declared sizes) from
// the end-of-central-directory record before anything is inflated, and an entry's bytes inflated with
// a cap on what comes out, so neither a directory that declares gigabytes nor one that lies about its
// sizes costs more than the caller allows. Enough for an uploaded .xlsx: no ZIP64, no encryption, no
// archive split over disks (an office workbook uses none of them below 4 GB).
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused when read. */
  method: number;
  compressedSize: number;
  /** As the directory declares it: inflating may give more (entryText stops at its cap). */
  uncompressedSize: number;
  /** Where the entry's compressed bytes start in the zip. */
  dataStart: number;
}

/** Not a zip this reader reads: damaged, cut short, ZIP64, encrypted, or an unknown compression. */
export class ZipUnreadable extends Error {}

/** An entry gave more bytes than the caller's cap, whatever its directory declared. */
export class ZipEntryTooLarge extends Error {
  constructor(
    public entry: string,
    public limit: number,
  ) {
    super(`${entry} inflates to more than ${limit} bytes`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const ZIP64_MARK = 0xffffffff;

/** The zip's entries as its central directory lists them (at most 65,535 without ZIP64). */
export function zipDirectory(data: Buffer): ZipEntry[] {
  // The record sits at the end, after which only its comment (at most 65,535 bytes) may follow.
  let eocd = -1;
  for (let at = data.length - EOCD_SIZE; at >= Math.max(0, data.length - EOCD_SIZE - 0xffff); at--)
    if (data.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  if (eocd < 0) throw new ZipUnreadable('no end of central directory');
  const disk = data.readUInt16LE(eocd + 4);
  const count = data.readUInt16LE(eocd + 10);
  const size = data.readUInt32LE(eocd + 12);
  const offset = data.readUInt32LE(eocd + 16);
  if (disk !== 0 || data.readUInt16LE(eocd + 6) !== 0) throw new ZipUnreadable('split over disks');
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) throw new ZipUnreadable('ZIP64');
  if (offset + size > eocd) throw new ZipUnreadable('central directory outside the file');

  const entries: ZipEntry[] = [];
  for (let at = offset, i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > offset + size || data.readUInt32LE(at) !== CENTRAL) throw new ZipUnreadable('central directory damaged');
    const flags = data.readUInt16LE(at + 8);
    const compressedSize = data.readUInt32LE(at + 20);
    const uncompressedSize = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const recordLength = CENTRAL_SIZE + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    if (flags & 1) throw new ZipUnreadable('encrypted');
    if (compressedSize === ZIP64_MARK || uncompressedSize === ZIP64_MARK || local === ZIP64_MARK) throw new ZipUnreadable('ZIP64');
    if (at + recordLength > offset + size) throw new ZipUnreadable('central directory damaged');
    if (local + LOCAL_SIZE > offset || data.readUInt32LE(local) !== LOCAL) throw new ZipUnreadable('local header missing');
    const dataStart = local + LOCAL_SIZE + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (dataStart + compressedSize > offset) throw new ZipUnreadable('entry outside the file');
    entries.push({
      name: data.toString('utf8', at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength),
      method: data.readUInt16LE(at + 10),
      compressedSize,
      uncompressedSize,
      dataStart,
    });
    at += recordLength;
  }
  return entries;
}

const SLICE = 64 * 1024;

/** An entry's bytes as UTF-8 text, in pieces that never split a character, at most `maxBytes` of it
 *  (ZipEntryTooLarge beyond, whatever the directory declared). Each piece waits a turn of the event
 *  loop, so other requests are answered while a large entry is read; a reader that stops early (a
 *  `break`, an error) ends the inflating at once. */
export async function* entryText(data: Buffer, entry: ZipEntry, maxBytes: number): AsyncGenerator<string> {
  const packed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipUnreadable(`compression method ${entry.method}`);
  const inflater = entry.method === 8 ? zlib.createInflateRaw() : undefined;
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  try {
    const pieces: AsyncIterable<Buffer> | Iterable<Buffer> = inflater
      ? inflater.end(packed)
      : Array.from({ length: Math.ceil(packed.length / SLICE) }, (_, i) => packed.subarray(i * SLICE, (i + 1) * SLICE));
    for await (const piece of pieces) {
      bytes += piece.length;
      if (bytes > maxBytes) throw new ZipEntryTooLarge(entry.name, maxBytes);
      yield decoder.write(piece);
      await nextTurn();
    }
  } catch (err) {
    if (err instanceof ZipEntryTooLarge) throw err;
    throw new ZipUnreadable(`${entry.name}: ${(err as Error).message}`);
  } finally {
    inflater?.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
