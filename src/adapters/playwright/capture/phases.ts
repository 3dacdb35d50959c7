/**
 * The phases of one capture, in the order they can happen. The capturer reports each as it starts
 * (`onPhase`), for metrics and for tests that must act in a given phase.
 */
export const CAPTURE_PHASES = [
  'context',
  'navigate',
  'prepare',
  'script',
  'click',
  'locate',
  'scroll',
  'settle',
  'element',
  'assets',
  'shoot',
  'pdf',
  'record',
] as const;

export type CapturePhase = (typeof CAPTURE_PHASES)[number];
