/**
 * What a service throws when it will not do what it was asked: the kind of
 * refusal and words safe to show, never an HTTP status. One module
 * (server/http/errors.ts) turns each kind into its status and the JSON body
 * `{ message, errors?, code? }`, so a service can be called from a job or a
 * script as well as from a route.
 */

export type DomainErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'gone' | 'conflict' | 'unprocessable' | 'too_many_requests'

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Field messages, keyed by field (for `invalid`). */
    readonly errors?: Record<string, string>,
    /** A machine-readable reason beside the message, for answers a client acts on (`over_capacity`). */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The request is not acceptable as sent (a field, a past date). */
export class ValidationError extends DomainError {
  constructor(message: string, errors?: Record<string, string>) {
    super('invalid', message, errors)
  }
}

/** The signed-in member of staff may not do this (DESIGN.md section 9). */
export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do that.') {
    super('forbidden', message)
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('not_found', message)
  }
}

/** The request clashes with what is there now (a taken slot, a duplicate key), with a reason code where a client acts on it. */
export class ConflictError extends DomainError {
  constructor(message: string, code?: string) {
    super('conflict', message, undefined, code)
  }
}

/** Well formed but not something that can be done (a key reused for another booking, a template that cannot be filled in). */
export class UnprocessableError extends DomainError {
  constructor(message: string) {
    super('unprocessable', message)
  }
}

/** Over a limit on attempts; try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message)
  }
}
