// Counts take their plural form from Intl.PluralRules: 1 is singular, 0 and every other number plural.
import { describe, expect, it } from 'vitest';
import { counted, pluralWord } from '../../electron/shared/domain/plural';

describe('plural', () => {
  it('chooses the singular for exactly one and the plural otherwise', () => {
    expect(counted(1, 'row', 'rows')).toBe('1 row');
    expect(counted(0, 'row', 'rows')).toBe('0 rows');
    expect(counted(2, 'row', 'rows')).toBe('2 rows');
    expect(counted(1.5, 'credit', 'credits')).toBe('1.5 credits');
    expect(counted(12345, 'job', 'jobs')).toBe('12,345 jobs');
    expect(pluralWord(1, 'was', 'were')).toBe('was');
  });
});
