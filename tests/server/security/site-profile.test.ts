// The public site profile (issue 13, item 14): a public GET never writes, and an unknown account
// answers like one that has not saved its profile.
import { describe, expect, it } from 'vitest';
import { useTestApp, createCouncil, injectAs } from '../../helpers/app.ts';

const t = useTestApp();

const publicProfile = (userId: number) => t.app.inject({ method: 'GET', url: `/api/Site/profile?userId=${userId}` });

describe('GET /api/Site/profile', () => {
  it('writes no row for an account that has not saved a profile', async () => {
    const c = await createCouncil(t.app);
    const res = await publicProfile(c.userId);
    expect(res.statusCode).toBe(200);
    // The same answer as a council that has entered nothing: every field about the village empty.
    expect(res.json().result.officeName).toBe('');
    expect(await t.app.db.siteProfile.count({ where: { createdByUserId: c.userId } })).toBe(0);
    const mine = await injectAs(t.app, c, { method: 'GET', url: '/api/Site/profile/mine' });
    expect(mine.statusCode).toBe(200);
    expect(await t.app.db.siteProfile.count({ where: { createdByUserId: c.userId } })).toBe(0);
  });

  it('answers an unknown account exactly like an account with the default profile', async () => {
    const c = await createCouncil(t.app);
    const known = await publicProfile(c.userId);
    const unknown = await publicProfile(2_000_000_000);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect({ ...unknown.json().result, createdByUserId: 0 }).toEqual({ ...known.json().result, createdByUserId: 0 });
    expect(await t.app.db.siteProfile.count({ where: { createdByUserId: 2_000_000_000 } })).toBe(0);
  });

  it('shows the saved profile once the office saves it', async () => {
    const c = await createCouncil(t.app);
    const {
      createdByUserId: _c,
      updatedAt: _u,
      ...body
    } = (await injectAs(t.app, c, { method: 'GET', url: '/api/Site/profile/mine' })).json().result;
    const saved = await injectAs(t.app, c, {
      method: 'PUT',
      url: '/api/Site/profile',
      payload: { ...body, officeName: 'ग्रामपंचायत कार्यालय वडगाव' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await publicProfile(c.userId)).json().result.officeName).toBe('ग्रामपंचायत कार्यालय वडगाव');
  });
});
