// The council's UPI settings (issue 30) set through the site profile, as the profile screen saves
// them; through any ApiCall (HTTP for the browser tests and the bench, injectCall for server tests).
// No vitest and no server code here.
import type { ApiCall } from './http-api.ts';

export const UPI_ID = 'gp.sonagaon@sbi';
export const UPI_PAYEE = 'Sonagaon Gram Panchayat';

/** Reads the council's profile and saves it back with this UPI id and payee name. */
export async function setUpi(call: ApiCall, upiId = UPI_ID, upiPayeeName = UPI_PAYEE) {
  const { createdByUserId: _id, updatedAt: _at, version: _v, ...body } = await call('GET', '/api/Site/profile/mine');
  return call('PUT', '/api/Site/profile', {
    ...body,
    officeName: body.officeName || 'ग्रामपंचायत कार्यालय सोनगाव',
    upiId,
    upiPayeeName,
  });
}
