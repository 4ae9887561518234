// Signed PDFs (issue 31): PAdES baseline B, a detached CMS signature (ETSI.CAdES.detached) over the
// byte range of the file. @signpdf/signpdf finds the placeholder, fills in the byte range and puts
// the signature in; the CMS is built here with node-forge's ASN.1 writer and signed with Node's own
// crypto (native RSA / ECDSA: a signature is about a millisecond, where forge's JavaScript RSA took
// tens). The key arrives as PEM with each job; its parsed form is kept per key id (council and key
// version) for the life of the process or PDF worker, so a key is parsed once.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type Forge from 'node-forge';
import type { Doc } from './core.ts';

/** A council's signing key as a PDF job carries it: plain data, cloned to the worker. */
export interface SigningKey {
  /** Council and key version ("12:3"): what the parsed key is kept under. */
  id: string;
  /** PKCS#8 PEM of the private key. */
  keyPem: string;
  /** The signing certificate, then the rest of its chain (PEM each). */
  chainPem: string[];
  /** Who signs, as the certificate names them (its common name). */
  signer: string;
}

/** What a signed document says about itself: who, when, why, and which record it shows. */
export interface SignatureRequest {
  key: SigningKey;
  at: Date;
  /** Shown in the viewer's signature panel. */
  reason: string;
  location?: string;
  /** The record the document prints: kind, id and its content fingerprint, read back by /verify. */
  record: SignedRecord;
}

export interface SignedRecord {
  kind: string;
  id: string;
  council: number;
  fingerprint: string;
}

// Loaded with the first signed document, as pdfkit is (core.ts): a restart need not pay for them.
const require = createRequire(import.meta.url);
let forge: typeof Forge | undefined;
/** node-forge, loaded on first use (the key module and the verify module read certificates with it too). */
export const loadForge = () => (forge ??= require('node-forge') as typeof Forge);
let signer: ((pdf: Buffer, key: SigningKey) => Promise<Buffer>) | undefined;
function loadSigner() {
  if (!signer) {
    const { SignPdf, Signer } = require('@signpdf/signpdf') as typeof import('@signpdf/signpdf');
    class CmsSigner extends Signer {
      constructor(private readonly key: SigningKey) {
        super();
      }
      override async sign(content: Buffer): Promise<Buffer> {
        return cmsSignature(this.key, content);
      }
    }
    const pdfs = new SignPdf();
    signer = (pdf, key) => pdfs.sign(pdf, new CmsSigner(key));
  }
  return signer;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/** The parsed form of a key: what each signature needs, made once. */
interface ParsedKey {
  privateKey: crypto.KeyObject;
  /** DER of each certificate of the chain, the signer's first. */
  certs: Buffer[];
  /** The signer's certificate's issuer and serial number (DER), as the SignerInfo names it. */
  issuerAndSerial: Forge.asn1.Asn1;
  signatureOid: string;
  /** The signing-certificate-v2 attribute's value (ESSCertIDv2 with the certificate's SHA-256). */
  essCertId: Forge.asn1.Asn1;
}

const parsed = new Map<string, ParsedKey>();

function parseKey(key: SigningKey): ParsedKey {
  let p = parsed.get(key.id);
  if (p) return p;
  const { asn1 } = loadForge();
  const privateKey = crypto.createPrivateKey(key.keyPem);
  const certs = key.chainPem.map((pem) => new crypto.X509Certificate(pem).raw);
  const signerCert = asn1.fromDer(certs[0].toString('binary'));
  const tbs = signerCert.value[0] as Forge.asn1.Asn1;
  const fields = tbs.value as Forge.asn1.Asn1[];
  // tbsCertificate: [0] version (when not v1), serialNumber, signature, issuer, …
  const at = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const seq = (...v: Forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, v);
  const octets = (b: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, b.toString('binary'));
  const certHash = crypto.createHash('sha256').update(certs[0]).digest();
  p = {
    privateKey,
    certs,
    issuerAndSerial: seq(fields[at + 2], fields[at]),
    signatureOid: privateKey.asymmetricKeyType === 'ec' ? OID.ecdsaWithSha256 : OID.rsaEncryption,
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default
    // hash (SHA-256) is SEQUENCE { certHash OCTET STRING }.
    essCertId: seq(seq(seq(octets(certHash)))),
  };
  if (parsed.size > 256) parsed.clear();
  parsed.set(key.id, p);
  return p;
}

/** The CMS SignedData (DER) of a detached signature over `content`. */
export function cmsSignature(key: SigningKey, content: Buffer): Buffer {
  const { asn1 } = loadForge();
  const k = parseKey(key);
  const U = asn1.Class.UNIVERSAL;
  const seq = (...v: Forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, v);
  const set = (...v: Forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SET, true, v);
  const oid = (o: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
  const int = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
  const octets = (b: Buffer) => asn1.create(U, asn1.Type.OCTETSTRING, false, b.toString('binary'));
  const nul = () => asn1.create(U, asn1.Type.NULL, false, '');
  const der = (a: Forge.asn1.Asn1) => Buffer.from(asn1.toDer(a).getBytes(), 'binary');
  const attribute = (type: string, value: Forge.asn1.Asn1) => seq(oid(type), set(value));

  const digest = crypto.createHash('sha256').update(content).digest();
  // DER orders a SET OF by its encodings: these three are in that order (their lengths grow).
  const signedAttrs = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    attribute(OID.signingCertificateV2, k.essCertId),
  ];
  // The signature is over the attributes encoded as a SET (RFC 5652, 5.4), not as the [0] they sit in.
  const signature = crypto.sign('sha256', der(set(...signedAttrs)), k.privateKey);
  const signerInfo = seq(
    int(1),
    k.issuerAndSerial,
    seq(oid(OID.sha256)),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttrs),
    k.signatureOid === OID.rsaEncryption ? seq(oid(OID.rsaEncryption), nul()) : seq(oid(OID.ecdsaWithSha256)),
    octets(signature),
  );
  const certificates = k.certs.map((c) => asn1.fromDer(c.toString('binary')));
  const signedData = seq(
    int(1),
    set(seq(oid(OID.sha256))),
    seq(oid(OID.data)),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
    set(signerInfo),
  );
  return der(seq(oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])));
}

