import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figureParts, formatFigure } from '../../../src/shared/format/figure';
import { PLATFORM_FIGURE_NAMES } from '../../../src/shared/api/platform-figures';
import { ROOT } from '../../server/helpers';

const shown = (figure: number | string, kind: 'money' | 'count', progress?: number) => formatFigure(figureParts(figure, kind), progress);

describe('a platform figure rounded to read at a glance', () => {
  it('writes a figure in Bengali with Bengali digits and lakh and crore as Bengali says them', () => {
    expect(formatFigure(figureParts('246689.00', 'money', 'bn'))).toBe('৳২.৪ লাখ+');
    expect(formatFigure(figureParts(123_000_000, 'count', 'bn'))).toBe('১২.৩ কোটি');
    expect(formatFigure(figureParts(59_689, 'money', 'bn'))).toBe('৳৫৯,৬০০+');
    expect(formatFigure(figureParts('246689.00', 'money', 'bn'), 0.5)).toBe('৳১.২ লাখ+');
  });

  it('writes small figures whole, and larger ones to three digits, in lakh or crore, never rounded up', () => {
    expect(shown(0, 'count')).toBe('0');
    expect(shown(4, 'count')).toBe('4');
    expect(shown(999, 'count')).toBe('999');
    expect(shown(1000, 'count')).toBe('1,000');
    expect(shown(1254, 'count')).toBe('1,250+');
    expect(shown(99_999, 'count')).toBe('99,900+');
    expect(shown('59689.00', 'money')).toBe('৳59,600+');
    expect(shown('1250.50', 'money')).toBe('৳1,250');
    expect(shown('246689.00', 'money')).toBe('৳2.4 lakh+');
    expect(shown('240000.00', 'money')).toBe('৳2.4 lakh');
    expect(shown(200_000, 'money')).toBe('৳2 lakh');
    expect(shown(1_249_999, 'money')).toBe('৳12.4 lakh+');
    expect(shown(12_345_678, 'money')).toBe('৳1.2 crore+');
    expect(shown(5_000_000_000, 'money')).toBe('৳500 crore');
  });

  it('counts up in the unit of the figure it ends on', () => {
    expect(shown('246689.00', 'money', 0)).toBe('৳0.0 lakh+');
    expect(shown('246689.00', 'money', 0.5)).toBe('৳1.2 lakh+');
    expect(shown(1254, 'count', 0.5)).toBe('625+');
    expect(shown(4, 'count', 0.99)).toBe('3');
  });

  it('offers staff exactly the figures the server keeps (the site content schema lists the same keys)', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'src/client/config/content.schema.json'), 'utf8'));
    const figure = schema.properties.home.properties.counters.items.properties.figure;
    expect(figure.oneOf.map((o: { const: string }) => o.const)).toEqual(PLATFORM_FIGURE_NAMES);
  });
});
