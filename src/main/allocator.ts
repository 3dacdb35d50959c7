/** The memory allocator the process runs on, as `bin/shots` chose it. */
export type Allocator = 'jemalloc' | 'arena-max' | 'system';

/**
 * Reads which allocator `bin/shots` gave this process (jemalloc preloaded, or glibc with
 * MALLOC_ARENA_MAX=2) and takes its settings out of `env`, so that the processes this one starts —
 * Chromium (PartitionAlloc, its own allocator), ffmpeg — get the environment as it was before the
 * launcher. The dynamic loader read them when this process started; removing them changes nothing
 * here.
 */
export function takeAllocator(env: NodeJS.ProcessEnv): Allocator {
  const inUse = env.SHOTS_MALLOC_IN_USE;
  delete env.SHOTS_MALLOC_IN_USE;
  if (inUse === 'jemalloc') {
    const lib = env.SHOTS_MALLOC_LIB ?? '';
    delete env.SHOTS_MALLOC_LIB;
    const rest = (env.LD_PRELOAD ?? '').split(':').filter((entry) => entry !== '' && entry !== lib);
    if (rest.length > 0) env.LD_PRELOAD = rest.join(':');
    else delete env.LD_PRELOAD;
    return 'jemalloc';
  }
  if (inUse === 'arena-max') {
    delete env.MALLOC_ARENA_MAX;
    return 'arena-max';
  }
  return 'system';
}

/**
 * A warning when the service runs on the system's default allocator without having asked for it —
 * started as `node bin/shots.js` rather than through `bin/shots` — where its resident memory grows
 * over thousands of captures (freed memory stays fragmented in glibc's per-thread arenas); null
 * when the allocator was chosen (`SHOTS_MALLOC=system`, a `MALLOC_ARENA_MAX` or a jemalloc
 * `LD_PRELOAD` of one's own).
 */
export function allocatorWarning(allocator: Allocator, env: NodeJS.ProcessEnv): string | null {
  if (allocator !== 'system' || env.SHOTS_MALLOC === 'system') return null;
  if (env.MALLOC_ARENA_MAX || /jemalloc/.test(env.LD_PRELOAD ?? '')) return null;
  return 'running on the system allocator, whose memory grows over thousands of captures: start the service with bin/shots (it preloads jemalloc), or set SHOTS_MALLOC=system if this is meant';
}
