import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clientSnippet, curlLine } from '../../../src/playground/preview.js';

describe('the request preview', () => {
  it('writes a curl line whose body survives the shell, quotes included, and no key', () => {
    const body = { url: "https://example.com/it's", css: 'body::after { content: "$HOME `x`" }' };
    const line = curlLine('https://shots.example.com', body);
    expect(line).toContain('Bearer $SHOTS_API_KEY');
    // Run the line with `curl` replaced by a function that prints its -d argument.
    const printed = execFileSync(
      'bash',
      ['-c', `curl() { while [ "$1" != -d ]; do shift; done; printf %s "$2"; }\n${line}`],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { PATH: process.env.PATH ?? '', SHOTS_API_KEY: 'k' },
      },
    );
    expect(JSON.parse(printed)).toEqual(body);
  });

  it('writes the same capture through the client', () => {
    const code = clientSnippet('https://shots.example.com', { url: 'https://example.com' });
    expect(code).toContain("import { Shots } from 'screenshot-service/client';");
    expect(code).toContain('baseUrl: "https://shots.example.com"');
    expect(code).toContain('"url": "https://example.com"');
  });
});
