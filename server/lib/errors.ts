// Typed errors the services throw; the envelope plugin turns each into a status and a message.
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public field?: string,
  ) {
    super(message);
  }
}
/** 400: the request is well-formed but a value is wrong. `field` names it for the clerk. */
export class Invalid extends AppError {
  constructor(field: string, message: string) {
    super(400, message, field);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please log in again.') {
    super(401, message);
  }
}
/** 403: this login or token may not do this (an administrator's action, an API token's scope). Never
 *  for a record of another council: that is 404, as if it did not exist (plugins/auth.ts, ownCouncil). */
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooMany extends AppError {
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
/** 503: the server is at its limit for this kind of work right now; the client may retry soon. */
export class Busy extends AppError {
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}
