// /api/User: login, registration of council accounts (administrators only), the current account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/schema.ts';
import { councilOf } from '../../plugins/auth.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { changePassword, createAccount, endSessions, login } from './service.ts';
import { loginSchema, logoutSchema, meSchema, passwordSchema, registerSchema } from './schema.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limiter = app.loginLimiter;

  app.post('/api/User/login', { schema: loginSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await login(app.db, limiter, request.ip, request.body.username, request.body.password);
    const token = app.signToken(user);
    const result = { userName: user.username, userId: user.id, token };
    // A district account's role in the envelope's result only; a council's answer is the spec's, exactly.
    const answer = user.districtId === null ? result : { ...result, role: 'district' as const };
    return { isSuccess: true, message: 'Login successful', result: answer, ...result };
  });

  // Ends the token on the server: every token of the account issued so far stops working.
  app.post('/api/User/logout', { schema: logoutSchema, preHandler: app.requireStaff }, async (request) => {
    await endSessions(app.db, councilOf(request).userId);
    return ok(null, 'Logged out');
  });

  app.post('/api/User/register', { schema: registerSchema, preHandler: app.requireAdmin }, async (request, reply) => {
    const { role, districtId, ...account } = request.body;
    if (role === 'district') {
      // A district account reads the totals of many councils: the portal's operator makes it.
      await app.requireOperator(request);
      if (!districtId) throw new Invalid('districtId', 'जिल्हा निवडा / is required for a district account');
      if (account.isAdmin) throw new Invalid('isAdmin', 'a district account cannot be an administrator');
      if (!(await app.db.district.findUnique({ where: { id: districtId }, select: { id: true } }))) throw new NotFound('No such district.');
    } else if (districtId !== undefined) throw new Invalid('districtId', 'is only for role district');
    const user = await createAccount(app.db, { ...account, districtId: role === 'district' ? districtId : null });
    reply.code(201);
    return ok({ userId: user.id, userName: user.username, email: user.email, isAdmin: user.isAdmin }, 'Registration successful');
  });

  app.put('/api/User/password', { schema: passwordSchema, preHandler: app.requireStaff }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user, revokedApiTokens } = await changePassword(app.db, limiter, request.ip, councilOf(request).userId, request.body);
    const message = revokedApiTokens
      ? `पासवर्ड बदलला; ${revokedApiTokens} API टोकन रद्द केले. / Password changed; ${revokedApiTokens} API tokens revoked.`
      : 'पासवर्ड बदलला. / Password changed.';
    return ok({ userId: user.id, userName: user.username, token: app.signToken(user), revokedApiTokens }, message);
  });

  app.get('/api/User/me', { schema: meSchema, preHandler: app.requireStaff }, async (request) => {
    const user = await app.db.user.findUnique({ where: { id: councilOf(request).userId } });
    if (!user) throw new NotFound('Account not found.');
    return ok({
      userId: user.id,
      userName: user.username,
      email: user.email,
      isAdmin: user.isAdmin,
      isOperator: app.isOperator(user),
      role: user.districtId === null ? 'council' : 'district',
      districtId: user.districtId,
    });
  });
};

export default userRoutes;
