// Builds a multipart/form-data body by hand for app.inject: text fields and files, in the given order.
import crypto from 'node:crypto';

export interface FormPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
}

export function multipart(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----gp-test-${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined)
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    else head += '\r\nContent-Type: text/plain; charset=utf-8';
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
