import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describedLines } from '../../../src/cli/capture-client.js';

describe('shots capture --description: what the locator made of it', () => {
  it('says which element it cropped to', () => {
    expect(
      describedLines({
        finalUrl: 'https://example.com/',
        httpStatus: 200,
        aiSelectorUsed: '#subscribe',
        aiConfidence: 0.83,
        aiCandidates: [{ selector: '#subscribe', score: 0.83 }],
      }),
    ).toEqual([
      'description: cropped to #subscribe (confidence 0.83)',
      "  candidate #subscribe (fit 0.83): --element '#subscribe'",
    ]);
  });

  it('says the full page was saved, and how to capture each candidate instead', () => {
    const lines = describedLines({
      finalUrl: 'https://example.com/',
      httpStatus: 200,
      aiSelectorUsed: null,
      aiConfidence: 0.29,
      aiCandidates: [
        { selector: `img[alt="it's"]`, score: 0.29 },
        { selector: 'span.rain', score: 0.1 },
      ],
      aiError: 'the gateway timed out',
    });
    expect(lines.slice(0, 2)).toEqual([
      'description: not sure enough to crop (confidence 0.29, 0.60 crops): the full page was saved',
      '  the gateway timed out',
    ]);
    // The --element argument survives a POSIX shell as the very selector.
    const argument = lines[2]!.split('--element ')[1]!;
    expect(execFileSync('sh', ['-c', `printf %s ${argument}`]).toString()).toBe(`img[alt="it's"]`);
    expect(lines[3]).toBe("  candidate span.rain (fit 0.10): --element 'span.rain'");
  });
});
