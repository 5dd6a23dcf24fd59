// The file format of `npm run backup` (Alea's own logical backup): what is written and how it
// is read back, without any database. A gzip stream whose content is
//
//   ALEA-BACKUP 1\n                      magic and format version
//   {manifest}\n                          JSON on one line (BackupManifest)
//   TABLE <name>\n                        for each table, in an order that loads without breaking
//   <rows in COPY text format>            a foreign key (parents first): what PostgreSQL's
//   \.\n                                  `COPY ... TO STDOUT` wrote, ended as in a psql script
//   END {trailer}\n                       rows, bytes and sha-256 of each table's data
//
// COPY's text format escapes backslashes, so no row is a line `\.`: the end of a table is never
// ambiguous. A file cut short lacks its END line (and gzip's own trailer); a damaged one fails
// gzip's CRC or a table's sha-256. Both are streamed: no table is ever held whole in memory.
import { createHash, type Hash } from 'node:crypto';
import { open, rename } from 'node:fs/promises';

export const MAGIC = 'ALEA-BACKUP';
export const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: 'alea-backup';
  formatVersion: number;
  /** package.json's version of the Alea that wrote it. */
  aleaVersion: string;
  /** When the file was started (the backup's process clock). */
  createdAt: string;
  /**
   * The moment of the data: every transaction committed before `requestedAt` is in the file,
   * none that began after `takenAt` is (the snapshot was taken between the two), and `xids` is
   * the snapshot itself (pg_current_snapshot()).
   */
  snapshot: { requestedAt: string; takenAt: string; xids: string; serverTime: string };
  /** version() of the server it was taken from. */
  server: string;
  /** The migrations applied to the database (prisma/migrations): its schema. */
  migrations: { name: string; checksum: string }[];
  /** Every table of the schema but Prisma's bookkeeping, in the order they are loaded. */
  tables: { name: string; columns: string[] }[];
  /** Sequences and the columns they fill; `value` as last returned (null: never used). */
  sequences: { name: string; table: string; column: string; value: string | null }[];
}

export interface TableStats {
  rows: number;
  bytes: number;
  sha256: string;
}

export interface BackupTrailer {
  tables: Record<string, TableStats>;
}

/** A file that is not a complete, intact Alea backup. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

const NEWLINE = 0x0a;
const END_OF_TABLE = Buffer.from('\\.\n');
const END_OF_TABLE_AFTER_ROW = Buffer.from('\n\\.\n');

/** Counts rows and hashes the bytes of one table's COPY data as it passes. */
export class TableTally {
  private readonly hash: Hash = createHash('sha256');
  rows = 0;
  bytes = 0;

