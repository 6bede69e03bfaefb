import { describe, expect, it } from 'vitest';
import {
  datePickerBounds,
  datePlaceholder,
  dateMaskOf,
  displayWireDate,
  formatMaskedDate,
  isTodayExpression,
  isoToParts,
  localeDateMask,
  maskDateInput,
  parseMaskedDate,
  parseWireDate,
  partsToIso,
  toWireDate,
} from './dates';

const XMAS = { year: 2024, month: 12, day: 25 };

describe('date masks', () => {
  it('reads each of MDY, DMY, YMD and YDM', () => {
    expect(parseMaskedDate('12/25/2024', 'MDY')).toEqual(XMAS);
    expect(parseMaskedDate('25/12/2024', 'DMY')).toEqual(XMAS);
    expect(parseMaskedDate('2024/12/25', 'YMD')).toEqual(XMAS);
    expect(parseMaskedDate('2024/25/12', 'YDM')).toEqual(XMAS);
    expect(parseMaskedDate('1-5-2024', 'MDY')).toEqual({ year: 2024, month: 1, day: 5 });
    expect(parseMaskedDate('05.01.2024', 'DMY')).toEqual({ year: 2024, month: 1, day: 5 });
  });
  it('refuses impossible dates and wrong shapes', () => {
    expect(parseMaskedDate('02/30/2024', 'MDY')).toBeNull();
    expect(parseMaskedDate('13/01/2024', 'MDY')).toBeNull();
    expect(parseMaskedDate('02/29/2023', 'MDY')).toBeNull();
    expect(parseMaskedDate('02/29/2024', 'MDY')).not.toBeNull();
    expect(parseMaskedDate('12/25/24', 'MDY')).toBeNull();
    expect(parseMaskedDate('25/12/2024', 'MDY')).toBeNull();
    expect(parseMaskedDate('yesterday', 'MDY')).toBeNull();
    expect(parseMaskedDate('', 'MDY')).toBeNull();
  });
  it('formats in the mask and sends MM/DD/YYYY', () => {
    expect(formatMaskedDate(XMAS, 'DMY')).toBe('25/12/2024');
    expect(formatMaskedDate(XMAS, 'YDM')).toBe('2024/25/12');
    expect(toWireDate({ year: 2024, month: 1, day: 5 })).toBe('01/05/2024');
    expect(datePlaceholder('YMD')).toBe('YYYY/MM/DD');
  });
  it('takes the field mask or the locale order', () => {
    expect(dateMaskOf('dmy', 'en-US')).toBe('DMY');
    expect(dateMaskOf('d', 'en-US')).toBe('MDY');
    expect(dateMaskOf('', 'en-GB')).toBe('DMY');
    expect(localeDateMask('fr')).toBe('DMY');
    expect(localeDateMask('de')).toBe('DMY');
  });
  it('accepts @today with an offset', () => {
    expect(isTodayExpression('@today')).toBe(true);
    expect(isTodayExpression('@TODAY - 30')).toBe(true);
    expect(isTodayExpression('@today+7')).toBe(true);
    expect(isTodayExpression('today')).toBe(false);
    expect(isTodayExpression('@today*2')).toBe(false);
  });
  it('reads the server dates and shows them in the mask', () => {
    expect(parseWireDate('12/25/2024')).toEqual(XMAS);
    expect(parseWireDate('1/5/2024 3:04:05 PM')).toEqual({ year: 2024, month: 1, day: 5 });
    expect(parseWireDate('2024-12-25')).toEqual(XMAS);
    expect(displayWireDate('12/25/2024', 'DMY')).toBe('25/12/2024');
    expect(displayWireDate('12/25/2024 10:00', 'YMD')).toBe('2024/12/25 10:00');
    expect(displayWireDate('soon', 'DMY')).toBe('soon');
  });
  it('puts separators into typed digits', () => {
    expect(maskDateInput('12', 'MDY')).toBe('12');
    expect(maskDateInput('122', 'MDY')).toBe('12/2');
    expect(maskDateInput('12252024', 'MDY')).toBe('12/25/2024');
    expect(maskDateInput('12/252', 'MDY')).toBe('12/25/2');
    expect(maskDateInput('2024122', 'YMD')).toBe('2024/12/2');
    expect(maskDateInput('1/5/2024', 'MDY')).toBe('1/5/2024');
    expect(maskDateInput('@today', 'MDY')).toBe('@today');
  });
  it('bounds the picker from 1900 to 100 years ahead', () => {
    expect(datePickerBounds(new Date(2025, 5, 1))).toEqual({ min: '1900-01-01', max: '2125-12-31' });
    expect(partsToIso(XMAS)).toBe('2024-12-25');
    expect(isoToParts('2024-12-25')).toEqual(XMAS);
    expect(isoToParts('2024-02-31')).toBeNull();
  });
});
