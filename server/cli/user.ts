// Adds or resets a council account from the command line, on the same database the portal uses
// (DATABASE_URL, or the embedded one in DATA_DIR — stop the portal first for the embedded one).
//   npm run user -- add NAME [--admin] [--email E] [--password P]
//   npm run user -- reset NAME [--password P] [--revoke-api-tokens | --keep-api-tokens]
//   npm run user -- list
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { createInterface } from 'node:readline/promises';
import { createAccount, randomPassword, setPassword, usernameKey } from '../modules/users/service.ts';
import { liveTokenCount, revokeAllTokens } from '../modules/apiTokens/service.ts';
import { recordAudit } from '../modules/audit/record.ts';

const [command, name, ...rest] = process.argv.slice(2);
const flag = (f: string) => rest.includes(f);
const value = (f: string) => {
  const i = rest.indexOf(f);
  return i >= 0 ? rest[i + 1] : undefined;
};

function usage(): never {
  console.error(
    'Usage:\n  npm run user -- add NAME [--admin] [--email E] [--password P]\n' +
      '  npm run user -- reset NAME [--password P] [--revoke-api-tokens | --keep-api-tokens]\n  npm run user -- list',
  );
  process.exit(2);
}
if (!command || (command !== 'list' && !name)) usage();

function fail(err: unknown): never {
  // One clear line (the database in use, a wrong setting), not a stack trace.
  console.error(`Error: ${(err as Error).message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let db: Awaited<ReturnType<typeof openDatabase>>;
try {
  config = loadConfig();
  db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (err) {
  fail(err);
}
let code = 0;
try {
  if (command === 'add') {
    const password = value('--password') ?? randomPassword();
    const user = await createAccount(db.prisma, { username: name, email: value('--email'), password, isAdmin: flag('--admin') });
    console.log(`Created account "${user.username}" (userId ${user.id}${user.isAdmin ? ', administrator' : ''}).`);
    if (!value('--password')) console.log(`Password: ${password}`);
  } else if (command === 'reset') {
    const password = value('--password') ?? randomPassword();
    const exists = await db.prisma.user.findUnique({ where: { usernameKey: usernameKey(name) ?? '' } });
    if (!exists) throw new Error(`No account named "${name}".`);
    await db.prisma.$transaction(async (tx) => {
      await setPassword(tx, name, password);
      // Done on the server's command line: the portal's own act, under the account's council.
      await recordAudit(tx, {
        councilId: exists.id,
        entity: 'User',
        entityId: exists.id,
        action: 'password',
        changes: { password: { old: null, new: '(reset)' } },
      });
    });
    console.log(`Password of "${name}" reset; its old sessions are logged out.`);
    if (!value('--password')) console.log(`New password: ${password}`);
    // API tokens are programs' keys, not sessions: a reset does not end them unless asked to (README).
    const live = await liveTokenCount(db.prisma, exists.id);
    if (live > 0) {
      let revoke = flag('--revoke-api-tokens');
      if (!revoke && !flag('--keep-api-tokens') && process.stdin.isTTY) {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        const answer = await rl.question(`This council has ${live} API token(s) in use; they keep working. Revoke them too? [y/N] `);
        rl.close();
        revoke = /^y(es)?$/i.test(answer.trim());
      }
      if (revoke) {
        const revoked = await db.prisma.$transaction(async (tx) => {
          const n = await revokeAllTokens(tx, exists.id);
          await recordAudit(tx, {
            councilId: exists.id,
            entity: 'ApiToken',
            action: 'delete',
            changes: { revokedApiTokens: { old: null, new: n } },
          });
          return n;
        });
        console.log(`Revoked ${revoked} API token(s).`);
      } else
        console.log(
          `${live} API token(s) of this council still work. To end them too, revoke them on the API tokens screen (/apiTokens), or give --revoke-api-tokens with the reset.`,
        );
    }
  } else if (command === 'list') {
    for (const u of await db.prisma.user.findMany({ orderBy: { id: 'asc' } }))
      console.log(`${u.id}\t${u.username}${u.isAdmin ? '\t(administrator)' : ''}`);
  } else usage();
} catch (err) {
  console.error(`Error: ${(err as Error).message}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
