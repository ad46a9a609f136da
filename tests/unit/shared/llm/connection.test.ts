import { describe, expect, it } from 'vitest';
import {
  callCost,
  checkConnection,
  CONNECTION_PRESETS,
  connectionFromPreset,
  type LlmConnection,
  MAX_CONCURRENCY,
  PAPER_SAMPLING,
  presetById,
  readBaseUrl,
  samplingFor,
} from '../../../../shared/llm';

function connection(overrides: Partial<LlmConnection> = {}): LlmConnection {
  return { ...connectionFromPreset(presetById('deepseek')!, { id: 'c1', model: 'deepseek-chat' }), ...overrides };
}

const messagesOf = (check: ReturnType<typeof checkConnection>) => check.problems.map((problem) => `${problem.field}: ${problem.message}`);

describe('connection presets', () => {
  it('point at each server’s OpenAI-compatible base URL', () => {
    expect(Object.fromEntries(CONNECTION_PRESETS.map((preset) => [preset.name, preset.baseURL]))).toEqual({
      OpenAI: 'https://api.openai.com/v1',
      DeepSeek: 'https://api.deepseek.com/v1',
      'DashScope (Qwen)': 'https://dashscope.aliyuncs.com/compatible-mode/v1',
      Ollama: 'http://127.0.0.1:11434/v1',
      vLLM: 'http://127.0.0.1:8000/v1',
      'LM Studio': 'http://127.0.0.1:1234/v1',
      'llama.cpp server': 'http://127.0.0.1:8080/v1',
    });
  });

  it('make connections that pass the check without warnings once a model is named', () => {
    for (const preset of CONNECTION_PRESETS) {
      const made = connectionFromPreset(preset, { id: `id-${preset.id}`, model: 'some-model' });
      expect(checkConnection(made), preset.id).toEqual({ problems: [], warnings: [] });
      expect(made).toMatchObject({ baseURL: preset.baseURL, keySet: false, extraHeaders: {}, name: `${preset.name} · some-model` });
      expect(readBaseUrl(made.baseURL)).toMatchObject({ ok: true, url: { loopback: !preset.needsKey } });
    }
    expect(checkConnection(connectionFromPreset(presetById('openai')!, { id: 'x', model: '' })).problems.map((problem) => problem.field)).toEqual(['model']);
  });

  it('never carry a key: the type has no field for one', () => {
    // @ts-expect-error the API key lives in main's secret store, never in a connection
    const withKey: LlmConnection = { ...connection(), apiKey: 'sk-secret' };
    expect(Object.keys(connection())).not.toContain('apiKey');
    expect(withKey.keySet).toBe(false);
  });
});

describe('readBaseUrl', () => {
  it('reads scheme, host, port and path, and knows loopback hosts', () => {
    expect(readBaseUrl('http://127.0.0.1:11434/v1')).toEqual({ ok: true, url: { scheme: 'http', host: '127.0.0.1', port: 11434, path: '/v1', loopback: true } });
    expect(readBaseUrl('HTTPS://Api.DeepSeek.com')).toEqual({ ok: true, url: { scheme: 'https', host: 'Api.DeepSeek.com', port: null, path: '', loopback: false } });
    expect(readBaseUrl('http://[::1]:8000/v1/')).toMatchObject({ ok: true, url: { host: '[::1]', port: 8000, path: '/v1/', loopback: true } });
    expect(readBaseUrl('http://localhost/v1')).toMatchObject({ ok: true, url: { loopback: true } });
    expect(readBaseUrl('http://192.168.1.20:8080/v1')).toMatchObject({ ok: true, url: { loopback: false } });
  });

  it.each([
    ['', 'the base URL is empty'],
    ['api.openai.com/v1', 'the base URL must start with http:// or https:// (for example https://api.openai.com/v1)'],
    ['ftp://example.com/v1', 'the base URL must start with http:// or https://'],
    ['https://api.openai.com /v1', 'the base URL must not hold spaces or control characters'],
    [' https://api.openai.com/v1', 'the base URL must not hold spaces or control characters'],
    ['https:///v1', 'the URL names no host'],
    ['https://example.com:0/v1', 'the port must be a number from 1 to 65535'],
    ['https://example.com:99999/v1', 'the port must be a number from 1 to 65535'],
    ['https://example.com:/v1', 'the port must be a number from 1 to 65535'],
    ['https://exa_mple.com/v1', 'the host name may hold only letters, digits, dots and hyphens (write an international name in its xn-- form)'],
    ['https://例子.com/v1', 'the host name may hold only letters, digits, dots and hyphens (write an international name in its xn-- form)'],
    ['http://300.1.1.1/v1', 'the host is not a valid IPv4 address'],
    ['https://example.com/v1?api-version=2024', 'the base URL must not hold a query (?…): the client adds the API paths after it'],
    ['https://example.com/v1#top', 'the base URL must not hold a fragment (#…)'],
    ['https://user:hunter2@example.com/v1', 'the base URL must not hold a user name or password; put the key in the API key field, where it is stored encrypted'],
  ])('refuses %j: %s', (url, problem) => {
    expect(readBaseUrl(url)).toEqual({ ok: false, problem });
  });
});

