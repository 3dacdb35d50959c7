/** The URL a `fetch` call asks for. */
export function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The global `fetch`, noting each requested URL in `seen` first (to count requests, or check them). */
export function recordingFetch(seen: string[]): typeof fetch {
  return (input, init) => {
    seen.push(urlOf(input));
    return fetch(input, init);
  };
}
