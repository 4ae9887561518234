// Uploaded images in S3-compatible storage (UPLOAD_S3_URL; Amazon S3, MinIO, Ceph…), for a portal of
// several processes that would rather not keep the images in its database (issue 32): whichever
// process took the upload, any serves it through the same /uploads/ route. The SDK
// (@aws-sdk/client-s3) is loaded with the first upload or image served, not at start (issue 8).
import type { S3Location } from '../../config.ts';
import type { UploadStore } from '../../lib/uploads.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

/** Not there: the answer to a read of a name the bucket does not hold. */
const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export function s3Uploads(where: S3Location): UploadStore & { close(): void } {
  let opened: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: where.region,
        endpoint: where.endpoint,
        forcePathStyle: where.forcePathStyle,
        // Checksums only where the operation needs one: not every S3-compatible server reads the
        // newer checksum headers the SDK sends by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const key = (name: string) => where.prefix + name;

  async function putObject(name: string, data: Buffer, onlyNew: boolean) {
    const { sdk, client } = await open();
    // IfNoneMatch: a name already taken is refused (412) by servers that support conditional writes;
    // the names are 128 random bits, so elsewhere a clash is not a practical worry.
    await client.send(
      new sdk.PutObjectCommand({ Bucket: where.bucket, Key: key(name), Body: data, ...(onlyNew ? { IfNoneMatch: '*' } : {}) }),
    );
  }

  async function remove(names: string[]) {
    if (!names.length) return;
    const { sdk, client } = await open();
    // One DeleteObject a name: a few at a time here, and every S3-compatible server has it.
    await Promise.all(names.map((name) => client.send(new sdk.DeleteObjectCommand({ Bucket: where.bucket, Key: key(name) }))));
  }

  return {
    async writeNew(files) {
      const written: string[] = [];
      try {
        for (const f of files) {
          await putObject(f.name, f.data, true);
          written.push(f.name);
        }
      } catch (err) {
        await remove(written).catch(() => {});
        throw err;
      }
    },
    // Named by its content: writing the same bytes again changes nothing.
    put: (name, data) => putObject(name, data, false),
    async read(name) {
      const { sdk, client } = await open();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: where.bucket, Key: key(name) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    remove,
    close() {
      void opened?.then(({ client }) => client.destroy());
    },
  };
}
