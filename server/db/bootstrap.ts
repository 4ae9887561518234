// First start: when no account exists, create the administrator from ADMIN_USERNAME / ADMIN_PASSWORD
// (or a random password printed once).
import type { Config } from '../config.ts';
import type { Db } from './open.ts';
import { checkPassword, checkUsername, createAccount, randomPassword } from '../modules/users/service.ts';

/** ADMIN_USERNAME and ADMIN_PASSWORD against the account rules, before the database is touched. */
export function checkFirstAccountSettings(config: Pick<Config, 'adminUsername' | 'adminPassword'>) {
  const rule = (check: () => void, what: string) => {
    try {
      check();
    } catch (err) {
      throw new Error(`${what} ${(err as Error).message}`, { cause: err });
    }
  };
  rule(() => checkUsername(config.adminUsername), `ADMIN_USERNAME "${config.adminUsername}" is refused:`);
  if (config.adminPassword !== undefined) rule(() => checkPassword(config.adminPassword!), 'ADMIN_PASSWORD is refused: it');
}

export async function ensureFirstAccount(db: Db, config: Config, print: (msg: string) => void) {
  if ((await db.user.count()) > 0) return;
  const password = config.adminPassword ?? randomPassword();
  await createAccount(db, { username: config.adminUsername, password, isAdmin: true });
  if (config.adminPassword) print(`Created the first staff account "${config.adminUsername}" with the password from ADMIN_PASSWORD.`);
  else
    print(
      `\n  First staff account created.\n    username: ${config.adminUsername}\n    password: ${password}\n` +
        '  Write it down now: it is shown only this once. Change it with: npm run user -- reset ' +
        config.adminUsername +
        '\n',
    );
}
