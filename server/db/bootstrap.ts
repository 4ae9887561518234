// First start: when no account exists, create the administrator from ADMIN_USERNAME / ADMIN_PASSWORD
// (or a random password printed once).
import type { Config } from '../config.ts';
import type { Db } from './open.ts';
import { createAccount, randomPassword } from '../modules/users/service.ts';

export async function ensureFirstAccount(db: Db, config: Config, print: (msg: string) => void) {
  if ((await db.user.count()) > 0) return;
  const password = config.adminPassword ?? randomPassword();
  await createAccount(db, { username: config.adminUsername, password, isAdmin: true });
  if (config.adminPassword) print(`Created the first staff account "${config.adminUsername}" with the password from ADMIN_PASSWORD.`);
  else
    print(
      `\n  First staff account created.\n    username: ${config.adminUsername}\n    password: ${password}\n` +
        '  Write it down now: it is shown only this once. Change it with: npm run user -- reset ' + config.adminUsername + '\n',
    );
}