/** Room for the CMS in the file: the chain's certificates, the signature and the attributes. */
const contentsLength = (key: SigningKey) => key.chainPem.reduce((n, pem) => n + pem.length, 0) + 1536;

/** The signature field of the document: a signature dictionary with a placeholder for the CMS and
 *  the byte range, an invisible widget on the last page, and the form that holds it. What the
 *  placeholder of @signpdf/placeholder-pdfkit writes (that package asks for pdfkit 0.11), plus the
 *  record the document shows (`GP_Record`, read back by /verify). Call before the document ends. */
export function addSignatureField(doc: Doc, s: SignatureRequest) {
  const byteRange = '**********';
  const r = s.record;
  const signature = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, byteRange, byteRange, byteRange],
    Contents: Buffer.alloc(contentsLength(s.key)),
    Reason: new String(s.reason),
    M: s.at,
    Name: new String(s.key.signer),
    ...(s.location ? { Location: new String(s.location) } : {}),
    // ASCII only, so it stays a plain literal string: the id (a property number may be Devanagari) is percent-encoded.
    GP_Record: new String(`${r.kind} ${encodeURIComponent(r.id)} ${r.council} ${r.fingerprint}`),
    Prop_Build: { App: { Name: 'GramPanchayatPortal' } },
  });
  const page = doc.page as unknown as { dictionary: PDFKit.PDFKitReference; annotations: PDFKit.PDFKitReference[] };
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: new String('Signature1'),
    F: 132, // print + locked
    P: page.dictionary,
  });
  page.annotations.push(widget);
  // pdfkit ends the form itself (its endAcroForm, which wants its own bookkeeping and a font table).
  const internals = doc as unknown as { _root: { data: Record<string, unknown> }; _acroform?: unknown };
  internals._acroform = { fonts: {}, defaultFont: 'regular' };
  internals._root.data.AcroForm = doc.ref({ SigFlags: 3, Fields: [widget], DR: { Font: {} } });
  // Written now: pdfkit writes an ended object into the file as it goes.
  for (const ref of [signature, widget]) (ref as unknown as { end(): void }).end();
}

/** Fills the placeholder of a document written with `addSignatureField`. */
export function signBytes(pdf: Buffer, key: SigningKey): Promise<Buffer> {
  return loadSigner()(pdf, key);
}
