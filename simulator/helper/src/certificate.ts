// The helper's self-signed certificate for https on 9443: made on first start and kept in the data
// folder, so a browser exception granted once keeps working across restarts.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface Certificate {
  key: string;
  cert: string;
}

const VALID_DAYS = 825;

export async function loadOrCreateCertificate(dir: string, now: Date): Promise<Certificate> {
  const keyFile = join(dir, 'helper-key.pem');
  const certFile = join(dir, 'helper-cert.pem');
  try {
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  } catch {
    // first start: make one below
  }
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + VALID_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(dir, { recursive: true });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert);
  return { key: pems.private, cert: pems.cert };
}
