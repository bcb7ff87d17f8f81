/**
 * Code 128 (code set B) bar widths, drawn as rectangles in the label and manifest PDFs, so no raster or
 * barcode library is needed. Each symbol is 3 bars and 3 spaces, 11 modules wide; the stop symbol adds a final
 * 2-module bar (13 modules).
 */
export const CODE128_PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
] as const;

const START_B = 104;
const STOP = 106;

/** The symbol values of `text` in code set B: start, data, checksum, stop. Only printable ASCII (32-126). */
export function code128Values(text: string): number[] {
  const data = [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error('Code 128 B encodes printable ASCII only');
    return code - 32;
  });
  const checksum = data.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...data, checksum, STOP];
}

/** Bars of the symbol as [startModule, widthInModules] pairs, plus the total width in modules (without quiet zones). */
export function code128Bars(text: string): { bars: Array<[number, number]>; modules: number } {
  const bars: Array<[number, number]> = [];
  let x = 0;
  for (const value of code128Values(text)) {
    const widths = CODE128_PATTERNS[value];
    for (let i = 0; i < widths.length; i += 1) {
      const w = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, w]); // even positions are bars, odd ones spaces
      x += w;
    }
  }
  return { bars, modules: x };
}
