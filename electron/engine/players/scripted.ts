import { ProviderError } from './errors';
import { answerLocally } from './local';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/** What a script answers for one request: text, or an error to raise as the provider would. */
export type ScriptReply = string | ProviderError;
export type Script = (request: ChatRequest, callIndex: number) => ScriptReply;

/** A deterministic player for tests and replays; records its attempts exactly like a real provider. */
export class ScriptedModel implements ChatModel {
  private calls = 0;
  readonly requests: ChatRequest[] = [];

  constructor(
    readonly label: string,
    private readonly script: Script,
  ) {}

  /** Replies with the given lines in order, failing loudly when the script runs out. */
  static fromLines(label: string, lines: readonly string[]): ScriptedModel {
    return new ScriptedModel(label, (_request, i) => {
      const line = lines[i];
      if (line === undefined) return new ProviderError('internal', `script "${label}" has only ${lines.length} replies`);
      return line;
    });
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    const index = this.calls++;
    this.requests.push(structuredClone(request));
    return answerLocally({ script: this.label, ...request }, options, () => this.script(request, index));
  }
}
