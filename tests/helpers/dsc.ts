// A DSC-style PKCS#12 for the signing tests and the browser test: a certificate authority of the
// test's own (a root), and a signer's RSA certificate it issued (digital signature, non-repudiation),
// exported with the key and the CA's certificate as a .p12 under a password (AES-256, as current
// exports are). No vitest and no server code here.
import crypto from 'node:crypto';
import forge from 'node-forge';

const { pki, md, asn1, pkcs12 } = forge;

function rsaPair() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const key = pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { key, publicKey: pki.setRsaPublicKey(key.n, key.e) };
}

function certificate(
  subject: string,
  issuer: { name: string; key: forge.pki.rsa.PrivateKey },
  publicKey: forge.pki.PublicKey,
  ca: boolean,
  days: number,
) {
  const cert = pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000 * (days < 0 ? 400 : 1));
  cert.validity.notAfter = new Date(Date.now() + 86_400_000 * days);
  cert.setSubject([
    { name: 'commonName', value: subject },
    { name: 'countryName', value: 'IN' },
  ]);
  cert.setIssuer([
    { name: 'commonName', value: issuer.name },
    { name: 'countryName', value: 'IN' },
  ]);
  cert.setExtensions(
    ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
        ],
  );
  cert.sign(issuer.key, md.sha256.create());
  return cert;
}

export interface Dsc {
  p12: Buffer;
  password: string;
  signer: string;
  ca: string;
}

/** A signer's PKCS#12 issued by a CA of its own. `days` < 0 gives an expired certificate. */
export function makeDsc(signer: string, password: string, days = 730): Dsc {
  const caName = `Test Certifying Authority ${crypto.randomBytes(3).toString('hex')}`;
  const ca = rsaPair();
  const caCert = certificate(caName, { name: caName, key: ca.key }, ca.publicKey, true, 3650);
  const leaf = rsaPair();
  const leafCert = certificate(signer, { name: caName, key: ca.key }, leaf.publicKey, false, days);
  const der = asn1.toDer(pkcs12.toPkcs12Asn1(leaf.key, [leafCert, caCert], password, { algorithm: 'aes256' })).getBytes();
  return { p12: Buffer.from(der, 'binary'), password, signer, ca: caName };
}
