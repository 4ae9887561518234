// A refusal the operator can act on: one line saying what is wrong with the file or the target and
// what to do. A 400 (AppError) too, so a route that restores or checks an uploaded file answers it as is.
import { AppError } from '../../lib/errors.ts';

export class BackupRefused extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
