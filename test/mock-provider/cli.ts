/**
 * `npm run mock-provider -- --port 8787 --latency 0 [--api-key KEY] [--rpm N --tpm N] [--batch-after-ms N]`:
 * the mock provider as a process.
 */
import { parseArgs } from 'node:util';
import { startMockProvider } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    latency: { type: 'string', default: '0' },
    'api-key': { type: 'string' },
    rpm: { type: 'string' },
    tpm: { type: 'string' },
    'batch-after-ms': { type: 'string' },
  },
});
const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const provider = await startMockProvider({
  port: Number(values.port),
  latencyMs: Number(values.latency),
  apiKey: values['api-key'],
  limits: { rpm: number(values.rpm), tpm: number(values.tpm) },
  batches: { completeAfterMs: number(values['batch-after-ms']) },
});
console.log(`mock provider listening on ${provider.url}`);
console.log(`  OpenAI-compatible base URL: ${provider.openaiBaseUrl}`);
console.log(`  Anthropic base URL:         ${provider.anthropicBaseUrl}`);
console.log('  models: mock-guesser, mock-judge, mock-echo, mock-vision, mock-server-error, mock-malformed, mock-leaky, mock-html, mock-plaintext, mock-cut, mock-textjson, *-keyecho, mock-play:<game>:<role>');
if (values.rpm || values.tpm) console.log(`  limits per model: ${values.rpm ?? '∞'} requests, ${values.tpm ?? '∞'} tokens per minute (stats: GET ${provider.url}/mock/stats)`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