  add(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) this.rows++;
  }

  stats(): TableStats {
    return { rows: this.rows, bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** The lines that frame a backup's content (the COPY data goes between them as it is). */
export const frame = {
  header: (manifest: BackupManifest): string => `${MAGIC} ${FORMAT_VERSION}\n${JSON.stringify(manifest)}\n`,
  table: (name: string): string => `TABLE ${name}\n`,
  endOfTable: '\\.\n',
  trailer: (trailer: BackupTrailer): string => `END ${JSON.stringify(trailer)}\n`,
};

/**
 * Reads a backup's decompressed content from a stream of chunks: the header, then each table's
 * data as a stream of its own, then the trailer. Every table's rows and sha-256 are checked
 * against the trailer by `finish()`.
 */
export class BackupReader {
  private buf: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private readonly seen = new Map<string, TableStats>();

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    const next = await this.chunks.next();
    if (next.done) return false;
    this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    return true;
  }

  /** The next line without its newline; null at the end of the content. */
  private async line(): Promise<string | null> {
    let from = 0;
    for (;;) {
      const i = this.buf.indexOf(NEWLINE, from);
      if (i !== -1) {
        const text = this.buf.subarray(0, i).toString('utf8');
        this.buf = this.buf.subarray(i + 1);
        return text;
      }
      from = this.buf.length;
      if (!(await this.more())) {
        if (this.buf.length) throw new BackupFileError('the file ends in the middle of a line: it is truncated');
        return null;
      }
    }
  }

  async header(): Promise<BackupManifest> {
    const magic = await this.line();
    if (magic !== `${MAGIC} ${FORMAT_VERSION}`) {
      if (magic?.startsWith(`${MAGIC} `)) throw new BackupFileError(`this backup is in format ${magic.slice(MAGIC.length + 1)}, which this version of Alea does not read (it reads ${FORMAT_VERSION})`);
      throw new BackupFileError('this is not an Alea backup (its content does not begin with ALEA-BACKUP)');
    }
    const json = await this.line();
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(json ?? '') as BackupManifest;
    } catch {
      throw new BackupFileError('the backup\'s manifest is damaged (not JSON)');
    }
    if (manifest.format !== 'alea-backup' || !Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations)) {
      throw new BackupFileError('the backup\'s manifest is damaged (fields missing)');
    }
    return manifest;
  }

  /** The name of the next table, or null when the trailer comes next. */
  async nextTable(): Promise<string | null> {
    const line = await this.line();
    if (line === null) throw new BackupFileError('the file ends before its last table: it is truncated');
    if (line.startsWith('TABLE ')) return line.slice(6);
    if (line.startsWith('END ')) {
      this.pendingTrailer = line.slice(4);
      return null;
    }
    throw new BackupFileError('the file is damaged: a table or its end was expected');
  }

  private pendingTrailer: string | undefined;

  /**
   * One table's COPY data, chunk by chunk, up to its `\.` line (consumed). The caller must read
   * it to the end before asking for the next table.
   */
  async *tableData(name: string): AsyncGenerator<Buffer> {
    const tally = new TableTally();
    let atLineStart = true; // whether buf[0] begins a line
    for (;;) {
      if (atLineStart && this.buf.length >= END_OF_TABLE.length && this.buf.subarray(0, END_OF_TABLE.length).equals(END_OF_TABLE)) {
        this.buf = this.buf.subarray(END_OF_TABLE.length);
        break;
      }
      const end = this.buf.indexOf(END_OF_TABLE_AFTER_ROW);
      if (end !== -1) {
        const rows = this.buf.subarray(0, end + 1);
        this.buf = this.buf.subarray(end + END_OF_TABLE_AFTER_ROW.length);
        tally.add(rows);
        yield rows;
        break;
      }
      // Keep the last bytes, which may be the start of the end line.
      const keep = Math.min(this.buf.length, END_OF_TABLE_AFTER_ROW.length - 1);
      if (this.buf.length > keep) {
        const rows = this.buf.subarray(0, this.buf.length - keep);
        this.buf = this.buf.subarray(this.buf.length - keep);
        atLineStart = rows[rows.length - 1] === NEWLINE;
        tally.add(rows);
        yield rows;
      }
      if (!(await this.more())) throw new BackupFileError(`the file ends inside table ${name}: it is truncated`);
    }
    this.seen.set(name, tally.stats());
  }

  /** Reads the trailer and checks every table against it, and that nothing follows it. */
  async finish(): Promise<BackupTrailer> {
    if (this.pendingTrailer === undefined) throw new BackupFileError('the file is damaged: its END line is missing');
    let trailer: BackupTrailer;
    try {
      trailer = JSON.parse(this.pendingTrailer) as BackupTrailer;
    } catch {
      throw new BackupFileError('the file is damaged: its END line is not JSON');
    }
    if (this.buf.length || (await this.more())) throw new BackupFileError('the file is damaged: something follows its END line');
    const names = new Set([...Object.keys(trailer.tables ?? {}), ...this.seen.keys()]);
    for (const name of names) {
      const want = trailer.tables?.[name];
      const got = this.seen.get(name);
      if (!want || !got) throw new BackupFileError(`the file is damaged: table ${name} is ${want ? 'missing' : 'not in its END line'}`);
      if (want.rows !== got.rows || want.bytes !== got.bytes || want.sha256 !== got.sha256) {
        throw new BackupFileError(`the file is damaged: the data of table ${name} does not match its checksum`);
      }
    }
    return trailer;
  }
}

/**
 * A backup is written beside its name (`partial`) and put in place only once complete and on
 * disk, so a file with the name is whole. Returns its size.
 */
export async function putInPlace(partial: string, file: string): Promise<number> {
  const handle = await open(partial, 'r+');
  let bytes: number;
  try {
    await handle.sync();
    bytes = (await handle.stat()).size;
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return bytes;
}
