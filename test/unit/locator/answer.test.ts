import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../../src/adapters/ai-gateway/answer.js';
import type { ElementMap } from '../../../src/ports/element-locator.js';

const MAP: ElementMap = {
  url: 'http://a.test/',
  title: 'A',
  viewport: { width: 1280, height: 720 },
  documentHeight: 720,
  candidates: 1,
  elements: [
    {
      selector: '#buy',
      tag: 'button',
      role: 'button',
      level: null,
      name: 'Buy',
      text: 'Buy',
      attributes: { id: 'buy' },
      box: { x: 0, y: 0, width: 10, height: 10 },
      parent: null,
    },
  ],
};

describe('reading a model answer', () => {
  it.each([
    [
      'plain JSON',
      '{"selector":"#buy","confidence":0.9}',
      { selector: '#buy', confidence: 0.9, raw: '#buy' },
    ],
    [
      'untrimmed selector, kept raw as given',
      '{"selector":"  #buy \\n","confidence":1}',
      { selector: '#buy', confidence: 1, raw: '  #buy \n' },
    ],
    [
      '"none" as the selector',
      '{"selector":"none","confidence":0.1}',
      { selector: null, confidence: 0.1, raw: 'none' },
    ],
    ['a null selector', '{"selector":null,"confidence":0}', { selector: null, confidence: 0, raw: null }],
    [
      'a confidence above 1 and at most 100 read as a percentage',
      '{"selector":"#buy","confidence":72}',
      { selector: '#buy', confidence: 0.72 },
    ],
    [
      'a confidence above 100 capped',
      '{"selector":"#buy","confidence":250}',
      { selector: '#buy', confidence: 1 },
    ],
    [
      'braces inside strings',
      'Answer: {"selector":"a[title=\\"}\\"]","confidence":0.8} done',
      { selector: 'a[title="}"]', confidence: 0.8 },
    ],
    ['an index as a string', '{"index":"0","confidence":0.6}', { selector: '#buy', raw: '0' }],
    ['an index beyond the map', '{"index":7,"confidence":0.9}', { selector: null, raw: '7' }],
  ])('%s', (_name, content, expected) => {
    expect(readAnswer(content, MAP)).toMatchObject(expected);
  });

  it('reports a negative or missing confidence', () => {
    expect(readAnswer('{"selector":"#buy","confidence":-0.5}', MAP)).toMatchObject({
      confidence: 0,
      problem: 'the model gave no readable confidence',
    });
    expect(readAnswer('{"selector":"#buy","confidence":"high"}', MAP)).toMatchObject({
      confidence: 0,
      problem: 'the model gave no readable confidence',
    });
  });

  it('keeps at most 500 characters of an unreadable reply', () => {
    const answer = readAnswer('x'.repeat(2000), MAP);
    expect(answer.raw).toHaveLength(500);
    expect(answer.problem).toBe('the model did not answer with JSON');
  });

  it('reports an empty or missing reply', () => {
    expect(readAnswer(null, MAP)).toEqual({
      selector: null,
      confidence: 0,
      raw: null,
      problem: 'the model gave an empty answer',
    });
    expect(readAnswer('  ', MAP).problem).toBe('the model gave an empty answer');
  });
});
