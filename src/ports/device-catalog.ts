import type { DevicePreset } from '../domain/capture-spec.js';

/** The device presets `device` may name (CONTRACT §4a), and `GET /devices`. */
export interface DeviceCatalog {
  /** Every preset, by name. */
  list(): readonly DevicePreset[];
  /** The preset of that exact name, or null. */
  get(name: string): DevicePreset | null;
}
