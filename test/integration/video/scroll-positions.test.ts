import { describe, expect, it } from 'vitest';
import { frameCount, scrollPositions } from '../../../src/adapters/playwright/video/video-recorder.js';

// The scroll plan of a video: where each frame looks at the page.

function steps(positions: number[]): number[] {
  return positions.slice(1).map((y, i) => y - positions[i]!);
}

describe('scrollPositions', () => {
  it('goes from the top to the bottom with a new position every frame, slow at the ends', () => {
    const positions = scrollPositions(150, 7280);
    expect(positions).toHaveLength(150);
    expect(positions[0]).toBe(0);
    expect(positions.at(-1)).toBe(7280);
    const moves = steps(positions);
    expect(Math.min(...moves)).toBeGreaterThanOrEqual(1);
    expect(moves[0]).toBeLessThan(moves[74]!);
    expect(moves.at(-1)).toBeLessThan(moves[74]!);
    // Smooth: the step changes gradually (no frame moves much more than its neighbours).
    for (let i = 1; i < moves.length; i += 1)
      expect(Math.abs(moves[i]! - moves[i - 1]!)).toBeLessThanOrEqual(3);
  });

  it('moves one pixel a frame when there are just as many pixels as frames', () => {
    expect(scrollPositions(5, 4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('spreads a short scroll evenly over more frames than pixels', () => {
    const positions = scrollPositions(10, 3);
    expect(positions[0]).toBe(0);
    expect(positions.at(-1)).toBe(3);
    expect(Math.min(...steps(positions))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...steps(positions))).toBe(1);
  });

  it('holds a page without room to scroll at the top', () => {
    expect(scrollPositions(4, 0)).toEqual([0, 0, 0, 0]);
    expect(scrollPositions(3, -50)).toEqual([0, 0, 0]);
  });

  it('shows the top in a one-frame video', () => {
    expect(scrollPositions(1, 5000)).toEqual([0]);
  });
});

describe('frameCount', () => {
  it('is duration × fps to the nearest whole frame, at least one', () => {
    expect(frameCount({ durationSeconds: 30, fps: 30 })).toBe(900);
    expect(frameCount({ durationSeconds: 1, fps: 1 })).toBe(1);
    expect(frameCount({ durationSeconds: 1.5, fps: 3 })).toBe(5);
    expect(frameCount({ durationSeconds: 1.2, fps: 1 })).toBe(1);
  });
});
