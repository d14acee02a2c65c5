// One error type for every transport (spec §8, DESIGN §6). REST renders Laravel's shapes,
// tRPC maps the status to its codes, page actions turn 422s into form errors.

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message?: string) {
    const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
    const more = Object.values(errors).flat().length - 1;
    super(422, message ?? (more > 0 ? `${first} (and ${more} more error${more > 1 ? "s" : ""})` : first), errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  /** zod issues keyed by their dotted path, first message per issue, Laravel style. */
  static fromZod(error: { issues: { path: PropertyKey[]; message: string }[] }): ValidationError {
    const errors: FieldErrors = {};
    for (const issue of error.issues) {
      const key = issue.path.map(String).join(".") || "_";
      (errors[key] ??= []).push(issue.message);
    }
    return new ValidationError(errors);
  }
}

export const unauthenticated = () => new AppError(401, "Unauthenticated.");
export const forbidden = () => new AppError(403, "This action is unauthorized.");
export const notFound = (what = "record") => new AppError(404, `The ${what} could not be found.`);
export const csrfMismatch = () => new AppError(419, "CSRF token mismatch.");
export const maintenance = () => new AppError(503, "Service Unavailable");
export const tooManyAttempts = (seconds: number) =>
  new AppError(429, `Too many login attempts. Please try again in ${seconds} seconds.`, undefined, {
    "Retry-After": String(seconds),
  });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
