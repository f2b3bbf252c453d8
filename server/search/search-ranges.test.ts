// The range qualifiers' values: each value an interval of its precision,
// operators and `..` ranges as half-open bounds, and what is no value.
import { describe, expect, it } from 'vitest';
import { parseCountRange, parseDateRange } from './search-ranges.js';

const at = (iso: string) => new Date(iso);

describe('parseDateRange', () => {
  it('reads a date as its whole UTC day, and the operators around it', () => {
    expect(parseDateRange('2024-01-31')).toEqual({ from: at('2024-01-31T00:00:00Z'), to: at('2024-02-01T00:00:00Z') });
    expect(parseDateRange('>2024-01-31')).toEqual({ from: at('2024-02-01T00:00:00Z') });
    expect(parseDateRange('>=2024-01-31')).toEqual({ from: at('2024-01-31T00:00:00Z') });
    expect(parseDateRange('<2024-01-31')).toEqual({ to: at('2024-01-31T00:00:00Z') });
    expect(parseDateRange('<=2024-12-31')).toEqual({ to: at('2025-01-01T00:00:00Z') });
  });

  it('reads ranges with both days included, open ends with *', () => {
    expect(parseDateRange('2024-01-01..2024-01-31')).toEqual({
      from: at('2024-01-01T00:00:00Z'),
      to: at('2024-02-01T00:00:00Z'),
    });
    expect(parseDateRange('*..2024-01-31')).toEqual({ to: at('2024-02-01T00:00:00Z') });
    expect(parseDateRange('2024-01-01..*')).toEqual({ from: at('2024-01-01T00:00:00Z') });
    expect(parseDateRange('*..*')).toEqual({});
  });

  it('reads date-times to the second (or minute), in their zone, UTC without one', () => {
    expect(parseDateRange('2017-01-01T01:00:00+07:00')).toEqual({
      from: at('2016-12-31T18:00:00Z'),
      to: at('2016-12-31T18:00:01Z'),
    });
    expect(parseDateRange('>2016-03-21T14:11:00Z')).toEqual({ from: at('2016-03-21T14:11:01Z') });
    expect(parseDateRange('2016-03-21T14:11-0130')).toEqual({
      from: at('2016-03-21T15:41:00Z'),
      to: at('2016-03-21T15:42:00Z'),
    });
    expect(parseDateRange('0099-12-31')).toEqual({ from: at('0099-12-31T00:00:00Z'), to: at('0100-01-01T00:00:00Z') });
    expect(parseDateRange('2016-03-21T14:11:00..2016-04-07T20:45:00Z')).toEqual({
      from: at('2016-03-21T14:11:00Z'),
      to: at('2016-04-07T20:45:01Z'),
    });
  });

  it('is undefined for what is not a date', () => {
    for (const value of [
      'today',
      '2024-1-1',
      '2024-02-30',
      '2024-13-01',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:00+25:00',
      '>',
      '>=',
      '..',
      '2024-01-01..',
      '..2024-01-01',
      'x..2024-01-01',
      '2024-01-01...2024-02-01',
      '>>2024-01-01',
    ]) {
      expect(parseDateRange(value), value).toBeUndefined();
    }
  });
});

describe('parseCountRange', () => {
  it('reads counts, operators and ranges as half-open bounds', () => {
    expect(parseCountRange('5')).toEqual({ from: 5, to: 6 });
    expect(parseCountRange('>10')).toEqual({ from: 11 });
    expect(parseCountRange('>=10')).toEqual({ from: 10 });
    expect(parseCountRange('<10')).toEqual({ to: 10 });
    expect(parseCountRange('<=10')).toEqual({ to: 11 });
    expect(parseCountRange('5..10')).toEqual({ from: 5, to: 11 });
    expect(parseCountRange('*..10')).toEqual({ to: 11 });
    expect(parseCountRange('0..*')).toEqual({ from: 0 });
  });

  it('is undefined for what is not a count', () => {
    for (const value of ['-1', '1.5', 'ten', '1e3', '', '>', '1..', '9999999999'])
      expect(parseCountRange(value), value).toBeUndefined();
  });
});
