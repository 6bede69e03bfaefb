// Parsing the environment once, at an entry point: a bad value stops the program at once with one
// line per variable naming it, what it got and the form it takes, before anything is seeded,
// opened or listened on.
import { configSchema, VARIABLES, type SimConfig, type VariableName } from './variables';

export type Env = Readonly<Record<string, string | undefined>>;

/** `NAME must be FORM (got "RAW")`: the one way a bad variable is reported. */
export const configMessage = (name: string, form: string, raw: string | undefined): string =>
  `${name} must be ${form} (got ${JSON.stringify(raw ?? '')})`;

export class ConfigError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** The typed configuration of `env`; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Env): SimConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const names = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
  throw new ConfigError(
    names.map((name) => configMessage(name, VARIABLES[name as VariableName].form.form, env[name])),
  );
}

/**
 * What an entry point calls first: the configuration, or the message on stderr and exit code 2
 * (a bad value is the caller's mistake: nothing has been started yet).
 */
export function loadConfig(env: Env): SimConfig {
  try {
    return parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** For a check an entry point makes across variables (SCENARIO against TRAINER_PASSWORD): same message, same exit. */
export function exitWithConfigError(name: string, form: string, raw: string | undefined): never {
  console.error(configMessage(name, form, raw));
  process.exit(2);
}
