/**
 * A capability's part of the CLI: the commands it adds to `parlor`. `main.ts` registers every one of
 * them without knowing any; a command sets the exit code through the context.
 */
import type { Command } from 'commander';

export interface CliContext {
  /** The `--db` the user gave (global option), read when the command runs. */
  dbOf(cmd: Command): string | undefined;
  /** The command's exit code (0 done, 1 a finding such as a failed check, 2 the user's mistake). */
  exit(code: number): void;
}

export interface CliCapability {
  readonly key: string;
  register(program: Command, ctx: CliContext): void;
}