describe('checkConnection', () => {
  it('gives every problem at once, by field', () => {
    const check = checkConnection(connection({ id: ' ', name: '', baseURL: 'localhost:8000', model: '  ', price: { inputPerMillion: -1, outputPerMillion: Number.NaN }, concurrency: { start: 4, min: 8, max: 2 } }));
    expect(messagesOf(check)).toEqual([
      'id: the connection has no id',
      'name: give the connection a name',
      'baseURL: the base URL must start with http:// or https://',
      'model: name the model (as the endpoint lists it)',
      'price.inputPerMillion: the price per million input tokens must be a number of 0 or more (got -1)',
      'price.outputPerMillion: the price per million output tokens must be a number of 0 or more (got NaN)',
      'concurrency.min: the minimum concurrency (8) is above the maximum (2)',
    ]);
  });

  it('checks the concurrency limits', () => {
    expect(messagesOf(checkConnection(connection({ concurrency: { start: 9, min: 1, max: 8 } })))).toEqual(['concurrency.start: the starting concurrency (9) must lie between the minimum (1) and the maximum (8)']);
    expect(messagesOf(checkConnection(connection({ concurrency: { start: 0, min: 1.5, max: MAX_CONCURRENCY + 1 } })))).toEqual([
      'concurrency.start: concurrency start must be a whole number from 1 to 256 (got 0)',
      'concurrency.min: concurrency min must be a whole number from 1 to 256 (got 1.5)',
      'concurrency.max: concurrency max must be a whole number from 1 to 256 (got 257)',
    ]);
    expect(checkConnection(connection({ concurrency: { start: 1, min: 1, max: 1 } })).problems).toEqual([]);
  });

  it('accepts a zero price and refuses a model name with spaces at its ends', () => {
    expect(checkConnection(connection({ price: { inputPerMillion: 0, outputPerMillion: 0 } })).problems).toEqual([]);
    expect(messagesOf(checkConnection(connection({ model: ' deepseek-chat' })))).toEqual(['model: the model name must not start or end with spaces or hold control characters']);
  });

  it('checks sampling per job kind', () => {
    const check = checkConnection(connection({ sampling: { 'pre-annotation': { temperature: 2.5, top_p: 0, max_tokens: 10.5, seed: 1.5 }, judge: { temperature: 0, top_p: 1, max_tokens: 1 } } }));
    expect(messagesOf(check)).toEqual([
      'sampling.pre-annotation: temperature must be a number from 0 to 2 (got 2.5)',
      'sampling.pre-annotation: top_p must be above 0 and at most 1 (got 0)',
      'sampling.pre-annotation: max_tokens must be a whole number of at least 1 (got 10.5)',
      'sampling.pre-annotation: seed must be a whole number (got 1.5)',
    ]);
  });

  it('refuses headers that carry credentials, and never repeats a header value', () => {
    const secret = 'sk-live-0123456789abcdef';
    const check = checkConnection(
      connection({ organization: 'org-1', extraHeaders: { Authorization: `Bearer ${secret}`, 'X-API-Key': secret, 'OpenAI-Organization': secret, 'X-Trace': `a\r\nInjected: ${secret}`, 'bad name': secret, 'HTTP-Referer': 'https://maieutic.invalid' } }),
    );
    expect(messagesOf(check)).toEqual([
      'extraHeaders.Authorization: the header Authorization cannot be set here: it carries the API key: put the key in the API key field, where it is stored encrypted',
      'extraHeaders.X-API-Key: the header X-API-Key cannot be set here: it carries the API key: put the key in the API key field, where it is stored encrypted',
      'extraHeaders.OpenAI-Organization: the header OpenAI-Organization cannot be set here: use the organisation field',
      'extraHeaders.X-Trace: the value of header X-Trace must be text without line breaks or control characters',
      `extraHeaders: a header name may hold only letters, digits and !#$%&'*+.^_\`|~- ("bad name" does not)`,
    ]);
    expect(JSON.stringify(check)).not.toContain(secret);
  });

  it('warns about plain http to another machine and a base URL without a path', () => {
    expect(checkConnection(connection({ baseURL: 'http://gpu-box.lan:8000/v1' })).warnings.map((warning) => warning.message)).toEqual([
      'http:// to another machine sends the API key and the dialogues unencrypted; use https:// unless this is a trusted network',
    ]);
    expect(checkConnection(connection({ baseURL: 'https://api.deepseek.com/' })).warnings.map((warning) => warning.message)).toEqual(['the base URL has no path: most OpenAI-compatible servers serve the API under /v1']);
    expect(checkConnection(connection({ baseURL: 'http://127.0.0.1:8000/v1' })).warnings).toEqual([]);
  });

  it('refuses an organisation id with spaces or line breaks', () => {
    expect(checkConnection(connection({ organization: 'org 1\n' })).problems.map((problem) => problem.field)).toEqual(['organization']);
    expect(checkConnection(connection({ organization: '' })).problems.map((problem) => problem.field)).toEqual(['organization']);
  });
});

