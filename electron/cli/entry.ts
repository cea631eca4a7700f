/**
 * The CLI's first module: `parlor --version` answers from the manifest alone; anything else loads
 * the CLI (`main.ts`: every command, the games). Built, `main.ts` is a chunk of its own, so printing
 * the version reads no engine code.
 */
import { APP_VERSION } from '../engine/version';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) process.stdout.write(`${APP_VERSION}\n`);
else await import('./main');
