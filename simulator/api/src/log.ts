// The simulator's warnings: an error caught where it is not the request's answer (a sweep, a
// background step, an optional read) is written here once, with what was being done, to stderr
// (decision 060). An error that is the request's answer goes to http/errors.ts instead.
const describe = (error: unknown): string =>
  error instanceof Error ? error.message : error === undefined ? '' : String(error);

export const log = {
  /** `context: message` on stderr, e.g. log.warn('Upload cache sweep', error) */
  warn(context: string, error?: unknown): void {
    const why = describe(error);
    console.warn(why ? `${context}: ${why}` : context);
  },
};
