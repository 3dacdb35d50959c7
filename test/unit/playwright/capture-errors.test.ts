import { describe, expect, it } from 'vitest';
import { captureError, navigationError } from '../../../src/adapters/playwright/capture/capture-errors.js';
import { AppError } from '../../../src/domain/errors.js';

const failure = {
  url: 'https://example.test:8443/page',
  navigationTimeoutMs: 1500,
  failedUrls: [] as string[],
};

function playwrightError(message: string, name = 'Error'): Error {
  const err = new Error(message);
  err.name = name;
  return err;
}

describe('navigationError', () => {
  it('turns a timeout into the contract wording', () => {
    const err = navigationError(
      playwrightError('page.goto: Timeout 1500ms exceeded.', 'TimeoutError'),
      failure,
    );
    expect(err).toMatchObject({
      code: 'NAVIGATION_TIMEOUT',
      retryable: true,
      message: 'Navigation timeout of 1500 ms exceeded',
    });
  });

  it.each([
    [
      'net::ERR_NAME_NOT_RESOLVED',
      'The host example.test:8443 could not be resolved (DNS): check the URL',
      true,
    ],
    ['net::ERR_CONNECTION_REFUSED', 'example.test:8443 refused the connection: is the site up?', true],
    ['net::ERR_CONNECTION_RESET', 'example.test:8443 could not be reached (ERR_CONNECTION_RESET)', true],
    [
      'net::ERR_CERT_AUTHORITY_INVALID',
      'The TLS connection to example.test:8443 failed (ERR_CERT_AUTHORITY_INVALID)',
      false,
    ],
  ])('%s → TARGET_UNREACHABLE', (net, message, retryable) => {
    const err = navigationError(
      playwrightError(`page.goto: ${net} at https://example.test:8443/page`),
      failure,
    );
    expect(err.code).toBe('TARGET_UNREACHABLE');
    expect(err.message).toContain(message);
    expect(err.retryable).toBe(retryable);
  });

  it('prefers the egress verdict on any URL the navigation went to', () => {
    const err = navigationError(playwrightError('page.goto: net::ERR_TUNNEL_CONNECTION_FAILED'), {
      ...failure,
      failedUrls: ['http://169.254.169.254/latest/meta-data/'],
      blockReason: (url) => (url.includes('169.254.169.254') ? 'cloud metadata address' : null),
    });
    expect(err).toMatchObject({ code: 'TARGET_BLOCKED', retryable: false });
    expect(err.message).toBe('The capture was refused access to 169.254.169.254: cloud metadata address');
  });

  it('says a download is not a page, and does not retry it', () => {
    const err = navigationError(playwrightError('page.goto: Download is starting'), failure);
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: false });
  });

  it('keeps AppErrors and the original error as cause', () => {
    const own = new AppError('ELEMENT_NOT_FOUND', 'x');
    expect(navigationError(own, failure)).toBe(own);
    const raw = playwrightError('page.goto: net::ERR_EMPTY_RESPONSE');
    expect(navigationError(raw, failure).cause).toBe(raw);
  });
});

describe('captureError', () => {
  it('maps a vanished browser to a retryable CAPTURE_FAILED', () => {
    const err = captureError(
      playwrightError('page.screenshot: Target page, context or browser has been closed'),
    );
    expect(err).toMatchObject({ code: 'CAPTURE_FAILED', retryable: true });
    expect(err.message).toContain('browser closed during the capture');
  });

  it('maps other timeouts to CAPTURE_TIMEOUT and anything else to CAPTURE_FAILED', () => {
    expect(
      captureError(playwrightError('page.screenshot: Timeout 30000ms exceeded.', 'TimeoutError')).code,
    ).toBe('CAPTURE_TIMEOUT');
    expect(captureError(new Error('boom\nstack-ish detail'))).toMatchObject({
      code: 'CAPTURE_FAILED',
      message: 'The capture failed: boom',
    });
  });
});
