import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDateTime } from '../../../src/shared/format/dates';

describe('dates', () => {
  it('writes a date as day, short month and year', () => {
    expect(formatDate('2026-11-23T05:39:43.000Z')).toBe('23 Nov 2026');
    expect(formatDate(new Date(Date.UTC(2026, 8, 3, 12)))).toBe('3 Sep 2026');
    expect(formatDate(Date.UTC(2027, 1, 23, 12))).toBe('23 Feb 2027');
  });

  it('writes a time as the date and a 24-hour clock in Dhaka time', () => {
    expect(formatDateTime('2026-11-23T11:39:43.000Z')).toBe('23 Nov 2026, 17:39');
    expect(formatDateTime('2026-11-22T18:00:00.000Z')).toBe('23 Nov 2026, 00:00');
  });

  it('gives the Dhaka day for a UTC instant late in the evening', () => {
    // 20:30 UTC on 31 December is 02:30 on 1 January in Dhaka (UTC+6).
    expect(formatDate('2026-12-31T20:30:00Z')).toBe('1 Jan 2027');
    expect(formatDateTime('2026-12-31T20:30:00Z')).toBe('1 Jan 2027, 02:30');
  });

  it('keeps a calendar date on its own day', () => {
    expect(formatDate('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDate('2025-05-18')).toBe('18 May 2025');
  });

  it('writes nothing for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('agrees with the time-zone database for Dhaka at any instant from 2010 on', () => {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const from = Date.UTC(2010, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 2000; i++) {
      const at = from + Math.floor(((to - from) * i) / 2000) + i * 7_919_000;
      const p = Object.fromEntries(zone.formatToParts(at).map((x) => [x.type, x.value]));
      expect(formatDateTime(at)).toBe(`${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`);
    }
  });

  it('writes Bengali dates with Bengali month names and digits, in Dhaka time', () => {
    expect(formatDate('2027-01-25', 'bn')).toBe('২৫ জানুয়ারি ২০২৭');
    expect(formatDate('2026-12-31T20:30:00Z', 'bn')).toBe('১ জানুয়ারি ২০২৭');
    expect(formatDateTime('2026-11-23T11:39:43.000Z', 'bn')).toBe('২৩ নভেম্বর ২০২৬, ১৭:৩৯');
    expect(formatDate(null, 'bn')).toBe('');
  });

  it('names every month as Node’s Intl does for bn-BD, and English never in capitals', () => {
    const bn = new Intl.DateTimeFormat('bn-BD', { month: 'long', timeZone: 'Asia/Dhaka' });
    const en = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
    for (let m = 0; m < 12; m++) {
      const at = new Date(Date.UTC(2027, m, 15, 12));
      expect(formatDate(at, 'bn').split(' ')[1]).toBe(bn.format(at));
      expect(formatDate(at)).toBe(en.format(at).replace('Sept', 'Sep'));
      expect(formatDate(at)).not.toMatch(/[A-Z]{2}/);
    }
  });

  it('reads back the instant an English date-time names, so another language can say it with the same formatter', () => {
    const at = new Date('2026-11-23T11:39:00Z');
    expect(parseDateTime(formatDateTime(at))).toEqual(at);
    expect(formatDateTime(parseDateTime('23 Nov 2026, 17:39')!, 'bn')).toBe('২৩ নভেম্বর ২০২৬, ১৭:৩৯');
    for (const bad of ['', '23 Foo 2026, 17:39', '23 Nov 2026']) expect(parseDateTime(bad)).toBeNull();
  });
});
