// An email's text and HTML bodies as the outbox keeps those a move enqueues (body_z, migration
// 20261126150000_outbox_compressed_body): raw DEFLATE of the JSON array [text, html]. Compressed
// together, since the HTML says what the text says: about half the bytes, written (and logged
// to the WAL) with every move that sends an email.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** The bodies, packed (as base64, for a JSON parameter that SQL decodes to bytea). */
export function packBody(text: string, html: string | null): string {
  return deflateRawSync(JSON.stringify([text, html])).toString('base64');
}

/** The bodies of a packed body_z. */
export function unpackBody(z: Uint8Array): { text: string; html: string | null } {
  const [text, html] = JSON.parse(inflateRawSync(z).toString('utf8')) as [string, string | null];
  return { text, html };
}

/** The text and HTML of an outbox row, whichever way it keeps them. */
export function bodiesOf(row: { textBody: string | null; htmlBody: string | null; bodyZ: Uint8Array | null }): { text: string; html: string | null } {
  return row.bodyZ ? unpackBody(row.bodyZ) : { text: row.textBody ?? '', html: row.htmlBody };
}
