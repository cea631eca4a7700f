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

/** A target of `parlor export <what>` a capability adds (`export training`), with its own options. */
export interface CliExport {
  readonly name: string;
  /** What `export --help` says it writes, after its name: `training (games as JSONL for fine-tuning or RL)`. */
  readonly summary: string;
  /** Adds its options to the export command (after the core ones). */
  options(exportCommand: Command): void;
  /** Writes the export from the command's flags (`db` the global one); returns the exit code. */
  run(flags: Record<string, unknown> & { db?: string }): number;
}

export interface CliCapability {
  readonly key: string;
  /** Adds the capability's own commands. */
  register?(program: Command, ctx: CliContext): void;
  readonly exports?: readonly CliExport[];
}
