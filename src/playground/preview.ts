/** A string as one shell word in single quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `curl` line that sends `body` to `baseUrl`. The key is the `$SHOTS_API_KEY` variable, never
 * its value: the line may be copied, pasted and shared.
 */
export function curlLine(baseUrl: string, body: Record<string, unknown>): string {
  return [
    `curl -X POST ${shellQuote(`${baseUrl}/screenshots/web`)}`,
    `  -H "Authorization: Bearer $SHOTS_API_KEY"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}

/** The same capture through the typed client. */
export function clientSnippet(baseUrl: string, body: Record<string, unknown>): string {
  const options = JSON.stringify(body, null, 2);
  return [
    `import { Shots } from 'screenshot-service/client';`,
    ``,
    `const shots = new Shots({ baseUrl: ${JSON.stringify(baseUrl)}, apiKey: process.env.SHOTS_API_KEY! });`,
    `const { bytes, contentType } = await shots.capture(${options});`,
  ].join('\n');
}

export interface PreviewTargets {
  json: HTMLElement;
  curl: HTMLElement;
  code: HTMLElement;
}

/** Writes the request's JSON, `curl` line and client call into their `<pre>`s. */
export function renderPreview(targets: PreviewTargets, baseUrl: string, body: Record<string, unknown>): void {
  targets.json.textContent = JSON.stringify(body, null, 2);
  targets.curl.textContent = curlLine(baseUrl, body);
  targets.code.textContent = clientSnippet(baseUrl, body);
}
