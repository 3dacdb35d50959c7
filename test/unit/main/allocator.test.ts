import { describe, expect, it } from 'vitest';
import { allocatorWarning, takeAllocator } from '../../../src/main/allocator.js';

describe('the allocator bin/shots chose', () => {
  it('is read from the launcher and taken out of the environment Chromium will get', () => {
    const env: NodeJS.ProcessEnv = {
      SHOTS_MALLOC_IN_USE: 'jemalloc',
      SHOTS_MALLOC_LIB: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
      LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2:/opt/own.so',
    };
    expect(takeAllocator(env)).toBe('jemalloc');
    expect(env).toEqual({ LD_PRELOAD: '/opt/own.so' });
    const arenas: NodeJS.ProcessEnv = { SHOTS_MALLOC_IN_USE: 'arena-max', MALLOC_ARENA_MAX: '2' };
    expect(takeAllocator(arenas)).toBe('arena-max');
    expect(arenas).toEqual({});
  });

  it('warns when the service was started without the launcher (node bin/shots.js)', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(takeAllocator(env)).toBe('system');
    expect(allocatorWarning('system', env)).toMatch(/start the service with bin\/shots/);
  });

  it('says nothing when the allocator was chosen', () => {
    expect(allocatorWarning('jemalloc', {})).toBeNull();
    expect(allocatorWarning('arena-max', {})).toBeNull();
    expect(allocatorWarning('system', { SHOTS_MALLOC: 'system' })).toBeNull();
    expect(allocatorWarning('system', { MALLOC_ARENA_MAX: '4' })).toBeNull();
    expect(allocatorWarning('system', { LD_PRELOAD: '/usr/local/lib/libjemalloc.so' })).toBeNull();
  });
});
