// Strict parsing of scalar settings given as text (environment variables and flags).
import { UserError } from '../core/errors.js';

export function parseBoolean(name: string, value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UserError(`${name}: expected true or false, got "${value}"`);
}

export function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value.trim())) {
    throw new UserError(`${name}: expected an integer from ${min} to ${max}, got "${value}"`);
  }
  const parsed = Number(value);
  if (parsed < min || parsed > max) {
    throw new UserError(`${name}: expected an integer from ${min} to ${max}, got ${parsed}`);
  }
  return parsed;
}

export function parseNumber(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new UserError(`${name}: expected a number from ${min} to ${max}, got "${value}"`);
  }
  return parsed;
}
