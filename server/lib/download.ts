// The Content-Disposition header of a file download (certificates, registers, lists), in one place.

/** Direction marks and embedding, override and isolate controls, and C0/C1 control characters:
 *  a name with U+202E in it would show "fdp.exe" as "exe.pdf" in a browser's download bar. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `attachment` with the file name twice (RFC 6266): an ASCII one for old clients and the exact one
 *  (RFC 5987, UTF-8, so Marathi names survive) for the rest. `stem` is the name without extension;
 *  spaces become underscores, it is cut at 100 characters, and an empty one is "document". */
export function attachment(stem: string, extension = 'pdf'): string {
  const cleaned = stem.replace(/\s+/g, ' ').replace(HIDDEN, '').trim().replace(/ +/g, '_') || 'document';
  const name = [...cleaned].slice(0, 100).join('');
  const base = `${name}.${extension}`;
  const asciiStem = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\/;:*?<>|]/g, '_');
  // A name in Marathi only leaves nothing readable in ASCII.
  const ascii = `${/[A-Za-z0-9]/.test(asciiStem) ? asciiStem : 'document'}.${extension}`;
  const exact = encodeURIComponent(base.replace(/[/\\]/g, '_')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
