import { LAB_TABLE_PAGE_SIZES } from '../../../domain/shared/constants';
import { LAB_MAX_PAGE } from '../../../domain/lab/lab-api';

/**
 * The page and page size of a lab table URL, clamped: the size becomes the nearest allowed one
 * (50/100/200, spec 1 §2), the page a whole number from 1. Null when the URL is fine as it is.
 */
export function clampedPaging(search: URLSearchParams): URLSearchParams | null {
  const next = new URLSearchParams(search);
  const perPage = search.get('perPage');
  const page = search.get('page');
  if (perPage !== null && !(LAB_TABLE_PAGE_SIZES as readonly number[]).includes(Number(perPage))) {
    const n = Number(perPage);
    const nearest = Number.isFinite(n)
      ? LAB_TABLE_PAGE_SIZES.reduce((best, size) => (Math.abs(size - n) < Math.abs(best - n) ? size : best))
      : LAB_TABLE_PAGE_SIZES[0];
    next.set('perPage', String(nearest));
  }
  if (page !== null && !(Number.isInteger(Number(page)) && Number(page) >= 1 && Number(page) <= LAB_MAX_PAGE)) next.set('page', '1');
  return next.toString() === search.toString() ? null : next;
}
