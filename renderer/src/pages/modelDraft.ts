/** The Models form as typed, its checks field by field, and the config it saves. Pure, for tests. */
import type { ModelProfile } from '../../../shared/api/contract';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/contract/models';

export interface Draft {
  id?: number;
  name: string;
  provider: 'openai' | 'anthropic';
  model: string;
  baseUrl: string;
  apiKeyEnv: string;
  apiKey: string;
  timeoutMs: string;
  maxAttempts: string;
  rpm: string;
  tpm: string;
  imageInput: 'many' | 'one' | 'none';
}

export type DraftField = Exclude<keyof Draft, 'id'>;

export const EMPTY_DRAFT: Draft = { name: '', provider: 'openai', model: '', baseUrl: '', apiKeyEnv: '', apiKey: '', timeoutMs: '60000', maxAttempts: '6', rpm: '', tpm: '', imageInput: 'many' };

export function draftOf(profile: ModelProfile): Draft {
  const c = profile.config;
  return {
    id: profile.id,
    name: profile.name,
    provider: c.provider === 'anthropic' ? 'anthropic' : 'openai',
    model: c.model,
    baseUrl: c.baseUrl ?? '',
    apiKeyEnv: c.apiKeyEnv ?? '',
    apiKey: '',
    timeoutMs: String(c.timeoutMs),
    maxAttempts: String(c.maxAttempts),
    rpm: c.rpm ? String(c.rpm) : '',
    tpm: c.tpm ? String(c.tpm) : '',
    imageInput: c.imageInput ?? 'many',
  };
}

// What each config field the schema may refuse needs, said for the form.
const NEEDS: Partial<Record<DraftField, string>> = {
  model: 'Type the model id, e.g. gpt-4o.',
  baseUrl: 'Must be an http(s) URL, e.g. http://127.0.0.1:8000/v1.',
  apiKeyEnv: 'Must be an environment variable name such as OPENAI_API_KEY.',
  timeoutMs: 'Must be a whole number of milliseconds, at most 600000.',
  maxAttempts: 'Must be a whole number from 1 to 20.',
  rpm: 'Must be a number above 0, or empty for no limit.',
  tpm: 'Must be a number above 0, or empty for no limit.',
};

function optionalNumber(text: string): number | undefined {
  return text.trim() ? Number(text) : undefined;
}

function parse(draft: Draft) {
  return ModelConfigSchema.safeParse({
    provider: draft.provider,
    model: draft.model,
    ...(draft.baseUrl.trim() ? { baseUrl: draft.baseUrl.trim() } : {}),
    ...(draft.apiKeyEnv.trim() ? { apiKeyEnv: draft.apiKeyEnv.trim() } : {}),
    timeoutMs: optionalNumber(draft.timeoutMs),
    maxAttempts: optionalNumber(draft.maxAttempts),
    rpm: optionalNumber(draft.rpm),
    tpm: optionalNumber(draft.tpm),
    // Absent means many: configs saved before this switch existed read the same.
    ...(draft.imageInput !== 'many' ? { imageInput: draft.imageInput } : {}),
  });
}

/** What is wrong with each field, in words; empty when the draft can be saved. */
export function draftProblems(draft: Draft): Partial<Record<DraftField, string>> {
  const problems: Partial<Record<DraftField, string>> = {};
  if (!draft.name.trim()) problems.name = 'Give the model a name, e.g. "GPT-4o" or "local vLLM".';
  else if (draft.name.trim().length > 100) problems.name = 'The name is longer than 100 characters.';
  const parsed = parse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as DraftField;
      const need = NEEDS[field];
      if (need) problems[field] = need;
    }
  }
  if (draft.apiKey.length > 1000) problems.apiKey = 'This is longer than any API key (1000 characters at most).';
  return problems;
}

/** The config to save, or null while a field has a problem. */
export function draftConfig(draft: Draft): ModelConfig | null {
  const parsed = parse(draft);
  return parsed.success && !Object.keys(draftProblems(draft)).length ? parsed.data : null;
}
