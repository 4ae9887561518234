// POST /api/public/verify (issue 31): is a PDF the portal signed genuine? Multipart, field `file`.
import { api } from '../../lib/api.ts';

export interface VerifyResult {
  genuine: boolean;
  kind: string | null;
  registrationNumber: string | null;
  signedBy: string | null;
  signedAt: string | null;
  reason: string;
}

export async function verifyPdf(file: File): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file);
  return (await api<VerifyResult>('/api/public/verify', { method: 'POST', body: form, auth: false })).result;
}
