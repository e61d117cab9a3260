import { openAIAuthHeaders, parseOpenAIResponse } from '../../src/providers/openai.js';
import { endpoint, normalizeBaseUrl } from '../../src/providers/shape.js';

describe('OpenAI wire details', () => {
  test('Azure OpenAI hosts get the key in api-key, others as a bearer token, none without a key', () => {
    expect(openAIAuthHeaders(new URL('https://res.openai.azure.com/openai/v1'), 'k')).toEqual({
      'api-key': 'k',
    });
    expect(openAIAuthHeaders(new URL('https://llm.example.test/inference'), 'k')).toEqual({
      authorization: 'Bearer k',
    });
    expect(openAIAuthHeaders(new URL('http://127.0.0.1:11434/v1'), undefined)).toEqual({});
  });

  test('the endpoint keeps a query (Azure api-version) and drops trailing slashes', () => {
    const base = normalizeBaseUrl('https://res.openai.azure.com/openai/v1/?api-version=preview');
    expect(endpoint(base, '/chat/completions').href).toBe(
      'https://res.openai.azure.com/openai/v1/chat/completions?api-version=preview',
    );
  });

  test('content parts, object arguments, missing ids and non-function calls are tolerated', () => {
    const parsed = parseOpenAIResponse({
      choices: [
        {
          finish_reason: 'tool_calls',
          message: {
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
            tool_calls: [
              { type: 'function', function: { name: 'read_file', arguments: { path: 'p' } } },
              { type: 'custom', custom: { name: 'x' } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 1 },
    });
    expect(parsed.text).toBe('ab');
    expect(parsed.toolCalls).toEqual([
      { id: 'call_0', name: 'read_file', arguments: { path: 'p' }, rawArguments: '{"path":"p"}' },
    ]);
    expect(parsed.usage).toEqual({ inputTokens: 1, outputTokens: 0 });
    expect(parsed.usageMissing).toBe(true);
  });
});
