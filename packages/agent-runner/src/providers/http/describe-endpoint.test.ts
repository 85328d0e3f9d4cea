import { describe, expect, it } from 'vitest';
import { describeEndpoint } from './describe-endpoint.js';

describe('describeEndpoint', () => {
  it('leaves out the user name, the password and the query', () => {
    expect(describeEndpoint('https://bot:hunter2@gw.example.com:8443/v1/chat/completions?key=sekrit')).toBe('https://gw.example.com:8443/v1/chat/completions?…');
  });

  it('shows a URL without credentials as it is', () => {
    expect(describeEndpoint('http://127.0.0.1:11434/v1/chat/completions')).toBe('http://127.0.0.1:11434/v1/chat/completions');
  });
});