describe('sampling', () => {
  it('takes a model family of plain text and refuses a blank, padded or over-long one', () => {
    expect(checkConnection(connection({ family: 'deepseek' })).problems).toEqual([]);
    for (const family of ['', ' deepseek', 'deep\nseek', 'x'.repeat(41)]) expect(messagesOf(checkConnection(connection({ family }))), JSON.stringify(family)).toEqual([expect.stringMatching(/^family: the model family must be 1–40 characters/)]);
  });

  it('defaults to the SID paper’s settings', () => {
    expect(PAPER_SAMPLING['pre-annotation']).toEqual({ temperature: 0.8, top_p: 0.95, max_tokens: 5000 });
    expect(samplingFor(connection(), 'pre-annotation')).toEqual({ temperature: 0.8, top_p: 0.95, max_tokens: 5000 });
    expect(samplingFor(connection(), 'judge')).toEqual({ temperature: 0.1, top_p: 0.9, max_tokens: 1024 });
    expect(samplingFor(connection(), 'generation')).toEqual({});
  });

  it('takes the connection’s own parameters one by one', () => {
    const own = connection({ sampling: { 'pre-annotation': { temperature: 0.2, max_tokens: undefined, seed: 7 } } });
    expect(samplingFor(own, 'pre-annotation')).toEqual({ temperature: 0.2, top_p: 0.95, max_tokens: 5000, seed: 7 });
    expect(samplingFor(own, 'judge')).toEqual({ temperature: 0.1, top_p: 0.9, max_tokens: 1024 });
  });
});

describe('callCost', () => {
  it('prices input and output tokens per million, or says it cannot', () => {
    expect(callCost({ input: 2_000_000, output: 500_000 }, { inputPerMillion: 0.27, outputPerMillion: 1.1 })).toBeCloseTo(0.54 + 0.55, 12);
    expect(callCost({ input: 1, output: 1 }, undefined)).toBeNull();
  });
});
